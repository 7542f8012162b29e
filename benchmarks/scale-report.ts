/**
 * What the scale benchmark reports: the issue's done-when targets checked against its figures,
 * the `scale` object of --json, the compact per-scenario table of the text report and the rows of
 * the main table. Pure: the figures come in, text and objects go out.
 */
import type { Comparison } from './lib/report';
import { formatColumns, formatNumber } from './lib/report';
import { round, timeRatio } from './lib/stats';
import type { ScenarioName } from './scale-scenarios';
import type { BuildRecord } from './scale-world';

/** One variant's figures in one scenario. */
export interface VariantResult {
  /** One request at a time: median and 99th percentile, ms. */
  p50: number;
  p99: number;
  /** 16 at a time: requests per second, and the 99th percentile under that load, ms. */
  rps: number;
  p99At16: number;
  /** Requests that failed (a non-2xx, or an error from the Elasticsearch client), in both modes. */
  failures: number;
  requests: { oneAtATime: number; at16: number };
  firstError?: string;
}

/** A scenario measured: the product and both baselines. */
export interface ScenarioResult {
  scenario: ScenarioName;
  product: VariantResult;
  direct: VariantResult;
  bare: VariantResult;
  /** Median of the paired differences product - bare, one at a time, ms. */
  pairedDifferenceMs: number;
  /** Rates of each baseline's phase before and after the product's. */
  baselineRates: { direct: { before: number; after: number }; bare: { before: number; after: number } };
  /** The read service's resident memory once the scenario was done, MB. */
  rssMbAfter?: number;
  /**
   * Get only: the pass-through hop (benchmarks/lib/pass-through-hop-server), the cheapest Node
   * HTTP service in front of the same GET, 16 at a time: the floor any hop pays on this machine.
   */
  floor?: { rps: number; p99At16: number; failures: number };
}

/** A whole scale run. */
export interface ScaleRun {
  jobs: number;
  reused: boolean;
  build: BuildRecord;
  indexSizeMb: number;
  segments: number;
  peakRssMb?: number;
  /** Where the cursor scenario's pages start. */
  cursorOffset?: number;
  results: ScenarioResult[];
  skipped: { name: ScenarioName; reason: string }[];
}

/** A done-when target of the issue, for one scenario. */
export type Target =
  | { kind: 'p50_vs_bare' | 'p99_vs_bare' | 'p50_vs_bare_browse'; max: number }
  | { kind: 'rps_vs_direct'; min: number }
  | { kind: 'no_failures' };

const SEARCH: Target[] = [
  { kind: 'p50_vs_bare', max: 3 },
  { kind: 'p99_vs_bare', max: 5 },
];
const BROWSE: Target[] = [{ kind: 'p50_vs_bare', max: 2 }];

/**
 * The issue's targets by scenario. With facets=all the yardstick is the bare browse: a browse
 * scenario's own bare, and for the search the bare of `browse, page 1` (measured in the same run).
 */
export const SCENARIO_TARGETS: Record<ScenarioName, Target[]> = {
  'search, 1 common word': SEARCH,
  'search, 3-4 words': SEARCH,
  'search + 3 filters': SEARCH,
  'browse, page 1': BROWSE,
  'browse + 2 filters': BROWSE,
  'browse, facets=all': [{ kind: 'p50_vs_bare', max: 12 }, { kind: 'no_failures' }],
  'search, facets=all': [{ kind: 'p50_vs_bare_browse', max: 12 }, { kind: 'no_failures' }],
  'browse, cursor near 100 000': BROWSE,
  'get by id': [{ kind: 'rps_vs_direct', min: 0.5 }],
  'mixed agent load': [{ kind: 'no_failures' }, { kind: 'rps_vs_direct', min: 0.5 }],
  // Issue 30: against the bare keyword request (hybrid) and a bare kNN request (similar jobs).
  'hybrid search, cached embedding': [{ kind: 'p50_vs_bare', max: 3 }, { kind: 'no_failures' }],
  'hybrid search, cold embedding': [{ kind: 'p50_vs_bare', max: 5 }, { kind: 'no_failures' }],
  'semantic search': [{ kind: 'no_failures' }],
  'similar jobs': [{ kind: 'p50_vs_bare', max: 2 }, { kind: 'no_failures' }],
};
/** The read service's peak RSS with the embedding model loaded (issue 30; 250 MB before the model). */
export const RSS_TARGET_MB = 450;
export const IMPORT_TARGET_JOBS_PER_SECOND = 4000;

/** A target checked: what it asks, the figure it was checked on, and whether it is met (null: nothing to check it on). */
export interface TargetCheck {
  target: string;
  value: number | null;
  met: boolean | null;
}

const ratio = (subject: number, baseline: number) => timeRatio(subject, baseline);

/** The product's figures over the baselines': time ratios over bare, rate over direct (product / baseline throughout). */
export function scenarioRatios(r: ScenarioResult) {
  return {
    p50_vs_bare: ratio(r.product.p50, r.bare.p50),
    p99_vs_bare: ratio(r.product.p99, r.bare.p99),
    // The issue's convention: product req/s over direct req/s, so 0.5 is half the direct rate.
    rps_vs_direct: r.direct.rps > 0 ? r.product.rps / r.direct.rps : Number.NaN,
  };
}

const checked = (target: string, value: number, met: (v: number) => boolean): TargetCheck =>
  Number.isFinite(value) ? { target, value, met: met(value) } : { target, value: null, met: null };

/** Checks one target on a scenario; `bareBrowseP50` is the bare p50 of `browse, page 1`. */
export function checkTarget(t: Target, r: ScenarioResult, bareBrowseP50?: number): TargetCheck {
  const ratios = scenarioRatios(r);
  switch (t.kind) {
    case 'p50_vs_bare':
      return checked(`p50 ≤ ${t.max}x bare`, ratios.p50_vs_bare, (v) => v <= t.max);
    case 'p99_vs_bare':
      return checked(`p99 ≤ ${t.max}x bare`, ratios.p99_vs_bare, (v) => v <= t.max);
    case 'p50_vs_bare_browse':
      return checked(
        `p50 ≤ ${t.max}x bare browse`,
        bareBrowseP50 === undefined ? Number.NaN : ratio(r.product.p50, bareBrowseP50),
        (v) => v <= t.max,
      );
    case 'rps_vs_direct':
      return checked(`req/s ≥ ${t.min}x direct`, ratios.rps_vs_direct, (v) => v >= t.min);
    case 'no_failures':
      return checked('0 non-2xx', r.product.failures, (v) => v === 0);
  }
}

/** Every target of a scenario, checked. */
export function scenarioChecks(r: ScenarioResult, results: readonly ScenarioResult[]): TargetCheck[] {
  const bareBrowseP50 = results.find((x) => x.scenario === 'browse, page 1')?.bare.p50;
  return SCENARIO_TARGETS[r.scenario].map((t) => checkTarget(t, r, bareBrowseP50));
}

/** The targets of the run as a whole: the read service's peak RSS and the import rate. */
export function runChecks(run: ScaleRun): TargetCheck[] {
  return [
    checked(`read service peak RSS ≤ ${RSS_TARGET_MB} MB`, run.peakRssMb ?? Number.NaN, (v) => v <= RSS_TARGET_MB),
    checked(`import ≥ ${IMPORT_TARGET_JOBS_PER_SECOND} jobs/s`, run.build.importJobsPerSecond, (v) => v >= IMPORT_TARGET_JOBS_PER_SECOND),
  ];
}

const roundedCheck = (c: TargetCheck) => ({ ...c, value: c.value === null ? null : round(c.value) });

function variantJson(v: VariantResult) {
  return {
    p50_ms: round(v.p50),
    p99_ms: round(v.p99),
    p99_ms_at_16: round(v.p99At16),
    rps: round(v.rps),
    non_2xx: v.failures,
    requests: { one_at_a_time: v.requests.oneAtATime, at_16: v.requests.at16 },
  };
}

/** The `scale` object of --json: the run, then one object per scenario (figures rounded). */
export function scaleJson(run: ScaleRun) {
  return {
    jobs: run.jobs,
    reused: run.reused,
    built_at: run.build.builtAt,
    import_jobs_per_second: round(run.build.importJobsPerSecond),
    import_seconds: round(run.build.importSeconds),
    index_size_mb: round(run.indexSizeMb),
    segments: run.segments,
    read_service_peak_rss_mb: run.peakRssMb === undefined ? null : round(run.peakRssMb),
    cursor_offset: run.cursorOffset ?? null,
    targets: runChecks(run).map(roundedCheck),
    scenarios: run.results.map((r) => {
      const ratios = scenarioRatios(r);
      const { requests, ...product } = variantJson(r.product);
      return {
        scenario: r.scenario,
        ...product,
        direct: variantJson(r.direct),
        bare: variantJson(r.bare),
        p50_vs_bare: round(ratios.p50_vs_bare),
        p99_vs_bare: round(ratios.p99_vs_bare),
        rps_vs_direct: round(ratios.rps_vs_direct),
        ...(r.floor
          ? {
              floor: { rps: round(r.floor.rps), p99_ms_at_16: round(r.floor.p99At16), non_2xx: r.floor.failures },
              floor_rps_vs_direct: round(r.floor.rps / r.direct.rps),
              rps_vs_floor: round(r.product.rps / r.floor.rps),
            }
          : {}),
        requests,
        read_service_rss_mb_after: r.rssMbAfter === undefined ? null : round(r.rssMbAfter),
        targets: scenarioChecks(r, run.results).map(roundedCheck),
      };
    }),
    skipped: run.skipped,
  };
}

const verdict = (checks: readonly TargetCheck[]) =>
  checks.map((c) => (c.met === null ? 'n/a' : c.met ? 'yes' : `NO (${c.value === null ? '?' : formatNumber(c.value)})`)).join(', ');
const x = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : '-');

/** The compact per-scenario table of the text report, with whether each target is met. */
export function formatScaleReport(run: ScaleRun): string {
  const b = run.build;
  const head =
    `scale: ${run.jobs.toLocaleString('en-US')} jobs, index ${formatNumber(run.indexSizeMb)} MB on disk (${run.segments} segment${run.segments === 1 ? '' : 's'}), ` +
    `${run.reused ? `reused, built ${b.builtAt}` : 'built in this run'}; import ${formatNumber(b.importJobsPerSecond)} jobs/s ` +
    `(${formatNumber(b.importSeconds)} s)${run.cursorOffset !== undefined ? `; cursor pages start at about result ${run.cursorOffset.toLocaleString('en-US')}` : ''}`;
  const header = [
    'scenario',
    'p50 ms',
    'direct',
    'bare',
    'x bare',
    'p99 ms',
    'bare',
    'x bare',
    'req/s@16',
    'direct',
    'rps/direct',
    'non-2xx',
    'targets',
    'met',
  ];
  const rows = run.results.map((r) => {
    const ratios = scenarioRatios(r);
    const checks = scenarioChecks(r, run.results);
    return [
      r.scenario,
      formatNumber(r.product.p50),
      formatNumber(r.direct.p50),
      formatNumber(r.bare.p50),
      x(ratios.p50_vs_bare),
      formatNumber(r.product.p99),
      formatNumber(r.bare.p99),
      x(ratios.p99_vs_bare),
      formatNumber(r.product.rps),
      formatNumber(r.direct.rps),
      x(ratios.rps_vs_direct),
      String(r.product.failures),
      checks.map((c) => c.target).join(', '),
      verdict(checks),
    ];
  });
  const lines = [head, '', formatColumns([header, ...rows])];
  for (const c of runChecks(run))
    lines.push(`${c.target}: ${c.value === null ? 'not measured' : formatNumber(c.value)} -> ${verdict([c])}`);
  for (const s of run.skipped) lines.push(`skipped ${s.name}: ${s.reason}`);
  for (const r of run.results) {
    if (!r.floor) continue;
    lines.push(
      `${r.scenario}: the pass-through hop (plain node:http + undici, no framework) gave ${formatNumber(r.floor.rps)} req/s at 16 = ` +
        `${x(r.floor.rps / r.direct.rps)} direct; the read service gave ${x(r.product.rps / r.floor.rps)} of that hop.`,
    );
  }
  lines.push(
    'p50/p99 one request at a time; req/s 16 at a time. x bare = product time / bare time; rps/direct = product req/s / direct req/s ' +
      '(the main table gives the inverse, direct / product, like every rate there). NO (v) shows the figure that missed.',
  );
  return lines.join('\n');
}

/** Two rows of the main table per scenario: latency against bare, throughput against direct. */
export function scaleComparisons(run: ScaleRun): Comparison[] {
  return run.results.flatMap((r, i): Comparison[] => {
    const failures = [r.product, r.direct, r.bare].some((v) => v.failures > 0)
      ? `failed requests: product ${r.product.failures}, direct ${r.direct.failures}, bare ${r.bare.failures}` +
        `${r.product.firstError ? `; first: ${r.product.firstError}` : ''}`
      : undefined;
    const world =
      i === 0
        ? `${run.jobs} jobs, index ${formatNumber(run.indexSizeMb)} MB; read service peak RSS ${run.peakRssMb === undefined ? '?' : formatNumber(run.peakRssMb)} MB` +
          `; import ${formatNumber(run.build.importJobsPerSecond)} jobs/s${run.reused ? ` (when built, ${run.build.builtAt})` : ''}`
        : undefined;
    const note = [world, failures].filter(Boolean).join('; ');
    return [
      {
        benchmark: 'scale',
        case: r.scenario,
        subject: { label: 'read service, HTTP, 1 at a time', unit: 'ms', figures: { median: r.product.p50, p99: r.product.p99 } },
        baseline: { label: 'bare ES request', unit: 'ms', figures: { median: r.bare.p50, p99: r.bare.p99 } },
        ratios: { median: timeRatio(r.product.p50, r.bare.p50), p99: timeRatio(r.product.p99, r.bare.p99) },
        pairedDifference: r.pairedDifferenceMs,
        ...(note ? { note } : {}),
        ...(i === 0
          ? {
              details: {
                jobs: run.jobs,
                index_size_mb: run.indexSizeMb,
                import_jobs_per_second: run.build.importJobsPerSecond,
                ...(run.peakRssMb ? { read_service_peak_rss_mb: run.peakRssMb } : {}),
              },
            }
          : {}),
      },
      {
        benchmark: 'scale',
        case: r.scenario,
        subject: { label: 'read service, HTTP, 16 at a time', unit: 'req/s', figures: { rate: r.product.rps } },
        baseline: {
          label: "product's ES request, direct",
          unit: 'req/s',
          figures: { rate: r.direct.rps, before: r.baselineRates.direct.before, after: r.baselineRates.direct.after },
        },
        ratios: { rate: timeRatio(r.product.rps, r.direct.rps, { rate: true }) },
        details: {
          p99_ms_at_16: r.product.p99At16,
          direct_p99_ms_at_16: r.direct.p99At16,
          bare_rate: r.bare.rps,
          non_2xx: r.product.failures,
        },
      },
    ];
  });
}
