/**
 * The vectors of a benchmark world's jobs (issue 30), so that hybrid and semantic search can be
 * judged on the real postings (relevance) and timed (scale). Each job's text (embeddingTextOf) is
 * embedded once by the model and kept in a git-ignored file of .cache/ by its key
 * (embeddingKeyOf): a later run, or a world built again, embeds nothing. The vectors are then
 * written into the documents that lack one, as the embedding worker would.
 */
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client, estypes } from '@elastic/elasticsearch';
import { Embedder, EmbeddingInputError, embeddingKeyOf, embeddingTextOf, MODEL_CARD } from '../shared/embedding';
import type { JobDocument } from '../shared/jobs/job-document';
import type { BenchWorld } from './bench-database';

export const VECTOR_CACHE_FILE = path.resolve(__dirname, '../.cache/relevance-vectors.bin');
/** Bytes of a key: embeddingKeyOf is a SHA-256 in base64url, 43 characters. */
const KEY_BYTES = 43;
const RECORD_BYTES = KEY_BYTES + MODEL_CARD.dims * 4;
/** Texts embedded and appended to the cache at a time (progress is kept if the run is cut short). */
const EMBED_CHUNK = 512;
/** Documents per bulk request of updates. */
const WRITE_CHUNK = 500;

/** Vectors by embedding key. */
export type VectorCache = Map<string, Float32Array>;

/** The cached vectors: records of the key then its floats (little-endian); a torn last record is ignored. */
export async function readVectorCache(file = VECTOR_CACHE_FILE): Promise<VectorCache> {
  const cache: VectorCache = new Map();
  if (!existsSync(file)) return cache;
  const bytes = await readFile(file);
  for (let at = 0; at + RECORD_BYTES <= bytes.length; at += RECORD_BYTES) {
    const key = bytes.toString('latin1', at, at + KEY_BYTES);
    const floats = new Float32Array(MODEL_CARD.dims);
    for (let i = 0; i < MODEL_CARD.dims; i++) floats[i] = bytes.readFloatLE(at + KEY_BYTES + i * 4);
    cache.set(key, floats);
  }
  return cache;
}

async function appendVectors(entries: readonly [string, Float32Array][], file = VECTOR_CACHE_FILE): Promise<void> {
  const bytes = Buffer.alloc(entries.length * RECORD_BYTES);
  entries.forEach(([key, vector], n) => {
    const at = n * RECORD_BYTES;
    bytes.write(key, at, KEY_BYTES, 'latin1');
    vector.forEach((value, i) => bytes.writeFloatLE(value, at + KEY_BYTES + i * 4));
  });
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, bytes);
}

/** Every document of the index matching `query`, the fields asked for. */
async function allDocuments(
  client: Client,
  index: string,
  query: estypes.QueryDslQueryContainer,
  fields: string[],
): Promise<JobDocument[]> {
  const docs: JobDocument[] = [];
  let after: estypes.SortResults | undefined;
  for (;;) {
    const page = await client.search<JobDocument>({
      index,
      query,
      size: 5000,
      sort: [{ id: 'asc' }],
      _source: fields,
      ...(after ? { search_after: after } : {}),
    });
    const hits = page.hits.hits;
    docs.push(...hits.map((hit) => hit._source!));
    if (hits.length < 5000) return docs;
    after = hits[hits.length - 1].sort;
  }
}

/** Adds the vector field to an index whose definition does not have it yet (before the indexing side of issue 30). */
async function ensureVectorField(client: Client, alias: string): Promise<void> {
  const mappings = await client.indices.getMapping({ index: alias });
  for (const [index, { mappings: mapping }] of Object.entries(mappings)) {
    if (mapping.properties?.embedding) continue;
    await client.indices.putMapping({
      index,
      properties: {
        embedding: {
          type: 'dense_vector',
          dims: MODEL_CARD.dims,
          similarity: 'dot_product',
          index: true,
          index_options: { type: 'int8_hnsw' },
        },
      },
    });
  }
}

/** Embeds texts in order, dropping (as undefined) a text the model cannot read. */
async function embedAll(embedder: Embedder, texts: readonly string[]): Promise<(Float32Array | undefined)[]> {
  try {
    return await embedder.embedDocuments(texts);
  } catch (err) {
    if (!(err instanceof EmbeddingInputError)) throw err;
    const before = await embedAll(embedder, texts.slice(0, err.index));
    const after = await embedAll(embedder, texts.slice(err.index + 1));
    return [...before, undefined, ...after];
  }
}

/** What giving the world its vectors took. */
export interface WorldVectors {
  /** Every vector of the cache (the world's jobs' among them), by key. */
  cache: VectorCache;
  /** The embedding key of each job. */
  keyOfJob: Map<string, string>;
  /** Documents that had no vector and were given one now. */
  written: number;
  /** Of those, how many texts the model embedded now (the rest came from the cache). */
  embedded: number;
  /** Texts per second of the model on this run, when it embedded some. */
  docsPerSecond?: number;
}

/** Where a world's vectors are kept, whether its index is merged to one segment after, and the log's prefix. */
export interface EmbedWorldOptions {
  cacheFile?: string;
  /** Merge to one segment once the vectors are written (relevance: ties come in the same order on every run). */
  merge?: boolean;
  label?: string;
}

/** Gives every job of the world without a vector its vector (from the cache, else the model). */
export async function embedWorld(
  world: BenchWorld,
  log: (message: string) => void,
  { cacheFile = VECTOR_CACHE_FILE, merge = true, label = 'relevance' }: EmbedWorldOptions = {},
): Promise<WorldVectors> {
  const client = world.search;
  const alias = world.config.indexAlias;
  await ensureVectorField(client, alias);
  const cache = await readVectorCache(cacheFile);
  const jobs = await allDocuments(client, alias, { match_all: {} }, ['id', 'title', 'skills', 'description']);
  const keyOfJob = new Map(jobs.map((job) => [job.id, embeddingKeyOf(embeddingTextOf(job))]));
  const withVector = new Set((await allDocuments(client, alias, { exists: { field: 'embedding' } }, ['id'])).map((job) => job.id));
  const missing = jobs.filter((job) => !withVector.has(job.id));
  if (missing.length === 0) return { cache, keyOfJob, written: 0, embedded: 0 };

  const toEmbed = [...new Map(missing.map((job) => [keyOfJob.get(job.id)!, embeddingTextOf(job)])).entries()].filter(
    ([key]) => !cache.has(key),
  );
  let docsPerSecond: number | undefined;
  if (toEmbed.length > 0) {
    log(`${label}: embedding ${toEmbed.length} job texts (once; kept in ${path.relative(process.cwd(), cacheFile)})`);
    const embedder = await Embedder.load({ threads: os.cpus().length });
    const started = Date.now();
    try {
      for (let at = 0; at < toEmbed.length; at += EMBED_CHUNK) {
        const chunk = toEmbed.slice(at, at + EMBED_CHUNK);
        const vectors = await embedAll(
          embedder,
          chunk.map(([, text]) => text),
        );
        const entries = chunk.flatMap(([key], i) => (vectors[i] ? [[key, vectors[i]] as [string, Float32Array]] : []));
        await appendVectors(entries, cacheFile);
        for (const [key, vector] of entries) cache.set(key, vector);
        const done = Math.min(at + EMBED_CHUNK, toEmbed.length);
        log(`${label}: embedded ${done} of ${toEmbed.length} (${Math.round((done / (Date.now() - started)) * 1000)} docs/s)`);
      }
    } finally {
      await embedder.close();
    }
    docsPerSecond = Math.round((toEmbed.length / (Date.now() - started)) * 1000);
  }

  log(`${label}: writing the vectors of ${missing.length} jobs into ${alias}`);
  for (let at = 0; at < missing.length; at += WRITE_CHUNK) {
    const operations = missing.slice(at, at + WRITE_CHUNK).flatMap((job) => {
      const vector = cache.get(keyOfJob.get(job.id)!);
      return vector ? [{ update: { _index: alias, _id: job.id } }, { doc: { embedding: Array.from(vector) } }] : [];
    });
    if (operations.length === 0) continue;
    const response = await client.bulk({ operations, filter_path: 'errors,items.*.error' });
    if (response.errors) throw new Error(`writing vectors failed: ${JSON.stringify(response.items.find((item) => item.update?.error))}`);
  }
  await client.indices.refresh({ index: alias });
  // One segment, as the relevance world is built: ties come in the same order on every run, and one HNSW graph.
  if (merge) await client.indices.forcemerge({ index: alias, max_num_segments: 1 });
  return { cache, keyOfJob, written: missing.length, embedded: toEmbed.length, ...(docsPerSecond ? { docsPerSecond } : {}) };
}
