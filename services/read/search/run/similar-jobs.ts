import { errors as esErrors, type Client } from '@elastic/elasticsearch';
import { errors } from '../../../../shared/errors';
import type { JobDocument } from '../../../../shared/jobs/job-document';
import { canonicalUuid } from '../../../../shared/schemas/common';
import type { SimilarParams } from '../params/params';
import { buildSimilarRequest, firstKnnFiltering } from '../query/knn-request';
import { findJob } from './find-job';
import { bestMatchSortValues, type JobHit } from './run-job-search';
import { searchNearest } from './search-nearest';

/**
 * The jobs nearest in meaning to job `jobId`, nearest first, in one request (two when searchNearest needs them): Elasticsearch looks
 * the job's vector up itself. When that fails with 404 the job is unknown, or has no vector yet (it
 * was indexed moments ago, and the embedding worker has not reached it); a get tells which, on that
 * path only: 404 not_found, or 409 embedding_pending.
 */
export async function findSimilarJobs(client: Client, index: string, jobId: string, params: SimilarParams): Promise<JobHit[]> {
  const id = canonicalUuid(jobId);
  if (!id) throw errors.jobNotFound(jobId);
  try {
    const response = await searchNearest(firstKnnFiltering(params.filters, params.constraints), params.limit, (filtering) =>
      client.search<JobDocument>({ index, ...buildSimilarRequest(index, id, params, filtering) }),
    );
    return response.hits.hits.map((hit) => ({
      doc: hit._source!,
      sort: bestMatchSortValues(hit._score ?? 0, hit._source!),
      ...(hit.highlight ? { highlight: hit.highlight } : {}),
    }));
  } catch (err) {
    if (!(err instanceof esErrors.ResponseError && err.statusCode === 404)) throw err;
    if (!(await findJob(client, index, id))) throw errors.jobNotFound(jobId);
    throw errors.embeddingPending(id);
  }
}
