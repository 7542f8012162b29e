import { presentJob, type JobDocument } from '../../../shared/jobs/job-document';
import type { JobList, SearchFacets, JobSearchResult } from '../../../shared/schemas/job-search';
import { paginate } from '../../../shared/schemas/common';
import type { Paging } from '../search/params';

/** A page of jobs with its pagination (spec 4.1): the browse response. */
export function presentJobList(docs: readonly JobDocument[], total: number, paging: Paging, now = new Date()): JobList {
  return { jobs: docs.map((doc) => presentJob(doc, now)), pagination: paginate(total, paging.page, paging.limit) };
}

/** A page of jobs with its pagination and facets: the search response (DESIGN.md 4). */
export function presentSearchResult(docs: readonly JobDocument[], total: number, paging: Paging, facets: SearchFacets, now = new Date()): JobSearchResult {
  return { ...presentJobList(docs, total, paging, now), facets };
}
