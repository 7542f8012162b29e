import { presentJob, type JobDocument } from '../../../shared/jobs/job-document';
import type { SearchFacets, JobSearchResult } from '../../../shared/schemas/job-search';
import { paginate } from '../../../shared/schemas/common';
import type { Paging } from '../search/params';

/** A page of jobs with its pagination (spec 4.1) and facets (DESIGN.md 4): the browse and search response. */
export function presentJobPage(docs: readonly JobDocument[], total: number, paging: Paging, facets: SearchFacets, now = new Date()): JobSearchResult {
  return { jobs: docs.map((doc) => presentJob(doc, now)), pagination: paginate(total, paging.page, paging.limit), facets };
}
