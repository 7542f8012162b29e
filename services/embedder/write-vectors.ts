import type { Client } from '@elastic/elasticsearch';
import { indicesBehindAlias } from '../../shared/search/index-admin';
import type { Candidate, RequestOptions } from './candidates';

/** A document to write again with its vector: the key of its text, and the vector (absent: the model can read nothing in the text). */
export interface VectorWrite {
  candidate: Candidate;
  key: string;
  vector?: Buffer;
}

/** What became of the writes. */
export interface WriteOutcome {
  written: number;
  /** Changed (or gone) since they were read: skipped, and found again by a later pass if they still need a vector. */
  changed: number;
  failed: { id: string; reason: string }[];
}

/**
 * Writes each document again, as it was read, with its vector and key. The guard is the job's own
 * version, with `version_type: external_gte`: the write goes in while the document still has the
 * version it was read at, and a job edited in between (a higher version indexed) answers 409 and
 * keeps its newer content. A partial update guarded by if_seq_no would keep the content too, but
 * it raises the document's internal version past the job's, so the indexer's next external write
 * of that job would be refused as stale (an edit lost) and GET's ETag would change with no edit.
 * Equal versions hold equal content (every change of a job raises its version), so overwriting
 * one is harmless. Each document goes to the index it was read from, and only while that index
 * is behind the alias: after a reindex swapped the alias, a write to the old index would be wasted,
 * and once it is deleted, would create a stray index.
 */
export async function writeVectors(
  client: Client,
  alias: string,
  writes: readonly VectorWrite[],
  options: RequestOptions = {},
): Promise<WriteOutcome> {
  const outcome: WriteOutcome = { written: 0, changed: 0, failed: [] };
  if (writes.length === 0) return outcome;
  const live = new Set(await indicesBehindAlias(client, alias));
  const current = writes.filter((w) => live.has(w.candidate.index));
  outcome.changed += writes.length - current.length;
  if (current.length === 0) return outcome;
  const operations = current.flatMap(({ candidate, key, vector }) => {
    // A vector the _source carried (an index that keeps vectors in it) is replaced, or dropped.
    const { embedding: _old, ...doc } = candidate.doc;
    return [
      { index: { _index: candidate.index, _id: candidate.id, version: candidate.version, version_type: 'external_gte' as const } },
      { ...doc, embedding_key: key, ...(vector ? { embedding: vector.toString('base64') } : {}) },
    ];
  });
  const response = await client.bulk(
    { operations, filter_path: 'items.*.status,items.*._id,items.*.error.type,items.*.error.reason' },
    { requestTimeout: options.requestTimeoutMs ?? 30_000, signal: options.signal },
  );
  for (const item of response.items ?? []) {
    const action = item.index!;
    if (action.status >= 200 && action.status < 300) outcome.written++;
    else if (action.status === 409 || action.status === 404) outcome.changed++;
    else outcome.failed.push({ id: action._id as string, reason: `${action.error?.type ?? action.status}: ${action.error?.reason ?? ''}` });
  }
  return outcome;
}
