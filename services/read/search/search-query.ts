import type { estypes } from '@elastic/elasticsearch';
import { ACTIVE_JOBS, allOf, filterClauses } from './filters';
import { facetAggregations } from './facets';
import type { SearchParams } from './params';
import { relevanceQuery } from './relevance';
import { pageWindow } from './page-window';
import { sourceFieldsFor } from './source-fields';

/** Best match first; equal scores go to the newest job, then by id so paging is stable. */
export const BEST_MATCH_FIRST: estypes.SortCombinations[] = ['_score', { created_at: { order: 'desc' } }, { id: { order: 'asc' } }];

/**
 * The one search request of a search: hits, total and the facets asked for in a single round
 * trip. The query scores active jobs. Without facets the filters narrow the query itself;
 * with facets they go to the post_filter, so each facet can count without its own filter
 * (disjunctive facets).
 */
export function buildSearchRequest(params: SearchParams): estypes.SearchRequest {
  const selected = filterClauses(params.filters);
  const faceted = params.facets.length > 0;
  return {
    query: { bool: { must: relevanceQuery(params.q), filter: faceted ? [ACTIVE_JOBS] : [ACTIVE_JOBS, ...selected] } },
    ...(faceted && selected.length > 0 ? { post_filter: allOf(selected) } : {}),
    ...(faceted ? { aggs: facetAggregations(params.filters, params.facets) } : {}),
    sort: BEST_MATCH_FIRST,
    ...pageWindow(params.paging),
    _source: sourceFieldsFor(params.fields),
  };
}
