import type { Client, estypes } from '@elastic/elasticsearch';
import type { JobDocument } from '../../../shared/jobs/job-document';
import type { SortValue } from './cursor';
import type { FacetAggregationsResult } from './facets';
import { SEARCH_FILTER_PATH } from './source-fields';

/** One hit: the stored document (only the fields asked for) and its sort values, for the next cursor. */
export interface JobHit {
  doc: JobDocument;
  sort: SortValue[];
}

/** What a search gave: the hits, the total as far as it was counted, and the raw facet aggregations. */
export interface JobHits {
  hits: JobHit[];
  total: { value: number; relation: 'eq' | 'gte' };
  aggregations?: FacetAggregationsResult;
}

/**
 * Runs one search request against the index (hits, total and aggregations in one round trip).
 * A missing index (nothing indexed yet) reads as an empty result rather than an error.
 */
export async function runJobSearch(client: Client, index: string, request: estypes.SearchRequest): Promise<JobHits> {
  const response = await client.search<JobDocument>({
    ...request,
    index,
    ignore_unavailable: true,
    allow_no_indices: true,
    filter_path: SEARCH_FILTER_PATH,
  });
  const total = response.hits?.total;
  return {
    hits: (response.hits?.hits ?? []).map((hit) => ({ doc: hit._source as JobDocument, sort: (hit.sort ?? []) as SortValue[] })),
    total: typeof total === 'number' ? { value: total, relation: 'eq' } : { value: total?.value ?? 0, relation: total?.relation ?? 'eq' },
    aggregations: response.aggregations as FacetAggregationsResult | undefined,
  };
}
