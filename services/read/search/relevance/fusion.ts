/**
 * Hybrid search fuses two ranked lists of jobs in the read service: the keyword search's and the
 * kNN search's (Elasticsearch's own rrf and linear retrievers need an Enterprise licence). Two
 * ways are offered; which one a hybrid search uses, and with what constant, was measured on the
 * judged relevance sets (docs/decisions.md, "Hybrid search: fusion").
 */

/** A job of a ranked list and its score in that list (higher is better). */
export interface Scored {
  id: string;
  score: number;
}

/**
 * How two lists become one.
 * - `rrf`: reciprocal rank fusion, sum of 1 / (k + rank) over the lists that hold the job; scores
 *   are ignored, ranks alone count. With `keywordWeight` w, the keyword list's terms count 2w and
 *   the kNN list's 2(1 - w) (absent: 0.5, both alike).
 * - `linear`: a weighted sum of each list's scores scaled to 0..1 (min-max over the list): the
 *   keyword score times `keywordWeight`, the kNN score times 1 - keywordWeight; a list that does
 *   not hold the job adds 0.
 */
export type Fusion = { method: 'rrf'; k: number; keywordWeight?: number } | { method: 'linear'; keywordWeight: number };

/** The fusion hybrid search uses (decisions.md: measured on every judged set). */
export const DEFAULT_FUSION: Fusion = { method: 'rrf', k: 10 };

/** A fusion as the benchmark and the docs name it: "rrf k=60", "rrf k=60 w=0.7", "linear 0.5". */
export function fusionName(fusion: Fusion): string {
  if (fusion.method === 'linear') return `linear ${fusion.keywordWeight}`;
  return fusion.keywordWeight === undefined ? `rrf k=${fusion.k}` : `rrf k=${fusion.k} w=${fusion.keywordWeight}`;
}

/** Scores scaled to 0..1 over the list: the best 1, the worst 0; a list of equal scores all 1. */
function minMax(list: readonly Scored[]): Map<string, number> {
  const scores = list.map((item) => item.score);
  const max = Math.max(...scores);
  const min = Math.min(...scores);
  const span = max - min;
  return new Map(list.map((item) => [item.id, span > 0 ? (item.score - min) / span : 1]));
}

/** Each job's contribution from one list, by id. */
function contributions(list: readonly Scored[], fusion: Fusion, weight: number): Map<string, number> {
  if (fusion.method === 'rrf') return new Map(list.map((item, rank) => [item.id, (2 * weight) / (fusion.k + rank + 1)]));
  return new Map([...minMax(list)].map(([id, score]) => [id, weight * score]));
}

/**
 * The two lists as one, best first: each job once, with its fused score. Equal fused scores go
 * to the job ranked higher in either list, then by id, so the order is the same every time.
 * `depth` cuts the result (all when absent).
 */
export function fuse(keyword: readonly Scored[], semantic: readonly Scored[], fusion: Fusion, depth?: number): Scored[] {
  const keywordWeight = fusion.keywordWeight ?? 0.5;
  const parts = [contributions(keyword, fusion, keywordWeight), contributions(semantic, fusion, 1 - keywordWeight)];
  const bestRank = new Map<string, number>();
  for (const list of [keyword, semantic])
    list.forEach((item, rank) => bestRank.set(item.id, Math.min(rank, bestRank.get(item.id) ?? Infinity)));
  const fused = [...bestRank.keys()].map((id) => ({ id, score: parts.reduce((sum, part) => sum + (part.get(id) ?? 0), 0) }));
  fused.sort((a, b) => b.score - a.score || bestRank.get(a.id)! - bestRank.get(b.id)! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return depth === undefined ? fused : fused.slice(0, depth);
}
