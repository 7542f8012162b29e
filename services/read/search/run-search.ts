import type { Client, estypes } from '@elastic/elasticsearch';
import type { JobDocument } from '../../../shared/jobs/job-document';
import type { FacetAggregationsResult } from './facets';
import { SEARCH_FILTER_PATH } from './source-fields';

/** What a search gave: the page of documents, the total, and the raw facet aggregations. */
export interface JobHits {
  docs: JobDocument[];
  total: number;
  aggregations?: FacetAggregationsResult;
}

/**
 * Runs one search request against the index (hits, exact total and aggregations in one round
 * trip). A missing index (nothing indexed yet) reads as an empty result rather than an error.
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
    docs: (response.hits?.hits ?? []).map((hit) => hit._source as JobDocument),
    total: typeof total === 'number' ? total : (total?.value ?? 0),
    aggregations: response.aggregations as FacetAggregationsResult | undefined,
  };
}
