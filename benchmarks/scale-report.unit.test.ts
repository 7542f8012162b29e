import { expect } from 'chai';
import {
  checkTarget,
  formatScaleReport,
  runChecks,
  scaleComparisons,
  scaleJson,
  scenarioChecks,
  type ScaleRun,
  type ScenarioResult,
  type VariantResult,
} from './scale-report';
import type { ScenarioName } from './scale-scenarios';

const variant = (p50: number, p99: number, rps: number, failures = 0): VariantResult => ({
  p50,
  p99,
  rps,
  p99At16: p99 * 2,
  failures,
  requests: { oneAtATime: 300, at16: 3000 },
});
const result = (scenario: ScenarioName, product: VariantResult, direct: VariantResult, bare: VariantResult): ScenarioResult => ({
  scenario,
  product,
  direct,
  bare,
  pairedDifferenceMs: product.p50 - bare.p50,
  baselineRates: { direct: { before: direct.rps, after: direct.rps }, bare: { before: bare.rps, after: bare.rps } },
  rssMbAfter: 120,
});

const search = result('search, 1 common word', variant(6, 20, 400), variant(5, 15, 500), variant(2, 5, 1000));
const browse = result('browse, page 1', variant(3, 6, 800), variant(2.5, 5, 900), variant(1, 3, 2000));
const searchFacets = result('search, facets=all', variant(13, 40, 50, 2), variant(12, 38, 60), variant(2, 5, 1000));
const get = result('get by id', variant(1, 2, 900), variant(0.8, 1.5, 2000), variant(0.7, 1.4, 2100));
const run: ScaleRun = {
  jobs: 1_000_000,
  reused: true,
  build: {
    index: 'i',
    definitionHash: 'h',
    jobs: 1_000_000,
    importJobsPerSecond: 4321,
    importSeconds: 231.4,
    builtAt: '2026-01-01T00:00:00Z',
  },
  indexSizeMb: 812.345,
  segments: 14,
  peakRssMb: 260.4,
  cursorOffset: 100_000,
  results: [search, browse, searchFacets, get],
  skipped: [],
};

describe('scale benchmark report', () => {
  it("checks each scenario's targets as the issue states them", () => {
    expect(scenarioChecks(search, run.results)).to.deep.equal([
      { target: 'p50 ≤ 3x bare', value: 3, met: true },
      { target: 'p99 ≤ 5x bare', value: 4, met: true },
    ]);
    expect(scenarioChecks(browse, run.results)).to.deep.equal([{ target: 'p50 ≤ 2x bare', value: 3, met: false }]);
    // Search with facets against the bare browse of "browse, page 1": 13 / 1.
    expect(scenarioChecks(searchFacets, run.results)).to.deep.equal([
      { target: 'p50 ≤ 12x bare browse', value: 13, met: false },
      { target: '0 non-2xx', value: 2, met: false },
    ]);
    expect(scenarioChecks(get, run.results)).to.deep.equal([{ target: 'req/s ≥ 0.5x direct', value: 0.45, met: false }]);
  });

  it('cannot check a target without its figure', () => {
    expect(checkTarget({ kind: 'p50_vs_bare_browse', max: 12 }, searchFacets, undefined)).to.deep.equal({
      target: 'p50 ≤ 12x bare browse',
      value: null,
      met: null,
    });
    expect(runChecks({ ...run, peakRssMb: undefined })[0]).to.deep.equal({
      target: 'read service peak RSS ≤ 450 MB',
      value: null,
      met: null,
    });
  });

  it('checks the read service RSS and the import rate of the run', () => {
    expect(runChecks(run)).to.deep.equal([
      { target: 'read service peak RSS ≤ 450 MB', value: 260.4, met: true },
      { target: 'import ≥ 4000 jobs/s', value: 4321, met: true },
    ]);
  });

  it('shapes the JSON as the issue asks: one object per scenario, product figures first, both baselines, ratios product / baseline', () => {
    const json = scaleJson(run);
    expect(json).to.include({
      jobs: 1_000_000,
      reused: true,
      import_jobs_per_second: 4321,
      index_size_mb: 812,
      read_service_peak_rss_mb: 260,
      cursor_offset: 100_000,
    });
    expect(json.scenarios[0]).to.deep.equal({
      scenario: 'search, 1 common word',
      p50_ms: 6,
      p99_ms: 20,
      p99_ms_at_16: 40,
      rps: 400,
      non_2xx: 0,
      direct: { p50_ms: 5, p99_ms: 15, p99_ms_at_16: 30, rps: 500, non_2xx: 0, requests: { one_at_a_time: 300, at_16: 3000 } },
      bare: { p50_ms: 2, p99_ms: 5, p99_ms_at_16: 10, rps: 1000, non_2xx: 0, requests: { one_at_a_time: 300, at_16: 3000 } },
      p50_vs_bare: 3,
      p99_vs_bare: 4,
      rps_vs_direct: 0.8,
      requests: { one_at_a_time: 300, at_16: 3000 },
      read_service_rss_mb_after: 120,
      targets: [
        { target: 'p50 ≤ 3x bare', value: 3, met: true },
        { target: 'p99 ≤ 5x bare', value: 4, met: true },
      ],
    });
    expect(JSON.parse(JSON.stringify(json))).to.deep.equal(json);
  });

  it('prints one line per scenario with its targets and whether each is met, then the run targets', () => {
    const lines = formatScaleReport(run).split('\n');
    expect(lines[0]).to.equal(
      'scale: 1,000,000 jobs, index 812 MB on disk (14 segments), reused, built 2026-01-01T00:00:00Z; import 4,321 jobs/s (231 s); cursor pages start at about result 100,000',
    );
    expect(lines[2]).to.match(
      /^scenario\s+p50 ms\s+direct\s+bare\s+x bare\s+p99 ms\s+bare\s+x bare\s+req\/s@16\s+direct\s+rps\/direct\s+non-2xx\s+targets\s+met$/,
    );
    expect(lines[3]).to.match(
      /^search, 1 common word\s+6\.00\s+5\.00\s+2\.00\s+3\.00x\s+20\.00\s+5\.00\s+4\.00x\s+400\s+500\s+0\.80x\s+0\s+p50 ≤ 3x bare, p99 ≤ 5x bare\s+yes, yes$/,
    );
    expect(lines[5]).to.match(/p50 ≤ 12x bare browse, 0 non-2xx\s+NO \(13\.00\), NO \(2\.00\)$/);
    expect(lines).to.include('read service peak RSS ≤ 450 MB: 260 -> yes');
    expect(lines).to.include('import ≥ 4000 jobs/s: 4,321 -> yes');
  });

  it('gives the main table a latency row against bare and a rate row against direct per scenario', () => {
    const rows = scaleComparisons(run);
    expect(rows).to.have.length(8);
    expect(rows[0]).to.deep.include({
      benchmark: 'scale',
      case: 'search, 1 common word',
      ratios: { median: 3, p99: 4 },
      pairedDifference: 4,
    });
    expect(rows[0].note).to.match(/^1000000 jobs, index 812 MB; read service peak RSS 260 MB; import 4,321 jobs\/s \(when built/);
    expect(rows[1].ratios).to.deep.equal({ rate: 1.25 });
    expect(rows[1].baseline.figures).to.deep.equal({ rate: 500, before: 500, after: 500 });
    expect(rows[4].note).to.equal('failed requests: product 2, direct 0, bare 0');
  });

  it("reads the get against the pass-through hop's floor when one was measured", () => {
    const withFloor: ScaleRun = { ...run, results: [{ ...get, floor: { rps: 1200, p99At16: 9, failures: 0 } }] };
    const json = scaleJson(withFloor).scenarios[0];
    expect(json).to.deep.include({ floor: { rps: 1200, p99_ms_at_16: 9, non_2xx: 0 }, floor_rps_vs_direct: 0.6, rps_vs_floor: 0.75 });
    expect(formatScaleReport(withFloor)).to.contain(
      'get by id: the pass-through hop (plain node:http + undici, no framework) gave 1,200 req/s at 16 = 0.60x direct; the read service gave 0.75x of that hop.',
    );
    expect(scaleJson(run).scenarios.find((s) => s.scenario === 'get by id')).to.not.have.property('floor');
  });
});
