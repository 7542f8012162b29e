import type { Client } from '@elastic/elasticsearch';
import type { Queryable } from '../../shared/db/queryable';
import { EmbeddingInputError } from '../../shared/embedding/errors';
import { embeddingKeyOf, embeddingTextOf } from '../../shared/embedding/job-text';
import type { TextEmbedder } from '../../shared/embedding/text-embedder';
import { vectorBytes } from '../../shared/embedding/vector-bytes';
import { storedVectors, storeVectors } from '../../shared/embedding/vector-store';
import type { Candidate, RequestOptions } from './candidates';
import { writeVectors, type WriteOutcome } from './write-vectors';

/** What embedding a batch of documents did. */
export interface BatchOutcome extends WriteOutcome {
  /** Documents of the batch that needed a vector. */
  docs: number;
  /** Texts the model embedded (a text shared by several documents counts once). */
  embedded: number;
  /** Documents whose vector was stored already: no model run. */
  reused: number;
  /** Documents whose text has nothing the model can read: written with their key and no vector. */
  unreadable: number;
}

export const NOTHING_DONE: BatchOutcome = { docs: 0, embedded: 0, reused: 0, unreadable: 0, written: 0, changed: 0, failed: [] };

/** What a batch talks to. */
export interface BatchDeps {
  db: Queryable;
  search: Client;
  alias: string;
  embedder: TextEmbedder;
}

/**
 * Gives each document the vector of its text: keys computed, the stored vectors looked up in one
 * query, only the texts without one embedded (each once), those stored, and the documents written
 * again with their vectors (writeVectors, guarded by the job's version). Vectors are stored
 * before any document is written, so a crash in between loses nothing: the next pass finds the
 * documents still without vectors and the stored ones for their texts.
 */
export async function embedBatch(deps: BatchDeps, candidates: readonly Candidate[], options: RequestOptions = {}): Promise<BatchOutcome> {
  const items = candidates
    .map((candidate) => {
      const text = embeddingTextOf(candidate.doc);
      return { candidate, text, key: embeddingKeyOf(text) };
    })
    // A document whose key is its text's has its vector already (found twice, or fixed since).
    .filter((item) => item.candidate.doc.embedding_key !== item.key);
  if (items.length === 0) return NOTHING_DONE;
  const stored = await storedVectors(
    deps.db,
    items.map((item) => item.key),
  );
  const texts = new Map(items.filter((item) => !stored.has(item.key)).map((item) => [item.key, item.text]));
  const { vectors, unreadable } = await embedReadable(deps.embedder, texts);
  await storeVectors(deps.db, deps.embedder.model, vectors);
  const writes = items.map(({ candidate, key }) => {
    const made = vectors.get(key);
    return { candidate, key, vector: stored.get(key) ?? (made && vectorBytes(made)) };
  });
  const written = await writeVectors(deps.search, deps.alias, writes, options);
  return {
    ...written,
    docs: items.length,
    embedded: vectors.size,
    reused: items.filter((item) => stored.has(item.key)).length,
    unreadable: items.filter((item) => unreadable.has(item.key)).length,
  };
}

/**
 * Embeds the texts (by key); a text the model can read nothing in (EmbeddingInputError) is set
 * aside and the others embedded. Its refusal comes before the model runs, so this costs no run.
 */
async function embedReadable(
  embedder: TextEmbedder,
  texts: ReadonlyMap<string, string>,
): Promise<{ vectors: Map<string, Float32Array>; unreadable: Set<string> }> {
  let entries = [...texts];
  const unreadable = new Set<string>();
  for (;;) {
    try {
      const vectors = await embedder.embedDocuments(entries.map(([, text]) => text));
      return { vectors: new Map(entries.map(([key], i) => [key, vectors[i]])), unreadable };
    } catch (err) {
      if (!(err instanceof EmbeddingInputError) || entries[err.index] === undefined) throw err;
      unreadable.add(entries[err.index][0]);
      entries = entries.filter((_, i) => i !== err.index);
    }
  }
}
