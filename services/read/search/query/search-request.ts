import type { estypes } from '@elastic/elasticsearch';
import { SORT_ORDERS } from './browse-request';
import { allOf, constraintClauses, excludedJobs, filterClauses, inactiveJobs } from './filters';
import { facetAggregations } from './facets';
import type { SearchParams } from '../params/params';
import { PHRASE_WINDOW, relevanceQuery, STRICT, type MatchMode, type TypoPolicy } from '../relevance/relevance';
import type { JobHit, JobHits } from '../run/run-job-search';
import { pageWindow } from './page-window';
import { sourceFieldsFor } from './source-fields';

/** The aggregation that counts the jobs in the place named whose title names the role (relevance: roleInTitle). */
export const ROLE_IN_PLACE = 'role_in_place';

/** Best match first; equal scores go to the newest job, then by id so paging is stable. */
export const BEST_MATCH_FIRST: estypes.SortCombinations[] = ['_score', { created_at: { order: 'desc' } }, { id: { order: 'asc' } }];

/**
 * Pages within the first MAX_RESULT_WINDOW results are read in relevance order alone. Any
 * explicit sort, even `_score` with tie-breakers, stops Elasticsearch from skipping documents
 * that cannot reach the top (a common word over a million postings: 20 ms instead of 4). Equal
 * scores still come newest first: the index is sorted by created_at, so within a segment
 * document order is newest first, and the presenter orders equal scores of a page by
 * BEST_MATCH_FIRST. Cursor pages past the window follow BEST_MATCH_FIRST with search_after.
 *
 * So equal scores split by a page boundary are ordered alike on every page only while the
 * segments stay the same (a merge between two pages may move one across). BEST_MATCH_FIRST on
 * every relevance page would settle that, but Elasticsearch refuses a sort with the phrase rescore
 * (every query of two words or more: the ranking would change), and on one common word over a
 * million postings it took 1.8 times as long (p50 21.3 ms against 11.9, client to Elasticsearch,
 * interleaved, 2026-11-25 on a busy machine). What a search matches is settled per query instead
 * (relevance/known-words), so the pages of one index state agree.
 */
const sortOf = (params: SearchParams): Pick<estypes.SearchRequest, 'sort'> =>
  params.sort !== 'relevance' ? { sort: SORT_ORDERS[params.sort] } : params.paging.after ? { sort: BEST_MATCH_FIRST } : {};

/** The stored fields of the page, with id and created_at: a hit's sort values in relevance order (run-job-search). */
export function sourceOf(params: SearchParams): string[] | true {
  const fields = sourceFieldsFor(params.fields);
  return fields === true ? true : [...new Set([...fields, 'id', 'created_at'])];
}

/**
 * The one search request of a search: hits, total and the facets asked for in a single round
 * trip. The query scores active jobs. Without facets the filters narrow the query itself;
 * with facets they go to the post_filter, so each facet can count without its own filter
 * (disjunctive facets). `mode` says how strictly the words and the place named are asked for
 * (relevance: MatchMode).
 */
export function buildSearchRequest(params: SearchParams, typos?: TypoPolicy, mode: MatchMode = STRICT): estypes.SearchRequest {
  const selected = filterClauses(params.filters);
  const faceted = params.facets.length > 0;
  const { match, phrases, roleInTitle } = relevanceQuery(params.q, typos, mode);
  // Where the place is required, count the jobs there whose title names the role: too few, and jobs elsewhere are let in (run/search-jobs).
  const counted: Record<string, estypes.AggregationsAggregationContainer> =
    mode.place === 'required' && roleInTitle ? { [ROLE_IN_PLACE]: { filter: roleInTitle } } : {};
  const aggs = { ...(faceted ? facetAggregations(params.filters, params.facets) : {}), ...counted };
  // A rescore cannot follow an explicit sort: cursor pages past the window rank by the match alone.
  const rescore = phrases && !params.paging.after && params.sort === 'relevance';
  return {
    query: {
      bool: {
        must: match,
        filter: [...(faceted ? [] : selected), ...constraintClauses(params.constraints)],
        must_not: [...inactiveJobs(), ...excludedJobs(params.excludeIds)],
      },
    },
    ...(rescore
      ? { rescore: { window_size: PHRASE_WINDOW, query: { rescore_query: phrases, query_weight: 1, rescore_query_weight: 1 } } }
      : {}),
    ...(faceted && selected.length > 0 ? { post_filter: allOf(selected) } : {}),
    ...(Object.keys(aggs).length > 0 ? { aggs } : {}),
    ...sortOf(params),
    ...pageWindow(params.paging),
    _source: sourceOf(params),
  };
}

/** BEST_MATCH_FIRST on the sort values of the hits (run-job-search gives them for relevance-ordered hits too). */
function bestMatchFirst(a: JobHit, b: JobHit): number {
  const [scoreA, createdA, idA] = a.sort as [number, number, string];
  const [scoreB, createdB, idB] = b.sort as [number, number, string];
  return scoreB - scoreA || createdB - createdA || (idA < idB ? -1 : idA > idB ? 1 : 0);
}

/**
 * The hits of a page in BEST_MATCH_FIRST order. Read in relevance order, equal scores come in
 * document order, which the index sort makes newest first within a segment but not across
 * segments; ordering the page settles that. Which jobs are on the page does not change.
 */
export function inBestMatchOrder(result: JobHits, sort: SearchParams['sort'] = 'relevance'): JobHits {
  // Another order (sort=newest, salary) comes sorted by Elasticsearch itself.
  if (sort !== 'relevance') return result;
  return { ...result, hits: [...result.hits].sort(bestMatchFirst) };
}
