/**
 * Ranking metrics of the relevance benchmark, from graded judgments (0 not relevant, 1 partly,
 * 2 what the query asks for) as TREC and Elasticsearch's `_rank_eval` compute them. A posting
 * nobody judged counts as 0 and is reported, so that it gets judged.
 */

/** The grades of one query: posting key → 0, 1 or 2. */
export type Grades = Readonly<Record<string, number>>;

/** How deep a ranking is read. */
export const DEPTH = 10;
/** A grade from which a posting counts as relevant for P@10 and MRR. */
export const RELEVANT = 1;

const gradesOf = (ranking: readonly string[], grades: Grades) => ranking.slice(0, DEPTH).map((key) => grades[key] ?? 0);

/** Share of the first DEPTH places holding a relevant posting (empty places count as misses). */
export function precisionAt10(ranking: readonly string[], grades: Grades): number {
  return gradesOf(ranking, grades).filter((g) => g >= RELEVANT).length / DEPTH;
}

const dcg = (gains: readonly number[]) => gains.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);

/** Discounted cumulative gain of the first DEPTH places over that of the best order of every judged posting. */
export function ndcgAt10(ranking: readonly string[], grades: Grades): number {
  const ideal = dcg(
    Object.values(grades)
      .sort((a, b) => b - a)
      .slice(0, DEPTH),
  );
  return ideal === 0 ? 0 : dcg(gradesOf(ranking, grades)) / ideal;
}

/** 1 / the place of the first relevant posting within DEPTH, else 0. */
export function reciprocalRank(ranking: readonly string[], grades: Grades): number {
  const place = gradesOf(ranking, grades).findIndex((g) => g >= RELEVANT);
  return place === -1 ? 0 : 1 / (place + 1);
}

/** The first DEPTH postings of a ranking that have no grade yet. */
export function unjudged(ranking: readonly string[], grades: Grades): string[] {
  return ranking.slice(0, DEPTH).filter((key) => grades[key] === undefined);
}

/** Metrics of one query's ranking. */
export interface QueryScores {
  p10: number;
  ndcg10: number;
  rr: number;
  results: number;
  unjudged: number;
}

export function scoreQuery(ranking: readonly string[], grades: Grades, results: number): QueryScores {
  return {
    p10: precisionAt10(ranking, grades),
    ndcg10: ndcgAt10(ranking, grades),
    rr: reciprocalRank(ranking, grades),
    results,
    unjudged: unjudged(ranking, grades).length,
  };
}

/** Means over the queries, and the queries that found nothing. */
export interface SystemScores {
  p10: number;
  ndcg10: number;
  mrr: number;
  zeroResults: string[];
  unjudged: number;
}

const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

export function scoreSystem(perQuery: ReadonlyMap<string, QueryScores>): SystemScores {
  const all = [...perQuery.values()];
  return {
    p10: mean(all.map((s) => s.p10)),
    ndcg10: mean(all.map((s) => s.ndcg10)),
    mrr: mean(all.map((s) => s.rr)),
    zeroResults: [...perQuery].filter(([, s]) => s.results === 0).map(([q]) => q),
    unjudged: all.reduce((sum, s) => sum + s.unjudged, 0),
  };
}

/** Mean nDCG@10 and P@10 of the queries of one category (style), and how many there are. */
export interface CategoryScores {
  queries: number;
  ndcg10: number;
  p10: number;
}

/** The means per category, in the order the categories first appear; `styleOf` names each query's category. */
export function scoreByCategory(perQuery: ReadonlyMap<string, QueryScores>, styleOf: (q: string) => string): Map<string, CategoryScores> {
  const groups = new Map<string, QueryScores[]>();
  for (const [q, scores] of perQuery) groups.set(styleOf(q), [...(groups.get(styleOf(q)) ?? []), scores]);
  return new Map(
    [...groups].map(([style, all]) => [
      style,
      { queries: all.length, ndcg10: mean(all.map((s) => s.ndcg10)), p10: mean(all.map((s) => s.p10)) },
    ]),
  );
}

/** Below this, two per-query figures count as equal (sums of logarithms differ in the last bits). */
export const TIE = 1e-9;

/**
 * Two-sided exact sign test: p = min(1, 2·P[X ≤ min(wins, losses)]) with X ~ Bin(wins + losses, 1/2),
 * ties left out before (1 when every pair ties). The terms are summed from their logarithms, as
 * 2^-n alone underflows past n = 1074.
 */
export function signTest(wins: number, losses: number): number {
  const n = wins + losses;
  let logTerm = -n * Math.LN2;
  let tail = 0;
  for (let k = 0; k <= Math.min(wins, losses); k++) {
    if (k > 0) logTerm += Math.log(n - k + 1) - Math.log(k);
    tail += Math.exp(logTerm);
  }
  return Math.min(1, 2 * tail);
}

/** A subject against a baseline, query by query: how often it scores higher, the same, lower, and whether that is chance. */
export interface PairedTest {
  /** Queries both sides have. */
  pairs: number;
  wins: number;
  ties: number;
  losses: number;
  /** Mean of subject - baseline over every pair, ties included. */
  meanDifference: number;
  /** Two-sided exact sign test over the pairs that do not tie. */
  p: number;
}

/** Pairs the queries both maps have (one figure per query, e.g. nDCG@10) and tests subject against baseline. */
export function pairedTest(subject: ReadonlyMap<string, number>, baseline: ReadonlyMap<string, number>): PairedTest {
  const differences = [...subject].filter(([q]) => baseline.has(q)).map(([q, value]) => value - baseline.get(q)!);
  const wins = differences.filter((d) => d >= TIE).length;
  const losses = differences.filter((d) => d <= -TIE).length;
  return {
    pairs: differences.length,
    wins,
    ties: differences.length - wins - losses,
    losses,
    meanDifference: mean(differences),
    p: signTest(wins, losses),
  };
}
