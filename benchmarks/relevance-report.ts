/**
 * The relevance benchmark's report on one query set (development or held-out), from the rankings
 * the benchmark collected: each system scored with the set's judgments, overall and by category
 * (the queries' style); each query where the product ranks below BM25, with a reason read off the
 * rankings and grades; paired sign tests of the product against BM25 and against a previous run.
 * As JSON, which a later run reads back with --previous (previousRankings), and as text.
 */
import { queryWords } from '../services/read';
import { formatColumns } from './lib/report';
import {
  DEPTH,
  pairedTest,
  RELEVANT,
  scoreByCategory,
  scoreQuery,
  scoreSystem,
  TIE,
  type CategoryScores,
  type Grades,
  type PairedTest,
  type QueryScores,
  type SystemScores,
} from './relevance-metrics';

/** The systems compared: the product now, plain BM25, and the product of an earlier run (--previous), re-scored. */
export type SystemName = 'product' | 'bm25' | 'previous';
const SYSTEMS: readonly SystemName[] = ['product', 'bm25', 'previous'];
const LABELS: Record<SystemName, string> = {
  product: 'product search',
  bm25: 'plain BM25 (title + description)',
  previous: 'previous run',
};

/** What a system answered for a query: the posting keys of its first ten results, and how many it found. */
export interface Ranking {
  top: string[];
  results: number;
}

/** A query of a set with each system's ranking; `previous` only when the earlier run had the query. */
export interface RankedQuery {
  q: string;
  style: string;
  note?: string;
  rankings: { product: Ranking; bm25: Ranking; previous?: Ranking };
}

/** How many postings of each kind a reason names. */
const EXAMPLES = 3;

/** Why a query ranks below BM25, from the two top 10s and the grades. */
export interface LossReason {
  summary: string;
  /** Postings of the product's top 10 graded 0 or not judged (grade null) that BM25's top 10 does not hold. */
  product_misses: { count: number; first: { key: string; title: string; grade: number | null }[] };
  /** Postings graded 2 in BM25's top 10 that the product's top 10 does not hold. */
  bm25_hits: { count: number; first: { key: string; title: string }[] };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** The grades of a top 10 by rank, `?` for a posting nobody judged. */
const gradeLine = (top: readonly string[], grades: Grades) =>
  top.length === 0 ? 'nothing' : top.map((key) => (grades[key] === undefined ? '?' : String(grades[key]))).join(' ');

export function lossReason(product: Ranking, bm25: Ranking, grades: Grades, titleOf: (key: string) => string): LossReason {
  const productTop = product.top.slice(0, DEPTH);
  const bm25Top = bm25.top.slice(0, DEPTH);
  const misses = productTop.filter((key) => !bm25Top.includes(key) && (grades[key] ?? 0) < RELEVANT);
  const hits = bm25Top.filter((key) => !productTop.includes(key) && grades[key] === 2);
  const parts: string[] = [];
  if (productTop.length < bm25Top.length) parts.push(`the product finds ${plural(product.results, 'posting')}, BM25 ${bm25.results}`);
  if (misses.length > 0) parts.push(`${plural(misses.length, 'posting')} of the product's top 10 graded 0 or unjudged, not in BM25's`);
  if (hits.length > 0) parts.push(`${plural(hits.length, 'posting')} graded 2 in BM25's top 10, not in the product's`);
  // Neither side has a posting of its own to blame: the difference is in the order or in grades 1 against 2.
  if (parts.length === 0) {
    const sorted = (top: readonly string[]) => top.map((key) => grades[key] ?? 0).sort((a, b) => b - a);
    const sameGrades = sorted(productTop).join() === sorted(bm25Top).join();
    parts.push(
      `${sameGrades ? 'the same grades, in a worse order' : 'grades by rank'}: product ${gradeLine(productTop, grades)}, BM25 ${gradeLine(bm25Top, grades)}`,
    );
  }
  return {
    summary: parts.join('; '),
    product_misses: {
      count: misses.length,
      first: misses.slice(0, EXAMPLES).map((key) => ({ key, title: titleOf(key), grade: grades[key] ?? null })),
    },
    bm25_hits: { count: hits.length, first: hits.slice(0, EXAMPLES).map((key) => ({ key, title: titleOf(key) })) },
  };
}

/** A category's figures per system; `previous` only when the earlier run had some of its queries. */
export interface CategoryRow {
  style: string;
  product: CategoryScores;
  bm25: CategoryScores;
  previous?: CategoryScores;
  product_below_bm25: boolean;
}

export interface BelowBm25 {
  q: string;
  style: string;
  note?: string;
  product: number;
  bm25: number;
  reason: LossReason;
}

/** One query as --json gives it, and as --previous reads it back (`product.top`). */
export interface QueryReport {
  q: string;
  style: string;
  note?: string;
  product: QueryScores & { top: string[] };
  bm25: QueryScores & { top: string[] };
  previous?: QueryScores & { top: string[] };
}

/** Everything about one set; `previous` parts only when a previous run was given. */
export interface SetReport {
  queries: number;
  /** Queries with at least one judged posting: on the others every system scores 0. */
  judged_queries: number;
  /** `previous` over the queries the earlier run had (`queries` of them). */
  scores: { product: SystemScores; bm25: SystemScores; previous?: SystemScores & { queries: number } };
  by_category: CategoryRow[];
  below_bm25: BelowBm25[];
  /** On nDCG@10 per query; product vs previous over the queries both have. */
  paired: { product_vs_bm25: PairedTest; product_vs_previous?: PairedTest };
  per_query: QueryReport[];
}

const ndcgs = (perQuery: ReadonlyMap<string, QueryScores>) => new Map([...perQuery].map(([q, s]) => [q, s.ndcg10]));

function categoryRows(
  queries: readonly RankedQuery[],
  perQuery: Record<SystemName, Map<string, QueryScores>>,
  withPrevious: boolean,
): CategoryRow[] {
  const styleOf = new Map(queries.map(({ q, style }) => [q, style]));
  const byStyle = (name: SystemName) => scoreByCategory(perQuery[name], (q) => styleOf.get(q)!);
  const [product, bm25, previous] = SYSTEMS.map(byStyle);
  return [...product].map(([style, scores]) => ({
    style,
    product: scores,
    bm25: bm25.get(style)!,
    ...(withPrevious && previous.has(style) ? { previous: previous.get(style)! } : {}),
    product_below_bm25: scores.ndcg10 <= bm25.get(style)!.ndcg10 - TIE,
  }));
}

/**
 * Scores the rankings of a set's queries with its judgments (a posting nobody judged counts as 0).
 * `withPrevious`: a previous run was given, so its figures are reported even when it had none of these queries.
 */
export function scoreSet(
  queries: readonly RankedQuery[],
  judgments: Readonly<Record<string, Grades>>,
  titleOf: (key: string) => string,
  withPrevious: boolean,
): SetReport {
  const perQuery: Record<SystemName, Map<string, QueryScores>> = { product: new Map(), bm25: new Map(), previous: new Map() };
  for (const { q, rankings } of queries)
    for (const name of SYSTEMS) {
      const ranking = rankings[name];
      if (ranking) perQuery[name].set(q, scoreQuery(ranking.top, judgments[q] ?? {}, ranking.results));
    }
  const below = queries
    .map(({ q, style, note, rankings }) => ({
      q,
      style,
      ...(note ? { note } : {}),
      product: perQuery.product.get(q)!.ndcg10,
      bm25: perQuery.bm25.get(q)!.ndcg10,
      reason: lossReason(rankings.product, rankings.bm25, judgments[q] ?? {}, titleOf),
    }))
    .filter((b) => b.product <= b.bm25 - TIE);
  const withTop = (name: SystemName, q: string, ranking: Ranking) => ({ ...perQuery[name].get(q)!, top: ranking.top });
  return {
    queries: queries.length,
    judged_queries: queries.filter(({ q }) => Object.keys(judgments[q] ?? {}).length > 0).length,
    scores: {
      product: scoreSystem(perQuery.product),
      bm25: scoreSystem(perQuery.bm25),
      ...(withPrevious ? { previous: { ...scoreSystem(perQuery.previous), queries: perQuery.previous.size } } : {}),
    },
    by_category: categoryRows(queries, perQuery, withPrevious),
    below_bm25: below,
    paired: {
      product_vs_bm25: pairedTest(ndcgs(perQuery.product), ndcgs(perQuery.bm25)),
      ...(withPrevious ? { product_vs_previous: pairedTest(ndcgs(perQuery.product), ndcgs(perQuery.previous)) } : {}),
    },
    per_query: queries.map(({ q, style, note, rankings }) => ({
      q,
      style,
      ...(note ? { note } : {}),
      product: withTop('product', q, rankings.product),
      bm25: withTop('bm25', q, rankings.bm25),
      ...(rankings.previous ? { previous: withTop('previous', q, rankings.previous) } : {}),
    })),
  };
}

/** How much of a description a judge reads from its start, and around each later mention of a query word. */
export const JUDGED_OPENING = 900;
const MENTION_CONTEXT = 150;
const MENTIONS_PER_WORD = 2;

/**
 * The passages past the opening that mention a word of the query, each with its context: a
 * skill named late in a long description ("TensorFlow" in its fifth paragraph) is what a skill
 * pair asks for, and a judge who read only the opening graded such postings 0.
 */
export function laterMentions(q: string, description: string): string[] {
  const rest = description.slice(JUDGED_OPENING);
  const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return queryWords(q).words.flatMap((word) =>
    [...rest.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escaped(word)}(?![\\p{L}\\p{N}])`, 'giu'))]
      .slice(0, MENTIONS_PER_WORD)
      .map((m) => `...${rest.slice(Math.max(0, m.index - MENTION_CONTEXT), m.index + word.length + MENTION_CONTEXT)}...`),
  );
}

/** The query sets of the benchmark, in the order they are reported (./relevance SETS). */
export const SET_NAMES = [
  'development',
  'heldout',
  'heldout2',
  'heldout3',
  'heldout4',
  'heldout5',
  'heldout6',
  'heldout7',
  'heldout8',
  'heldout9',
  'heldout10',
  'heldout11',
  'heldout12',
  'heldout13',
  'heldout14',
  'heldout15',
  'heldout16',
  'heldout17',
  'heldout18',
  'heldout19',
  'heldout20',
  'heldout21',
  'heldout22',
  'heldout23',
  'heldout24',
  'heldout25',
  'heldout26',
  'heldout27',
  'heldout28',
  'heldout29',
  'heldout30',
  'heldout31',
  'heldout32',
  'heldout33',
  'heldout34',
  'heldout35',
  'heldout36',
  'heldout37',
  'heldout38',
  'heldout39',
  'heldout40',
  'heldout41',
  'heldout42',
  'heldout43',
  'meaning',
  'meaning2',
] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The per_query lists of a --json document: one over every query before the held-out set, one per set since. */
function perQueryLists(doc: unknown): unknown[][] {
  // The whole document run.ts prints nests the benchmark's own JSON under its name; the part alone is taken too.
  const relevance = isObject(doc) && isObject(doc.relevance) ? doc.relevance : doc;
  if (!isObject(relevance)) return [];
  if (Array.isArray(relevance.per_query)) return [relevance.per_query];
  return SET_NAMES.map((set) => relevance[set])
    .filter(isObject)
    .map((set) => set.per_query)
    .filter((list): list is unknown[] => Array.isArray(list));
}

/**
 * The JSON document of a saved --json output. Whatever precedes it is skipped: `npm run` without
 * -s prints its own lines first to the same stdout.
 */
export function parseRunOutput(text: string): unknown {
  return JSON.parse(text.slice(Math.max(0, text.search(/^\{/m))));
}

/**
 * The product's rankings in an earlier run's --json output, by query text (the first, if a
 * query appears twice). Throws when the document holds none, as it is then not such an output.
 */
export function previousRankings(doc: unknown): Map<string, Ranking> {
  const rankings = new Map<string, Ranking>();
  for (const entry of perQueryLists(doc).flat()) {
    if (!isObject(entry) || typeof entry.q !== 'string' || !isObject(entry.product) || rankings.has(entry.q)) continue;
    const { top, results } = entry.product;
    if (!Array.isArray(top) || !top.every((key): key is string => typeof key === 'string')) continue;
    rankings.set(entry.q, { top, results: typeof results === 'number' ? results : top.length });
  }
  if (rankings.size === 0)
    throw new Error('it holds no relevance per_query with product.top: give the --json output of npm run bench -- relevance');
  return rankings;
}

const fixed = (n: number) => n.toFixed(3);
const signed = (n: number) => `${n >= 0 ? '+' : ''}${fixed(n)}`;
const pValue = (p: number) => (p < 1e-4 ? p.toExponential(1) : p.toFixed(4));

function overallTable(report: SetReport): string {
  const systems = SYSTEMS.filter((name) => report.scores[name] !== undefined);
  const label = (name: SystemName) =>
    name === 'previous' ? `${LABELS.previous} (${report.scores.previous!.queries} of ${report.queries} queries)` : LABELS[name];
  return formatColumns([
    ['system', 'P@10', 'nDCG@10', 'MRR', 'zero-result queries', 'unjudged in top 10'],
    ...systems.map((name) => {
      const s = report.scores[name]!;
      return [
        label(name),
        fixed(s.p10),
        fixed(s.ndcg10),
        fixed(s.mrr),
        s.zeroResults.length === 0 ? 'none' : s.zeroResults.join('; '),
        String(s.unjudged),
      ];
    }),
  ]);
}

function categoryTable(report: SetReport): string {
  const withPrevious = report.scores.previous !== undefined;
  const figures = (s: CategoryScores | undefined) => (s === undefined ? ['-', '-'] : [fixed(s.ndcg10), fixed(s.p10)]);
  return formatColumns([
    [
      'category',
      'queries',
      'product nDCG@10',
      'P@10',
      'BM25 nDCG@10',
      'P@10',
      ...(withPrevious ? ['previous queries', 'nDCG@10', 'P@10'] : []),
      '',
    ],
    ...report.by_category.map((row) => [
      row.style,
      String(row.product.queries),
      ...figures(row.product),
      ...figures(row.bm25),
      ...(withPrevious ? [String(row.previous?.queries ?? 0), ...figures(row.previous)] : []),
      row.product_below_bm25 ? '<- product below BM25' : '',
    ]),
  ]);
}

const pairedLine = (name: string, t: PairedTest) =>
  `  ${name}: ${t.wins} wins / ${t.ties} ties / ${t.losses} losses over ${t.pairs} queries, ` +
  `mean difference ${signed(t.meanDifference)}, sign test p = ${pValue(t.p)}`;

function belowLines(below: readonly BelowBm25[]): string[] {
  if (below.length === 0) return ['Every query ranks at least as well as BM25 on nDCG@10.'];
  const lines = [`Queries below BM25 on nDCG@10 (${below.length}):`];
  for (const b of below) {
    const { product_misses: misses, bm25_hits: hits } = b.reason;
    lines.push(`  "${b.q}" (${b.style}): ${fixed(b.product)} vs ${fixed(b.bm25)}${b.note ? ` (${b.note})` : ' (no note)'}`);
    lines.push(`    why: ${b.reason.summary}`);
    if (misses.count > 0)
      lines.push(
        `    product only: ${misses.first.map((m) => `"${m.title}" (${m.grade === null ? 'unjudged' : m.grade})`).join('; ')}` +
          (misses.count > misses.first.length ? `; and ${misses.count - misses.first.length} more` : ''),
      );
    if (hits.count > 0)
      lines.push(
        `    BM25 only, graded 2: ${hits.first.map((h) => `"${h.title}"`).join('; ')}` +
          (hits.count > hits.first.length ? `; and ${hits.count - hits.first.length} more` : ''),
      );
  }
  return lines;
}

/** The text of one set: `title` names it, `files` where its queries and judgments are. */
export function formatSetReport(title: string, files: string, report: SetReport): string {
  const lines = [`${title}: ${report.queries} queries, ${report.judged_queries} of them judged (${files})`];
  if (report.judged_queries === 0) lines.push('No judgments yet: every posting counts as not relevant until its pool is judged.');
  lines.push(overallTable(report), '', "By category (the queries' style):", categoryTable(report), '');
  lines.push('Paired on nDCG@10 per query (a win: the product scores higher; two-sided exact sign test over the queries that do not tie):');
  lines.push(pairedLine('product vs BM25', report.paired.product_vs_bm25));
  if (report.paired.product_vs_previous) lines.push(pairedLine('product vs previous run', report.paired.product_vs_previous));
  lines.push('', ...belowLines(report.below_bm25));
  if (report.paired.product_vs_previous) lines.push(...movedLines(report.per_query));
  return lines.join('\n');
}

/**
 * The queries whose nDCG@10 the product moved against the previous run, risen first, each by
 * how much: what a trial on the spent sets is read from (its postings not judged yet count as 0,
 * and are in the pool file).
 */
export function movedLines(queries: readonly QueryReport[]): string[] {
  const moved = queries
    .filter((query) => query.previous && Math.abs(query.product.ndcg10 - query.previous.ndcg10) > TIE)
    .map((query) => ({ query, change: query.product.ndcg10 - query.previous!.ndcg10 }))
    .sort((a, b) => b.change - a.change);
  if (moved.length === 0) return [];
  const risen = moved.filter(({ change }) => change > 0).length;
  return [
    '',
    `Queries moved against the previous run on nDCG@10 (${risen} up, ${moved.length - risen} down):`,
    ...moved.map(
      ({ query, change }) =>
        `  ${change > 0 ? '+' : '-'} "${query.q}" (${query.style}): ${query.previous!.ndcg10.toFixed(3)} -> ${query.product.ndcg10.toFixed(3)}` +
        (query.product.unjudged > 0 ? `, ${query.product.unjudged} unjudged in its top 10` : ''),
    ),
  ];
}
