import type { Queryable } from '../db/queryable';
import { vectorBytes } from './vector-bytes';

/**
 * The vectors of the texts embedded so far, by embedding key (migrations: job_embeddings): the
 * same text under the same model is embedded once, whichever jobs share it and however often
 * they are indexed again. The indexer reads it (a reindex or an edit that keeps the text keeps
 * the vector); the embedding worker reads and fills it.
 */

/** The stored vectors of these keys (bytes as vectorBytes makes them), in one query; keys without one are absent. */
export async function storedVectors(db: Queryable, keys: readonly string[]): Promise<Map<string, Buffer>> {
  if (keys.length === 0) return new Map();
  const rows = await db.query<{ key: string; vector: Buffer }>('SELECT key, vector FROM job_embeddings WHERE key = ANY($1::text[])', [
    [...new Set(keys)],
  ]);
  return new Map(rows.map((r) => [r.key, r.vector]));
}

/**
 * Stores the vectors of `model` by key, in one statement. A key stored already (another worker
 * embedded the same text at the same moment) keeps its vector: both stand for the same text.
 */
export async function storeVectors(db: Queryable, model: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void> {
  if (vectors.size === 0) return;
  const keys = [...vectors.keys()];
  await db.query(
    `INSERT INTO job_embeddings (key, model, vector)
     SELECT key, $2, vector FROM unnest($1::text[], $3::bytea[]) AS v(key, vector)
     ON CONFLICT (key) DO NOTHING`,
    [keys, model, keys.map((key) => vectorBytes(vectors.get(key)!))],
  );
}
