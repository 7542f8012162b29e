import type { Client, estypes } from '@elastic/elasticsearch';
import type { JobDocument } from '../../../../shared/jobs/job-document';
import type { SortValue } from '../params/cursor';
import type { FacetAggregationsResult } from '../query/facets';
import { SEARCH_FILTER_PATH } from '../query/source-fields';

/** One hit: the stored document (only the fields asked for), its sort values (for the next cursor) and its highlight (for a snippet). */
export interface JobHit {
  doc: JobDocument;
  sort: SortValue[];
  highlight?: Record<string, string[]>;
}

/** What a search gave: the hits, the total as far as it was counted, and the raw facet aggregations. */
export interface JobHits {
  hits: JobHit[];
  total: { value: number; relation: 'eq' | 'gte' };
  aggregations?: FacetAggregationsResult;
}

/**
 * The stored document of a hit; for a request that fetched none (ID_ONLY: hybrid search's keyword
 * list), the id and creation time the hit itself carries, all such a request reads.
 */
function docOf(hit: estypes.SearchHit<JobDocument>): JobDocument {
  if (hit._source) return hit._source;
  const created = (hit.fields?.created_at as string[] | undefined)?.[0] ?? new Date(0).toISOString();
  return { id: hitId(hit), created_at: created } as JobDocument;
}

/** A hit's job id: from the id field's doc values when the request read no stored field (ID_ONLY), else its _id (the same). */
export function hitId(hit: estypes.SearchHit<unknown>): string {
  return (hit.fields?.id as string[] | undefined)?.[0] ?? hit._id!;
}

/**
 * The sort values of a hit: as Elasticsearch gave them for a sorted request, else (relevance
 * order) those BEST_MATCH_FIRST would give it, so a cursor can continue after it.
 */
function sortValuesOf(hit: estypes.SearchHit<JobDocument>, doc: JobDocument): SortValue[] {
  if (hit.sort) return hit.sort as SortValue[];
  return bestMatchSortValues(hit._score ?? 0, doc);
}

/** The sort values of a job of score `score` in best-match order (score, then newest, then id), for a cursor to continue after it. */
export function bestMatchSortValues(score: number, doc: JobDocument): SortValue[] {
  return [score, Date.parse(doc.created_at), doc.id];
}

function readHits(response: estypes.SearchResponse<JobDocument>): Omit<JobHits, 'aggregations'> {
  const total = response.hits?.total;
  return {
    hits: (response.hits?.hits ?? []).map((hit) => {
      const doc = docOf(hit);
      return { doc, sort: sortValuesOf(hit, doc), ...(hit.highlight ? { highlight: hit.highlight } : {}) };
    }),
    total: typeof total === 'number' ? { value: total, relation: 'eq' } : { value: total?.value ?? 0, relation: total?.relation ?? 'eq' },
  };
}

/** A missing index (nothing indexed yet) reads as an empty result rather than an error. */
export const ANY_INDEX_STATE = { ignore_unavailable: true, allow_no_indices: true } as const;

/** SEARCH_FILTER_PATH for each answer of a multi-search, with what an item that failed says: the same for every request, so built once. */
const MSEARCH_FILTER_PATH = [
  ...SEARCH_FILTER_PATH.split(',').map((path) => `responses.${path}`),
  'responses.error',
  'responses.status',
].join(',');

const MSEARCH_ID_ONLY_FILTER_PATH = `${MSEARCH_FILTER_PATH},responses.hits.hits.fields`;

/** An item of a multi-search that failed, as the error the client would have thrown for it alone. */
function failed(item: estypes.MsearchResponseItem): Error | undefined {
  return 'error' in item
    ? Object.assign(new Error(`search failed: ${JSON.stringify(item.error)}`), { statusCode: item.status })
    : undefined;
}

/**
 * Runs the search request of a page: hits and total in one request and, when it asks for
 * facets, its aggregations as a second request of the same round trip. Counted apart, with no
 * hits (size 0), the facets can be answered from the shard request cache: the same facets,
 * asked again before the index changes, cost no counting at all, whichever page or fields go
 * with them. Elasticsearch runs both requests at once. `countOver`: the jobs the facets count,
 * when they are not those the page is taken from (a hybrid page is fetched by the ids it shows,
 * its facets count every job it ranked).
 */
export async function runJobSearch(
  client: Client,
  index: string,
  request: estypes.SearchRequest,
  countOver?: estypes.QueryDslQueryContainer,
): Promise<JobHits> {
  const { aggs, ...page } = request;
  // A page alone is read as Elasticsearch sends it: trimming a page of hits with filter_path costs
  // Elasticsearch more than the few bytes of metadata it leaves out (a four-word search over a
  // million postings: 0.1-0.2 ms of 6.5, client-side medians), as it did for a get.
  if (!aggs) return readHits(await client.search<JobDocument>({ ...page, index, ...ANY_INDEX_STATE }));
  const counting: estypes.SearchRequest = { query: countOver ?? page.query, aggs, size: 0, track_total_hits: false };
  const response = await client.msearch<JobDocument>({
    searches: [
      { index, ...ANY_INDEX_STATE },
      page,
      { index, ...ANY_INDEX_STATE, request_cache: true },
      counting,
    ] as estypes.MsearchRequestItem[],
    // A page of ids only (ID_ONLY) is read from each hit's doc-value fields (no _id: no stored field is read), which the usual path leaves out.
    filter_path: page._source === false ? MSEARCH_ID_ONLY_FILTER_PATH : MSEARCH_FILTER_PATH,
  });
  const [hits, facets] = response.responses;
  const error = failed(hits) ?? failed(facets);
  if (error) throw error;
  return {
    ...readHits(hits as estypes.SearchResponse<JobDocument>),
    aggregations: (facets as estypes.SearchResponse<JobDocument>).aggregations as FacetAggregationsResult | undefined,
  };
}
