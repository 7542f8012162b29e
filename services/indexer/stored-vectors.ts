import type { Queryable } from '../../shared/db/queryable';
import { embeddingKeyOf, embeddingTextOf } from '../../shared/embedding/job-text';
import { storedVectors } from '../../shared/embedding/vector-store';
import type { Logger } from '../../shared/logger';
import type { IndexableJob } from './bulk-index';

/**
 * The jobs, each with the stored vector of its text (`embedding`, base64, and `embedding_key`)
 * where the vectors store has one: one query for the whole bulk. A reindex, a replay, or an edit
 * that keeps the text so writes the vector the document had; a new text goes in without one,
 * found by keyword until the embedding worker embeds it. Best effort: when the store cannot be
 * read, the jobs go in without vectors (logged), because keyword indexing never waits for them.
 */
export async function withStoredVectors<T extends IndexableJob>(db: Queryable, jobs: readonly T[], logger?: Logger): Promise<T[]> {
  if (jobs.length === 0) return [];
  const keys = jobs.map((job) => embeddingKeyOf(embeddingTextOf(job.doc)));
  let vectors: Map<string, Buffer>;
  try {
    vectors = await storedVectors(db, keys);
  } catch (err) {
    logger?.warn(
      { err, jobs: jobs.length },
      'the stored vectors could not be read; indexing without them (the embedding worker adds them)',
    );
    return [...jobs];
  }
  return jobs.map((job, i) => {
    const vector = vectors.get(keys[i]);
    return vector ? { ...job, doc: { ...job.doc, embedding: vector.toString('base64'), embedding_key: keys[i] } } : job;
  });
}
