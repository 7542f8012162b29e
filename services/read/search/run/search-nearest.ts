import type { estypes } from '@elastic/elasticsearch';
import type { KnnFiltering } from '../query/knn-request';

/**
 * Runs a kNN search filtered as it is first (firstKnnFiltering), and once more filtered inside
 * the graph search when the standing filter, applied after it, left fewer than `wanted` jobs
 * (closed or left-out jobs among the nearest, or an index that holds fewer): so the answer is
 * always the nearest jobs that pass, whichever way they were found.
 */
export async function searchNearest<T>(
  first: KnnFiltering,
  wanted: number,
  search: (filtering: KnnFiltering) => Promise<estypes.SearchResponse<T>>,
): Promise<estypes.SearchResponse<T>> {
  const response = await search(first);
  if (first === 'inside' || (response.hits?.hits ?? []).length >= wanted) return response;
  return search('inside');
}
