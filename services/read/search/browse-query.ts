import type { estypes } from '@elastic/elasticsearch';
import { ACTIVE_JOBS, filterClauses } from './filters';
import type { BrowseParams } from './params';
import { JOB_SOURCE_FIELDS } from './source-fields';

/** Newest first, then by id, so pages never overlap or skip when jobs share a timestamp. */
export const NEWEST_FIRST: estypes.SortCombinations[] = [{ created_at: { order: 'desc' } }, { id: { order: 'asc' } }];

/** The one search request of a browse: active jobs matching every filter, newest first. */
export function buildBrowseRequest(params: BrowseParams): estypes.SearchRequest {
  const { page, limit } = params.paging;
  return {
    query: { bool: { filter: [ACTIVE_JOBS, ...filterClauses(params.filters)] } },
    sort: NEWEST_FIRST,
    from: (page - 1) * limit,
    size: limit,
    track_total_hits: true,
    _source: JOB_SOURCE_FIELDS,
  };
}
