/**
 * The relevance benchmark's search modes (issue 30): each query of every set run in keyword,
 * semantic and hybrid mode as the search route runs them, and hybrid's fusion tried under other
 * methods and constants on the same two lists (the keyword and kNN lists are fetched once per
 * query and fused offline), each scored with the set's judgments; and the kNN search's recall
 * against exact search at several num_candidates, which is how num_candidates was chosen.
 */
import type { Client } from '@elastic/elasticsearch';
import {
  DEFAULT_FUSION,
  fuse,
  HYBRID_KEYWORD_LEG,
  fusionName,
  hybridLists,
  inactiveJobs,
  knnFilter,
  knnQuery,
  numCandidates,
  queryWords,
  readSearchParams,
  searchInMode,
  type Fusion,
  type KeywordLeg,
  type SearchContext,
} from '../services/read';
import { EmbeddingInputError, type TextEmbedder } from '../shared/embedding';
import { formatColumns } from './lib/report';
import { median } from './lib/stats';
import { RANKED_DEPTH } from '../shared/schemas/job-search';
import { pairedTest, scoreQuery, TIE, type Grades, type PairedTest } from './relevance-metrics';
import type { VectorCache } from './relevance-vectors';

export const MODES = ['keyword', 'semantic', 'hybrid'] as const;
/** How deep each ranking is kept: enough judged postings for a condensed top 10. */
const RANKED = 30;
export type Mode = (typeof MODES)[number];

/** Hybrid's keyword list run otherwise than the product runs it, each fused with DEFAULT_FUSION. */
export const KEYWORD_LEGS: readonly KeywordLeg[] = [
  { typos: 'as keyword mode', relax: true },
  { typos: 'two edits in titles only', relax: true },
  { typos: 'one edit', relax: true },
  { typos: 'none', relax: true },
  { typos: 'as keyword mode', relax: false },
  { typos: 'two edits in titles only', relax: false },
  { typos: 'none', relax: false },
];
const TYPOS_NAMES: Record<KeywordLeg['typos'], string> = {
  'as keyword mode': 'with typos',
  'two edits in titles only': 'with two-edit typos in titles only',
  'one edit': 'with one-edit typos',
  none: 'without typos',
};
export const legName = (leg: KeywordLeg) =>
  `${fusionName(DEFAULT_FUSION)}, keyword list ${TYPOS_NAMES[leg.typos]}, ${leg.relax ? 'with' : 'without'} relaxing`;

/**
 * The fusions tried on every query's two lists: reciprocal rank at several constants and keyword
 * weights, weighted sums at several keyword weights.
 */
export const FUSIONS: readonly Fusion[] = [
  ...[5, 10, 20, 30, 60, 100].map((k) => ({ method: 'rrf' as const, k })),
  ...[0.6, 0.7, 0.8, 0.9].map((keywordWeight) => ({ method: 'rrf' as const, k: 60, keywordWeight })),
  ...[0.3, 0.5, 0.6, 0.7, 0.8, 0.9].map((keywordWeight) => ({ method: 'linear' as const, keywordWeight })),
];
/** Every variant reported beside the modes: the fusions, then the keyword legs. */
const VARIANT_NAMES = [...FUSIONS.map(fusionName), ...KEYWORD_LEGS.map(legName)];

/** One query's ranking (posting keys, RANKED deep) and how many jobs it found, in each mode and under each fusion. */
export interface ModeRanking {
  q: string;
  modes: Record<Mode, { top: string[]; results: number }>;
  fusions: Record<string, string[]>;
  /** The model could not read the query: semantic and hybrid found nothing. */
  refused?: true;
}

/** Ranks each query in every mode and under every fusion; `keyOf` maps a job id to its posting key. */
/** The time each keyword leg's two lists took, per query (ms), over every rankModes call. */
export const legTimes: Record<string, number[]> = {};

export async function rankModes(context: SearchContext, queries: readonly string[], keyOf: (id: string) => string): Promise<ModeRanking[]> {
  const rankings: ModeRanking[] = [];
  for (const q of queries) {
    const none = { top: [], results: 0 };
    const modes = { keyword: none, semantic: none, hybrid: none } as ModeRanking['modes'];
    const fusions: Record<string, string[]> = {};
    try {
      for (const mode of MODES) {
        const result = await searchInMode(context, readSearchParams({ q, limit: RANKED, mode }));
        modes[mode] = { top: result.hits.map((hit) => keyOf(hit.doc.id)), results: result.total.value };
      }
      const params = readSearchParams({ q, limit: 10, mode: 'hybrid' });
      const listsOf = (leg: KeywordLeg) =>
        hybridLists(
          context.client,
          context.index,
          params,
          async () => (await context.embedder.embedQueries([q]))[0],
          async () => context.knownWords.typoPolicy(queryWords(q).words),
          RANKED_DEPTH,
          leg,
        );
      const lists = await listsOf(HYBRID_KEYWORD_LEG);
      for (const fusion of FUSIONS)
        fusions[fusionName(fusion)] = fuse(lists.keyword, lists.semantic, fusion, RANKED).map((s) => keyOf(s.id));
      for (const leg of KEYWORD_LEGS) {
        const started = process.hrtime.bigint();
        const other = await listsOf(leg);
        (legTimes[legName(leg)] ??= []).push(Number(process.hrtime.bigint() - started) / 1e6);
        fusions[legName(leg)] = fuse(other.keyword, other.semantic, DEFAULT_FUSION, RANKED).map((s) => keyOf(s.id));
      }
      rankings.push({ q, modes, fusions });
    } catch (err) {
      if (!(err instanceof EmbeddingInputError)) throw err;
      rankings.push({ q, modes, fusions, refused: true });
    }
  }
  return rankings;
}

/** Every top 10 of a query's rankings, for the pool of postings to judge. */
export function modeTops(ranking: ModeRanking): string[][] {
  return [...MODES.map((mode) => ranking.modes[mode].top), ...Object.values(ranking.fusions)].map((top) => top.slice(0, 10));
}

/**
 * One system's figures on a set: mean nDCG@10, P@10 and the unjudged postings of its top 10s; and
 * the condensed nDCG@10 (the ranking with its unjudged postings left out, then cut to 10): the
 * usual correction for judgments pooled from other systems, which otherwise count every posting
 * that only the new system finds as not relevant.
 */
interface SystemFigures {
  ndcg10: number;
  condensed_ndcg10: number;
  p10: number;
  unjudged: number;
}

/** A set's figures per mode and per fusion, and hybrid against keyword query by query. */
export interface ModesReport {
  queries: number;
  judged_queries: number;
  modes: Record<Mode, SystemFigures>;
  fusions: Record<string, SystemFigures>;
  /** The fusion hybrid mode uses, and the best of those tried here on this set (by condensed nDCG@10). */
  default_fusion: string;
  best_fusion: string;
  hybrid_vs_keyword: PairedTest;
  /** The same on condensed nDCG@10 (unjudged postings left out). */
  hybrid_vs_keyword_condensed: PairedTest;
  /** Queries where the default fusion's offline top 10 differs from hybrid mode's (0 when the two paths agree). */
  fusion_path_mismatches: number;
}

const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

function figures(
  tops: readonly { q: string; top: string[]; results: number }[],
  judgments: Readonly<Record<string, Grades>>,
): SystemFigures {
  const scores = tops.map(({ q, top, results }) => scoreQuery(top, judgments[q] ?? {}, results));
  const condensed = tops.map(({ q, top, results }) => {
    const grades = judgments[q] ?? {};
    return scoreQuery(
      top.filter((key) => grades[key] !== undefined),
      grades,
      results,
    ).ndcg10;
  });
  return {
    ndcg10: mean(scores.map((s) => s.ndcg10)),
    condensed_ndcg10: mean(condensed),
    p10: mean(scores.map((s) => s.p10)),
    unjudged: scores.reduce((sum, s) => sum + s.unjudged, 0),
  };
}

/** Scores a set's mode rankings with its judgments (a posting nobody judged counts as 0). */
export function scoreModes(rankings: readonly ModeRanking[], judgments: Readonly<Record<string, Grades>>): ModesReport {
  const modes = Object.fromEntries(
    MODES.map((mode) => [
      mode,
      figures(
        rankings.map((r) => ({ q: r.q, ...r.modes[mode] })),
        judgments,
      ),
    ]),
  ) as Record<Mode, SystemFigures>;
  const fusions = Object.fromEntries(
    VARIANT_NAMES.map((name) => [
      name,
      figures(
        rankings.map((r) => ({ q: r.q, top: r.fusions[name] ?? [], results: (r.fusions[name] ?? []).length })),
        judgments,
      ),
    ]),
  );
  const ndcgOf = (mode: Mode, condensed = false) =>
    new Map(
      rankings.map((r) => {
        const grades = judgments[r.q] ?? {};
        const top = condensed ? r.modes[mode].top.filter((key) => grades[key] !== undefined) : r.modes[mode].top;
        return [r.q, scoreQuery(top, grades, 0).ndcg10];
      }),
    );
  const best = Object.entries(fusions).reduce((a, b) => (b[1].condensed_ndcg10 > a[1].condensed_ndcg10 + TIE ? b : a));
  const defaultName = fusionName(DEFAULT_FUSION);
  return {
    queries: rankings.length,
    judged_queries: rankings.filter((r) => Object.keys(judgments[r.q] ?? {}).length > 0).length,
    modes,
    fusions,
    default_fusion: defaultName,
    best_fusion: best[0],
    hybrid_vs_keyword: pairedTest(ndcgOf('hybrid'), ndcgOf('keyword')),
    hybrid_vs_keyword_condensed: pairedTest(ndcgOf('hybrid', true), ndcgOf('keyword', true)),
    fusion_path_mismatches: rankings.filter(
      (r) => !r.refused && r.fusions[defaultName]?.slice(0, 10).join() !== r.modes.hybrid.top.slice(0, 10).join(),
    ).length,
  };
}

const fixed = (n: number) => n.toFixed(3);

/** The table of every set: nDCG@10 per mode, then per fusion, with the condensed figure and the unjudged postings of each. */
export function formatModesReport(sets: readonly { title: string; report: ModesReport }[]): string {
  const names = VARIANT_NAMES;
  const cell = (f: SystemFigures, best = false) => `${fixed(f.ndcg10)} / ${fixed(f.condensed_ndcg10)} [${f.unjudged}]${best ? '*' : ''}`;
  const paired = (t: PairedTest) => `${t.wins}/${t.ties}/${t.losses}, p = ${t.p.toPrecision(2)}`;
  const lines = [
    'nDCG@10 by search mode (issue 30) on each set: nDCG@10 / condensed nDCG@10 (unjudged postings left out of the ranking) ' +
      '[unjudged postings in the top 10s, which count as not relevant until judged].',
    `Hybrid mode fuses with ${fusionName(DEFAULT_FUSION)}; the other fusions are the same two lists (keyword's and kNN's best 100) fused otherwise.`,
    formatColumns([
      ['set', 'queries', 'judged', ...MODES, 'hybrid vs keyword (w/t/l, p)', 'condensed'],
      ...sets.map(({ title, report }) => [
        title,
        String(report.queries),
        String(report.judged_queries),
        ...MODES.map((mode) => cell(report.modes[mode])),
        paired(report.hybrid_vs_keyword),
        paired(report.hybrid_vs_keyword_condensed),
      ]),
    ]),
    '',
    'Fusions (* the best on the set by condensed nDCG@10):',
    formatColumns([
      ['fusion', ...sets.map(({ title }) => title)],
      ...names.map((name) => [name, ...sets.map(({ report }) => cell(report.fusions[name], name === report.best_fusion))]),
    ]),
  ];
  const mismatched = sets.filter(({ report }) => report.fusion_path_mismatches > 0);
  if (mismatched.length > 0)
    lines.push(
      `Note: hybrid mode's top 10 differs from ${fusionName(DEFAULT_FUSION)} fused offline on ` +
        mismatched.map(({ title, report }) => `${report.fusion_path_mismatches} queries of ${title}`).join(', '),
    );
  return lines.join('\n');
}

/** kNN against exact search at one num_candidates: recall of the k nearest, and the request's median time. */
export interface RecallRow {
  k: number;
  num_candidates: number;
  recall: number;
  median_ms: number;
  product: boolean;
}

/** The settings tried: for similar jobs' k = 10 and the ranked modes' k = 100. */
const RECALL_SETTINGS: readonly { k: number; candidates: number[] }[] = [
  { k: 10, candidates: [10, 20, 50, 100, 200] },
  { k: 100, candidates: [100, 150, 200, 300, 500] },
];

/**
 * Recall of the product's kNN search (int8_hnsw, the active-job filter) against exact search (the
 * dot product of the query with every active job's vector, in this process), for every query, at
 * each setting.
 */
export async function measureKnnRecall(
  client: Client,
  index: string,
  embedder: TextEmbedder,
  queries: readonly string[],
  vectorOfJob: ReadonlyMap<string, Float32Array>,
): Promise<RecallRow[]> {
  const active = await activeJobIds(client, index);
  const jobs = [...vectorOfJob].filter(([id]) => active.has(id));
  const rows: RecallRow[] = [];
  const readable: { vector: Float32Array; exact: string[] }[] = [];
  for (const q of queries) {
    const vector = await embedder.embedQueries([q]).then(
      ([v]) => v,
      () => undefined,
    );
    if (!vector) continue;
    const scored = jobs.map(([id, job]) => ({ id, score: job.reduce((sum, x, i) => sum + x * vector[i], 0) }));
    scored.sort((a, b) => b.score - a.score);
    readable.push({ vector, exact: scored.slice(0, 100).map((s) => s.id) });
  }
  const filter = knnFilter({ job_types: [], location_ids: [], organization_ids: [], experiences: [], skills: [] }, {});
  for (const { k, candidates } of RECALL_SETTINGS)
    for (const num of candidates) {
      if (num < k) continue;
      const recalls: number[] = [];
      const times: number[] = [];
      for (const { vector, exact } of readable) {
        const started = process.hrtime.bigint();
        const response = await client.search({ index, query: knnQuery({ vector }, k, filter, num), size: k, _source: false });
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        const found = new Set(response.hits.hits.map((hit) => hit._id));
        recalls.push(exact.slice(0, k).filter((id) => found.has(id)).length / k);
      }
      rows.push({ k, num_candidates: num, recall: mean(recalls), median_ms: median(times), product: num === numCandidates(k) });
    }
  return rows;
}

async function activeJobIds(client: Client, index: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let after: (string | number)[] | undefined;
  for (;;) {
    const page = await client.search({
      index,
      query: { bool: { must_not: inactiveJobs() } },
      size: 5000,
      sort: [{ id: 'asc' }],
      _source: false,
      ...(after ? { search_after: after } : {}),
    });
    for (const hit of page.hits.hits) ids.add(hit._id!);
    if (page.hits.hits.length < 5000) return ids;
    after = page.hits.hits[page.hits.hits.length - 1].sort as (string | number)[];
  }
}

/** The recall table: one row per k and num_candidates, the product's settings marked. */
export function formatRecall(rows: readonly RecallRow[], queries: number): string {
  return [
    `kNN recall against exact search (${queries} agent queries, active jobs, int8_hnsw), by num_candidates; * the product's setting:`,
    formatColumns([
      ['k', 'num_candidates', `recall@k`, 'median ms (client)'],
      ...rows.map((r) => [String(r.k), `${r.num_candidates}${r.product ? '*' : ''}`, fixed(r.recall), r.median_ms.toFixed(2)]),
    ]),
  ].join('\n');
}

/** Vectors of the jobs by id, from the cache and each job's key. */
export function vectorsOfJobs(cache: VectorCache, keyOfJob: ReadonlyMap<string, string>): Map<string, Float32Array> {
  return new Map([...keyOfJob].flatMap(([id, key]) => (cache.has(key) ? [[id, cache.get(key)!] as const] : [])));
}

/** The median time of hybrid's two lists with each keyword leg, per query (ms, client side: the lists run side by side, the query's vector cached). */
export function legTimeMedians(): Record<string, number> {
  return Object.fromEntries(Object.entries(legTimes).map(([name, times]) => [name, median(times)]));
}

export function formatLegTimes(): string {
  return [
    "Hybrid's two lists, median ms per query (keyword and kNN side by side, the query's vector cached), by keyword leg:",
    ...Object.entries(legTimeMedians()).map(([name, ms]) => `  ${name}: ${ms.toFixed(2)}`),
  ].join('\n');
}
