import { presentJob } from '../../../shared/jobs/job-document';
import { paginate } from '../../../shared/schemas/common';
import type { Job, JobField } from '../../../shared/schemas/job';
import {
  MAX_RESULT_WINDOW,
  type JobInPage,
  type JobPagination,
  type JobSearchResult,
  type SearchFacets,
} from '../../../shared/schemas/job-search';
import { encodeCursor } from '../search/params/cursor';
import type { Paging } from '../search/params/params';
import type { SimilarJobsResult } from '../../../shared/schemas/similar-jobs';
import type { JobHit, JobHits } from '../search/run/run-job-search';
import type { SearchOutcome } from '../search/run/search-jobs';
import { snippetOf } from '../search/query/snippet';
import { calendarNow } from '../../../shared/runtime/calendar';

/** The Job with only the chosen fields (all of them when none were chosen). */
function pickFields(job: Job, fields: readonly JobField[] | undefined): JobInPage {
  if (!fields) return job;
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (job[field] !== undefined) picked[field] = job[field];
  return picked as JobInPage;
}

/** One job of the page: its chosen fields and, when asked for, the snippet of its description. */
function presentHit(hit: JobHit, shape: { fields?: readonly JobField[]; snippet?: number }, now: Date): JobInPage {
  const job = pickFields(presentJob(hit.doc, now), shape.fields);
  const snippet = shape.snippet === undefined ? undefined : snippetOf(hit.highlight, shape.snippet);
  return snippet === undefined ? job : { ...job, snippet };
}

/**
 * Spec 2.4's pagination with the total as far as it was counted (DESIGN.md 4) and, when a next
 * page exists, the cursor that reaches it. A cursor page asked for one hit more than it shows;
 * a numbered page knows from the total (a "gte" total means more than the window holds).
 */
function paginateCapped(result: JobHits, paging: Paging, shown: number): JobPagination {
  const totalItems = Math.min(result.total.value, MAX_RESULT_WINDOW);
  const hasNext = paging.after
    ? result.hits.length > paging.limit
    : result.total.relation === 'gte' || paging.offset + shown < result.total.value;
  const last = shown > 0 ? result.hits[shown - 1] : undefined;
  const nextOffset = paging.offset + shown;
  // A ranked search continues by offset inside the window (the order of its numbered pages).
  const byOffset = paging.scope.offsetsBelow !== undefined && nextOffset < paging.scope.offsetsBelow;
  return {
    ...paginate(totalItems, Math.floor(paging.offset / paging.limit) + 1, paging.limit),
    total_relation: result.total.relation,
    ...(hasNext && last
      ? { next_cursor: encodeCursor(paging.scope, byOffset ? { offset: nextOffset } : { after: last.sort, offset: nextOffset }) }
      : {}),
  };
}

/** A page of jobs with its pagination (spec 4.1, DESIGN.md 4) and the facets asked for: the browse and search response. */
export function presentJobPage(
  result: SearchOutcome,
  shape: { paging: Paging; fields?: readonly JobField[]; snippet?: number },
  facets: SearchFacets | undefined,
  now = calendarNow(),
): JobSearchResult {
  const hits = result.hits.slice(0, shape.paging.limit);
  return {
    jobs: hits.map((hit) => presentHit(hit, shape, now)),
    pagination: paginateCapped(result, shape.paging, hits.length),
    ...(facets ? { facets } : {}),
    ...(result.place ? { place: result.place } : {}),
    ...(result.spelling ? { spelling: result.spelling } : {}),
    ...(result.meaning_fill ? { meaning_fill: result.meaning_fill } : {}),
    ...(result.described ? { described: result.described } : {}),
  };
}

/** The similar jobs of a job, nearest first, each shown as a page shows it. */
export function presentSimilarJobs(
  hits: readonly JobHit[],
  shape: { fields?: readonly JobField[]; snippet?: number },
  now = calendarNow(),
): SimilarJobsResult {
  return { jobs: hits.map((hit) => presentHit(hit, shape, now)) };
}
