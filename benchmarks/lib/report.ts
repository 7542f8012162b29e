import { round } from './stats';

/** What was measured for one side of a comparison, e.g. { median: 2.4, p90: 3.1 } in ms. */
export interface Measurement {
  label: string;
  unit: 'ms' | 'jobs/s' | 'req/s' | 'bytes';
  figures: Record<string, number>;
}

/**
 * One line of the report: a subject measured against a baseline on the same data in the same
 * invocation. `ratios` are subject time / baseline time per figure (see stats.timeRatio).
 */
export interface Comparison {
  benchmark: string;
  case: string;
  subject: Measurement;
  baseline: Measurement;
  ratios: Record<string, number>;
  /** Median paired difference subject - baseline of an interleaved run, in the subject's unit. */
  pairedDifference?: number;
  note?: string;
  /** Further figures for --json (the note says them in words). */
  details?: Record<string, number>;
}

function figures(m: Measurement): string {
  const parts = Object.entries(m.figures).map(([name, value]) => `${name} ${formatNumber(value)}`);
  return `${parts.join('  ')} ${m.unit}`;
}

/** Two decimals below 100 (latencies), whole numbers with thousands separators above (rates). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(2);
}

function ratios(c: Comparison): string {
  const parts = Object.entries(c.ratios).map(([name, value], i) => (i === 0 ? value.toFixed(2) : `${name} ${value.toFixed(2)}`));
  if (c.pairedDifference !== undefined)
    parts.push(`Δ ${c.pairedDifference >= 0 ? '+' : ''}${formatNumber(c.pairedDifference)} ${c.subject.unit}`);
  return parts.join('  ');
}

/** Pads each column to its widest cell. */
export function formatColumns(rows: string[][]): string {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cell, col) => (col === r.length - 1 ? cell : cell.padEnd(widths[col])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The compact table: one row per comparison, the ratio column last (first ratio = first figure). */
export function formatTable(comparisons: readonly Comparison[]): string {
  const header = ['benchmark', 'case', 'subject', 'measured', 'baseline (same run)', 'measured', 'x baseline'];
  // A benchmark's name and case only where they change, so the rows read as groups.
  const rows = comparisons.map((c, i) => {
    const previous = comparisons[i - 1];
    const sameBenchmark = previous?.benchmark === c.benchmark;
    const sameCase = sameBenchmark && previous.case === c.case;
    return [
      sameBenchmark ? '' : c.benchmark,
      sameCase ? '' : c.case,
      c.subject.label,
      figures(c.subject),
      c.baseline.label,
      figures(c.baseline),
      ratios(c),
    ];
  });
  const notes = comparisons.filter((c) => c.note).map((c) => `  ${c.benchmark} / ${c.case}: ${c.note}`);
  return [formatColumns([header, ...rows]), ...(notes.length > 0 ? ['', 'notes:', ...notes] : [])].join('\n');
}

/** The comparison with every number rounded, for --json. */
export function roundedComparison(c: Comparison): Comparison {
  const roundAll = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(v)]));
  return {
    ...c,
    subject: { ...c.subject, figures: roundAll(c.subject.figures) },
    baseline: { ...c.baseline, figures: roundAll(c.baseline.figures) },
    ratios: roundAll(c.ratios),
    ...(c.pairedDifference !== undefined ? { pairedDifference: round(c.pairedDifference) } : {}),
    ...(c.details ? { details: roundAll(c.details) } : {}),
  };
}
