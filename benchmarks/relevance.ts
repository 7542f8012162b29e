/**
 * `npm run bench -- relevance`: the product's search against plain BM25 (one multi_match over
 * the unstemmed title and description) on the real postings (./relevance-world), scored with the
 * judgments of benchmarks/relevance/judgments.json for the queries of queries.json: P@10,
 * nDCG@10, MRR and the queries that found nothing, for both systems, and each query where the
 * product ranks below BM25. Postings in either top 10 that nobody judged yet are written,
 * shuffled and without saying which system found them, to .cache/relevance-pool.json, to be
 * judged blind and added to judgments.json (never rewritten). The search time of both systems is
 * measured too, as the ratio product / BM25 over the same queries.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@elastic/elasticsearch';
import { KnownWords } from '../services/read';
import { readSearchParams } from '../services/read';
import { queryWords } from '../services/read';
import { searchJobs } from '../services/read';
import type { BenchOptions } from './lib/args';
import { formatColumns, type Comparison } from './lib/report';
import { median, round, timeRatio } from './lib/stats';
import { scoreQuery, scoreSystem, type Grades, type QueryScores, type SystemScores } from './relevance-metrics';
import { relevanceWorld, type RealPosting } from './relevance-world';

const QUERIES_FILE = path.resolve(__dirname, 'relevance/queries.json');
const JUDGMENTS_FILE = path.resolve(__dirname, 'relevance/judgments.json');
export const POOL_FILE = path.resolve(__dirname, '../.cache/relevance-pool.json');
/** Timed rounds over every query, after one warm-up round. */
const TIMED_ROUNDS = 5;

/** A query of queries.json; `note` explains why it may rank below BM25. */
interface BenchQuery {
  q: string;
  style: string;
  note?: string;
}

/** What a system answers for a query: the job ids of its first ten results, and how many it found. */
type System = (q: string) => Promise<{ ids: string[]; total: number }>;

/** The product's search, as the search route runs it (typo policy from the words the index knows). */
function productSearch(client: Client, index: string): System {
  const knownWords = new KnownWords(client, index);
  return async (q) => {
    const params = readSearchParams({ q, limit: 10 });
    const typos = await knownWords.typoPolicy(queryWords(params.q).words);
    const result = await searchJobs(client, index, params, typos);
    return { ids: result.hits.map((hit) => hit.doc.id), total: result.total.value };
  };
}

/** Plain BM25: the query's words over the title and description, analysed only by the standard analyzer. */
function bm25Search(client: Client, index: string): System {
  return async (q) => {
    const response = await client.search<{ id: string }>({
      index,
      size: 10,
      _source: ['id'],
      query: { multi_match: { query: q, fields: ['title.plain', 'description.plain'] } },
    });
    const total = response.hits.total;
    return { ids: response.hits.hits.map((hit) => hit._source!.id), total: typeof total === 'number' ? total : (total?.value ?? 0) };
  };
}

/** Runs every query once per round on both systems, alternating, and gives each system's median time per query. */
async function timeSystems(
  systems: Record<'product' | 'bm25', System>,
  queries: readonly BenchQuery[],
): Promise<Record<'product' | 'bm25', number[]>> {
  const times = { product: [] as number[], bm25: [] as number[] };
  for (let round = 0; round <= TIMED_ROUNDS; round++) {
    for (const { q } of queries) {
      for (const name of round % 2 === 0 ? (['product', 'bm25'] as const) : (['bm25', 'product'] as const)) {
        const started = process.hrtime.bigint();
        await systems[name](q);
        if (round > 0) times[name].push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
  }
  return times;
}

const shuffled = <T>(items: T[]): T[] => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
};

/** One posting of the pool to judge, as a judge sees it. */
const poolItem = (q: string, key: string, p: RealPosting) => ({
  q,
  key,
  title: p.title,
  company: p.company,
  location: p.location,
  employment_type: p.employment_type,
  seniority: p.seniority,
  description: (p.description ?? '').slice(0, 900),
});

const fixed = (n: number) => n.toFixed(3);

function report(
  systems: Record<'product' | 'bm25', SystemScores>,
  below: { q: string; product: number; bm25: number; note?: string }[],
  queries: number,
): string {
  const rows = [
    ['system', 'P@10', 'nDCG@10', 'MRR', 'zero-result queries', 'unjudged in top 10'],
    ...(['product', 'bm25'] as const).map((name) => [
      name === 'product' ? 'product search' : 'plain BM25 (title + description)',
      fixed(systems[name].p10),
      fixed(systems[name].ndcg10),
      fixed(systems[name].mrr),
      systems[name].zeroResults.length === 0 ? 'none' : systems[name].zeroResults.join('; '),
      String(systems[name].unjudged),
    ]),
  ];
  const lines = [`Relevance on the real postings, ${queries} judged queries (benchmarks/relevance/):`, formatColumns(rows)];
  if (below.length === 0) lines.push('Every query ranks at least as well as BM25 on nDCG@10.');
  else {
    lines.push(`Queries below BM25 on nDCG@10 (${below.length}):`);
    for (const b of below) lines.push(`  "${b.q}": ${fixed(b.product)} vs ${fixed(b.bm25)}${b.note ? ` (${b.note})` : ' (no note)'}`);
  }
  return lines.join('\n');
}

/** The benchmark; the outcome has the timing comparison for the main table and the relevance report of its own. */
export async function relevance(
  _options: BenchOptions,
  log: (message: string) => void,
): Promise<{ comparisons: Comparison[]; json: unknown; text: string }> {
  const { queries } = JSON.parse(await readFile(QUERIES_FILE, 'utf8')) as { queries: BenchQuery[] };
  const judgments = JSON.parse(await readFile(JUDGMENTS_FILE, 'utf8').catch(() => '{}')) as Record<string, Grades>;
  const { world, postings, keyOfJob, reused } = await relevanceWorld(log);
  try {
    log(`relevance: ${reused ? 'reusing' : 'built'} ${world.config.indexAlias} with ${keyOfJob.size} traced postings`);
    const index = world.config.indexAlias;
    const systems = { product: productSearch(world.search, index), bm25: bm25Search(world.search, index) };
    const perQuery = { product: new Map<string, QueryScores>(), bm25: new Map<string, QueryScores>() };
    const rankings: Record<string, Record<'product' | 'bm25', string[]>> = {};
    const pool = new Map<string, ReturnType<typeof poolItem>>();
    for (const { q } of queries) {
      const grades = judgments[q] ?? {};
      rankings[q] = { product: [], bm25: [] };
      for (const name of ['product', 'bm25'] as const) {
        const { ids, total } = await systems[name](q);
        const keys = ids.map((id) => keyOfJob.get(id) ?? `job:${id}`);
        rankings[q][name] = keys;
        perQuery[name].set(q, scoreQuery(keys, grades, total));
        for (const key of keys)
          if (grades[key] === undefined && postings.has(key)) pool.set(`${q}\u0000${key}`, poolItem(q, key, postings.get(key)!));
      }
    }
    await mkdir(path.dirname(POOL_FILE), { recursive: true });
    await writeFile(POOL_FILE, JSON.stringify(shuffled([...pool.values()]), null, 1));
    if (pool.size > 0)
      log(`relevance: ${pool.size} pooled posting(s) not judged yet, written shuffled to ${path.relative(process.cwd(), POOL_FILE)}`);

    const scores = { product: scoreSystem(perQuery.product), bm25: scoreSystem(perQuery.bm25) };
    const below = queries
      .map(({ q, note }) => ({ q, note, product: perQuery.product.get(q)!.ndcg10, bm25: perQuery.bm25.get(q)!.ndcg10 }))
      .filter((b) => b.product < b.bm25 - 1e-9);

    log('relevance: timing both systems over every query');
    const times = await timeSystems(systems, queries);
    const product = median(times.product);
    const bm25 = median(times.bm25);
    const comparison: Comparison = {
      benchmark: 'relevance',
      case: `search, ${queries.length} real-data queries x ${TIMED_ROUNDS}`,
      subject: { label: 'product search (client to Elasticsearch)', unit: 'ms', figures: { median: round(product) } },
      baseline: { label: 'plain BM25 multi_match', unit: 'ms', figures: { median: round(bm25) } },
      ratios: { median: timeRatio(product, bm25) },
      note: 'the product may send a second request for a query no job matches in full (one word fewer)',
    };
    const perQueryJson = queries.map(({ q, style, note }) => ({
      q,
      style,
      ...(note ? { note } : {}),
      product: { ...perQuery.product.get(q)!, top: rankings[q].product },
      bm25: { ...perQuery.bm25.get(q)!, top: rankings[q].bm25 },
    }));
    return {
      comparisons: [comparison],
      json: { queries: queries.length, product: scores.product, bm25: scores.bm25, below_bm25: below, per_query: perQueryJson },
      text: report(scores, below, queries.length),
    };
  } finally {
    await world.teardown(true);
  }
}
