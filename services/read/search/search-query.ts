import type { estypes } from '@elastic/elasticsearch';
import { ACTIVE_JOBS, allOf, filterClauses } from './filters';
import { facetAggregations } from './facets';
import type { SearchParams } from './params';
import { relevanceQuery } from './relevance';
import { JOB_SOURCE_FIELDS } from './source-fields';

/** Best match first; equal scores go to the newest job, then by id so paging is stable. */
export const BEST_MATCH_FIRST: estypes.SortCombinations[] = ['_score', { created_at: { order: 'desc' } }, { id: { order: 'asc' } }];

/**
 * The one search request of a search: hits, total and facets in a single round trip. The
 * query scores active jobs; the selected filters go to the post_filter so each facet can count
 * without its own filter (disjunctive facets).
 */
export function buildSearchRequest(params: SearchParams): estypes.SearchRequest {
  const { page, limit } = params.paging;
  const selected = filterClauses(params.filters);
  return {
    query: { bool: { must: relevanceQuery(params.q), filter: [ACTIVE_JOBS] } },
    ...(selected.length > 0 ? { post_filter: allOf(selected) } : {}),
    aggs: facetAggregations(params.filters),
    sort: BEST_MATCH_FIRST,
    from: (page - 1) * limit,
    size: limit,
    track_total_hits: true,
    _source: JOB_SOURCE_FIELDS,
  };
}
