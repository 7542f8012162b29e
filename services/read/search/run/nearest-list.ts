import type { Client, estypes } from '@elastic/elasticsearch';
import type { JobDocument } from '../../../../shared/jobs/job-document';
import type { SearchParams } from '../params/params';
import { buildKnnListRequest, firstKnnFiltering } from '../query/knn-request';
import type { Scored } from '../relevance/fusion';
import { ANY_INDEX_STATE, hitId } from './run-job-search';
import { searchNearest } from './search-nearest';

/**
 * Resolves after the event loop has run what is pending (a request being written among it). The
 * model blocks this thread while it runs (onnxruntime-node): a search asked for just before it is
 * sent only once the thread is free, so the model waits a turn for it (ranked-search askHybridLists).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The `length` jobs nearest `vector` under the search's filters (and `within`, a further clause:
 * the place a keyword query names), best first, ids and scores only (no stored field): the kNN
 * list of a hybrid search, and what fills a short keyword page (./meaning-fill).
 */
export async function nearestList(
  client: Client,
  index: string,
  params: SearchParams,
  vector: Float32Array,
  length: number,
  within?: estypes.QueryDslQueryContainer,
): Promise<Scored[]> {
  const first = within ? 'inside' : firstKnnFiltering(params.filters, params.constraints);
  const response = await searchNearest(first, length, (filtering) =>
    client.search<JobDocument>({ index, ...ANY_INDEX_STATE, ...buildKnnListRequest(params, vector, length, filtering, within) }),
  );
  return (response.hits?.hits ?? []).map((hit) => ({ id: hitId(hit), score: hit._score ?? 0 }));
}
