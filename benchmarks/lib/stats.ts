/** Order statistics of timings, and the ratios the benchmarks report. */

/** The value below which a fraction `p` of the sorted values lie (nearest rank, 0 < p <= 1). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no values');
  const rank = Math.ceil(p * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

/** Median, 90th and 99th percentile, worst and mean of durations (any unit). */
export interface Summary {
  n: number;
  median: number;
  p90: number;
  p99: number;
  worst: number;
  mean: number;
}

/** Summarizes a sample of durations. */
export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: median(sorted),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    worst: sorted[sorted.length - 1],
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

/** The middle value (mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * How many times the baseline's time the subject takes: 1.00 = as fast, 2.00 = twice as long.
 * For rates (jobs/s) pass them as `rate: true`: the ratio is then baseline rate / subject rate,
 * so every ratio the benchmarks print reads the same way.
 */
export function timeRatio(subject: number, baseline: number, options: { rate?: boolean } = {}): number {
  if (!(subject > 0) || !(baseline > 0)) return Number.NaN;
  return options.rate ? baseline / subject : subject / baseline;
}

/** Median of the pairwise differences subject[i] - baseline[i] of an interleaved run. */
export function medianPairedDifference(subject: readonly number[], baseline: readonly number[]): number {
  const n = Math.min(subject.length, baseline.length);
  return median(Array.from({ length: n }, (_, i) => subject[i] - baseline[i]));
}

/** Rounds for display and JSON: two decimals below 100, whole numbers above. */
export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
}
