/**
 * Embedding: how fast the product gives real postings their vectors, and how well the vector
 * index finds the nearest ones (issue 30). A sample of --jobs real postings (every k-th of
 * ../shared/data/real-postings/, so each source is in it) is imported with `npm run import` into
 * the world `jla_bench_embedding`, then:
 * - throughput: `npm run embed:backfill` as its own process (the worker's loop: read from
 *   Elasticsearch, embed, store in Postgres, write the documents) against the model alone on the
 *   same texts in batches of the same size (Embedder.embedDocuments, nothing else), each in
 *   docs/s, with the time 1 000 000 postings would take at the backfill's rate;
 * - recall@10 of kNN against exact search (every vector's dot product with the query, in this
 *   process): for the agent queries of benchmarks/relevance/ (embedded as queries) and for 200
 *   postings' own vectors (similar jobs), on the product's index as the backfill left it and on
 *   one-segment copies of its vectors under each index type (the product's with a denser graph
 *   too), at several num_candidates.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { Client, estypes } from '@elastic/elasticsearch';
import { Embedder, embeddingTextOf, MODEL_CARD } from '../shared/embedding';
import { vectorBytes } from '../shared/embedding/vector-bytes';
import type { JobDocument } from '../shared/jobs/job-document';
import type { BenchOptions } from './lib/args';
import { createBenchWorld, type BenchWorld } from './bench-database';
import { formatColumns, type Comparison } from './lib/report';
import { runImport } from './lib/run-import';
import { timeRatio } from './lib/stats';
import { jobBodyOf, readPostings } from './relevance-world';

const WORLD = 'jla_bench_embedding';
const K = 10;
const NUM_CANDIDATES = [10, 15, 20, 50, 100];
/** The index types the vectors are copied under, the product's with a denser graph too. */
const VARIANTS: { label: string; options: estypes.MappingDenseVectorIndexOptions }[] = [
  { label: 'hnsw', options: { type: 'hnsw' } },
  { label: 'int8_hnsw', options: { type: 'int8_hnsw' } },
  { label: 'int8_hnsw m 32, ef_construction 200', options: { type: 'int8_hnsw', m: 32, ef_construction: 200 } },
  { label: 'int4_hnsw', options: { type: 'int4_hnsw' } },
  { label: 'bbq_hnsw', options: { type: 'bbq_hnsw' } },
];
const DOCUMENT_QUERIES = 200;
const PROJECTED = 1_000_000;
/** Texts per model run and documents per pass: the worker's default (EMBEDDER_BATCH_SIZE), unless the environment sets it. */
const BATCH = Number(process.env.EMBEDDER_BATCH_SIZE ?? 64);

/** What `npm run embed:backfill -- --json` prints. */
interface BackfillSummary {
  written: number;
  embedded: number;
  reused: number;
  seconds: number;
  docsPerSecond: number;
  projectedSecondsFor1M: number;
}

/** Runs scripts/embed-backfill.ts on the world as its own process, its progress on our stderr. */
async function runBackfill(world: BenchWorld): Promise<BackfillSummary> {
  const env = { ...process.env, DATABASE_URL: world.config.databaseUrl, ES_INDEX_ALIAS: world.config.indexAlias, LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/embed-backfill.ts', '--json', '--no-key-check'], {
    cwd: path.resolve(__dirname, '..'),
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run embed:backfill exited with ${code}: ${stdout.slice(0, 2000)}`);
  return JSON.parse(stdout) as BackfillSummary;
}

/** Every k-th posting, so that each source of the file is in a sample of `count`. */
async function samplePostings(count: number) {
  const all = await readPostings();
  const step = Math.max(1, all.length / count);
  return Array.from({ length: Math.min(count, all.length) }, (_, i) => all[Math.floor(i * step)]);
}

async function importSample(world: BenchWorld, count: number, log: (message: string) => void): Promise<number> {
  const postings = await samplePostings(count);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jla-embedding-'));
  try {
    const file = path.join(dir, 'postings.ndjson');
    const lines = postings.map((p, i) =>
      JSON.stringify({
        ...jobBodyOf(p),
        organization_id: world.organizationIds[i % world.organizationIds.length],
        location_id: world.locationIds[i % world.locationIds.length],
      }),
    );
    await writeFile(file, lines.join('\n') + '\n');
    log(`embedding: importing ${postings.length} real postings with npm run import`);
    const { code, summary, stdout } = await runImport(world, file);
    if ((code !== 0 && code !== 1) || !summary) throw new Error(`npm run import exited with ${code}: ${stdout.slice(0, 2000)}`);
    await world.search.indices.refresh({ index: world.config.indexAlias });
    return summary.accepted;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The texts of the open jobs, as the worker embeds them. */
async function jobTexts(world: BenchWorld): Promise<string[]> {
  const rows = await world.db.query<Pick<JobDocument, 'title' | 'skills' | 'description'>>(
    'SELECT title, skills, description FROM jobs WHERE is_active ORDER BY id',
  );
  return rows.map((row) => embeddingTextOf(row));
}

/** The model alone on the texts, in batches of BATCH: docs/s. */
async function modelRate(texts: readonly string[], threads: number): Promise<{ seconds: number; rate: number }> {
  const model = await Embedder.load({ threads });
  try {
    await model.embedDocuments(texts.slice(0, BATCH)); // warm-up
    const started = performance.now();
    for (let i = 0; i < texts.length; i += BATCH) await model.embedDocuments(texts.slice(i, i + BATCH));
    const seconds = (performance.now() - started) / 1000;
    return { seconds, rate: texts.length / seconds };
  } finally {
    await model.close();
  }
}

/** Every document's vector as the index holds it. */
async function indexedVectors(search: Client, index: string): Promise<{ ids: string[]; vectors: Float32Array[] }> {
  const ids: string[] = [];
  const vectors: Float32Array[] = [];
  let after: estypes.SortResults | undefined;
  for (;;) {
    const page = await search.search<{ embedding: number[] }>({
      index,
      size: 2000,
      query: { exists: { field: 'embedding' } },
      sort: [{ id: 'asc' }],
      search_after: after,
      _source: { includes: ['embedding'], exclude_vectors: false },
    });
    const hits = page.hits.hits;
    for (const hit of hits) {
      ids.push(hit._id!);
      vectors.push(new Float32Array(hit._source!.embedding));
    }
    if (hits.length < 2000) return { ids, vectors };
    after = hits.at(-1)!.sort;
  }
}

/** The ids of the K vectors nearest the query (largest dot product), exactly. */
function exactTop(query: Float32Array, ids: readonly string[], vectors: readonly Float32Array[]): string[] {
  const scores = vectors.map((v) => {
    let sum = 0;
    for (let i = 0; i < v.length; i++) sum += v[i] * query[i];
    return sum;
  });
  return scores
    .map((score, i) => [score, i] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, K)
    .map(([, i]) => ids[i]);
}

/** Mean recall@K of kNN on `index` at `numCandidates`, against the exact top K of each query. */
async function recallAt(
  search: Client,
  index: string,
  queries: readonly Float32Array[],
  exact: readonly string[][],
  numCandidates: number,
) {
  let found = 0;
  for (let q = 0; q < queries.length; q++) {
    const res = await search.search({
      index,
      size: K,
      _source: false,
      knn: { field: 'embedding', query_vector: [...queries[q]], k: K, num_candidates: numCandidates },
    });
    const truth = new Set(exact[q]);
    found += res.hits.hits.filter((h) => truth.has(h._id!)).length;
  }
  return found / (queries.length * K);
}

/** A one-segment index of the vectors under these index options. */
async function copyUnder(world: BenchWorld, variant: number, ids: readonly string[], vectors: readonly Float32Array[]) {
  const index = `${WORLD}_recall_${variant}`;
  await world.search.indices.delete({ index, ignore_unavailable: true });
  await world.search.indices.create({
    index,
    settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '-1' },
    mappings: {
      dynamic: 'strict',
      properties: {
        embedding: { type: 'dense_vector', dims: MODEL_CARD.dims, similarity: 'dot_product', index_options: VARIANTS[variant].options },
      },
    },
  });
  for (let start = 0; start < ids.length; start += 1000) {
    const operations = ids
      .slice(start, start + 1000)
      .flatMap((id, i) => [{ index: { _index: index, _id: id } }, { embedding: vectorBytes(vectors[start + i]).toString('base64') }]);
    const res = await world.search.bulk({ operations, filter_path: 'errors' });
    if (res.errors) throw new Error(`copying vectors into ${index} failed`);
  }
  await world.search.indices.refresh({ index });
  await world.search.indices.forcemerge({ index, max_num_segments: 1 });
  return index;
}

/** The agent queries of the relevance sets (benchmarks/relevance/*queries.json). */
async function agentQueries(): Promise<string[]> {
  const dir = path.join(__dirname, 'relevance');
  const files = (await readdir(dir)).filter((f) => f.endsWith('queries.json'));
  const queries = new Set<string>();
  for (const file of files) {
    const parsed = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as { queries: { q: string }[] };
    for (const { q } of parsed.queries) queries.add(q);
  }
  return [...queries];
}

interface RecallRow {
  index: string;
  queries: string;
  recall: Record<number, number>;
}

/** Runs the benchmark; see the file comment. */
export async function embedding(
  options: BenchOptions,
  log: (message: string) => void,
): Promise<{ comparisons: Comparison[]; text: string; json: unknown }> {
  const world = await createBenchWorld(WORLD);
  try {
    const threads = world.config.embeddingThreads;
    const imported = await importSample(world, options.jobs, log);
    const texts = await jobTexts(world);
    log(`embedding: the model alone on ${texts.length} texts, batches of ${BATCH}, ${threads} thread(s)`);
    const model = await modelRate(texts, threads);
    log(`embedding: npm run embed:backfill of ${imported} jobs`);
    const backfill = await runBackfill(world);
    const caseName = `${imported} real postings, batches of ${BATCH}, ${threads} thread(s)`;
    const comparisons: Comparison[] = [
      {
        benchmark: 'embedding',
        case: caseName,
        subject: { label: 'npm run embed:backfill', unit: 'jobs/s', figures: { rate: backfill.docsPerSecond } },
        baseline: { label: 'the model alone, same texts', unit: 'jobs/s', figures: { rate: model.rate } },
        ratios: { rate: timeRatio(backfill.docsPerSecond, model.rate, { rate: true }) },
        note:
          `backfill ${backfill.seconds.toFixed(1)}s for ${backfill.written} jobs (the model ran on ${backfill.embedded} texts, ` +
          `${backfill.reused} vectors reused); 1 000 000 postings at this rate: ${(PROJECTED / backfill.docsPerSecond / 3600).toFixed(2)} h`,
        details: {
          backfill_seconds: backfill.seconds,
          model_seconds: model.seconds,
          projected_hours_1m: PROJECTED / backfill.docsPerSecond / 3600,
        },
      },
    ];

    log('embedding: recall@10 against exact search');
    const alias = world.config.indexAlias;
    const { ids, vectors } = await indexedVectors(world.search, alias);
    const queryModel = await Embedder.load({ threads });
    let agentVectors: Float32Array[];
    try {
      agentVectors = await queryModel.embedQueries(await agentQueries());
    } finally {
      await queryModel.close();
    }
    const step = Math.max(1, Math.floor(ids.length / DOCUMENT_QUERIES));
    const documentVectors = Array.from({ length: Math.min(DOCUMENT_QUERIES, ids.length) }, (_, i) => vectors[i * step]);
    const sets = [
      { name: `${agentVectors.length} agent queries`, queries: agentVectors },
      { name: `${documentVectors.length} postings (similar jobs)`, queries: documentVectors },
    ].map((set) => ({ ...set, exact: set.queries.map((q) => exactTop(q, ids, vectors)) }));
    const segments = (await world.search.cat.segments({ index: alias, format: 'json' })).length;
    const targets: { label: string; index: string }[] = [{ label: `product index (int8_hnsw, ${segments} segments)`, index: alias }];
    for (const [i, variant] of VARIANTS.entries())
      targets.push({ label: `${variant.label}, 1 segment`, index: await copyUnder(world, i, ids, vectors) });
    const rows: RecallRow[] = [];
    for (const target of targets) {
      for (const set of sets) {
        const recall: Record<number, number> = {};
        for (const n of NUM_CANDIDATES) recall[n] = await recallAt(world.search, target.index, set.queries, set.exact, n);
        rows.push({ index: target.label, queries: set.name, recall });
        log(`embedding: ${target.label}, ${set.name}: ${NUM_CANDIDATES.map((n) => `${n} ${recall[n].toFixed(3)}`).join(', ')}`);
      }
    }
    const table = formatColumns([
      ['index', 'queries', ...NUM_CANDIDATES.map((n) => `num_candidates ${n}`)],
      ...rows.map((r) => [r.index, r.queries, ...NUM_CANDIDATES.map((n) => r.recall[n].toFixed(3))]),
    ]);
    const text = `kNN recall@${K} against exact search over ${ids.length} vectors (k = ${K}):\n${table}`;
    return { comparisons, text, json: { vectors: ids.length, backfill, model, recall: rows } };
  } finally {
    await world.teardown(options.keep);
  }
}
