/**
 * Measures one scale scenario. One at a time: the product, direct and bare forms of each request
 * interleaved by rotation (p50, p99, and the paired difference product - bare). Then 16 at a time:
 * direct, bare, product, bare, direct (each baseline before and after the product, so a drift in
 * machine load falls on both sides alike), giving each form's req/s and its p99 under that load.
 * Both modes stop at their request count or their time budget, whichever comes first, so a
 * scenario that is slow at a million jobs (facets) cannot take the run past its budget.
 */
import { jobIds, jsonAt, type TimedClient } from './lib/http';
import { combinePhases, drive, httpOutcome, outcomeOf, type Budget, type Outcome, type Phase } from './lib/drive';
import { rotation } from './lib/interleave';
import { medianPairedDifference, summarize } from './lib/stats';
import type { ScenarioResult, VariantResult } from './scale-report';
import type { Ids, Scenario, ScenarioRequest } from './scale-scenarios';

/** Requests in flight at once: a busy agent fleet against one instance (as read-throughput). */
export const CONCURRENCY = 16;
const WARMUP = 20;
/** One-at-a-time budget for all three forms together. */
const SERIAL_SECONDS = 30;
/** Budget of each 16-at-a-time phase; warm-up phases get a fifth of the requests and 2 s. */
const PHASE_SECONDS = 8;
/** Request indices of the warm-up: other requests than the timed ones, as in read-latency. */
const WARMUP_OFFSET = 100_000;

const VARIANTS = ['product', 'direct', 'bare'] as const;
type Variant = (typeof VARIANTS)[number];

/** Sends one request in each form and checks they answer alike; a product that fails here would only fail 3 000 times more. */
export async function checkScenario(scenario: Scenario, client: TimedClient, base: string): Promise<void> {
  const request = scenario.requestAt(0);
  const res = await client.request(`${base}${request.path}`);
  if (res.status !== 200)
    throw new Error(`${scenario.name}: GET ${request.path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
  const product = jobIds(res.body) ?? [jsonAt(res.body, 'id')];
  const [direct, bare] = [await request.direct(), await request.bare()];
  // A cursor page asks for one hit more than it shows (to know whether a next page exists): compare what it shows.
  const same = (shown: readonly unknown[], found: Ids) => found.length >= shown.length && shown.every((id, k) => id === found[k]);
  if (product.length === 0)
    throw new Error(`${scenario.name}: GET ${request.path} found nothing; the scenario would measure an empty page`);
  if (!same(product, direct)) throw new Error(`${scenario.name}: the read service listed other jobs than its own request sent directly`);
  if (scenario.bareListsSame && (bare.length !== product.length || !same(product, bare)))
    throw new Error(`${scenario.name}: the bare request listed other jobs than the read service`);
}

/** The one-at-a-time run: request i in all three forms, in rotated order. */
async function oneAtATime(scenario: Scenario, call: Record<Variant, (r: ScenarioRequest) => Promise<Outcome>>, requests: number) {
  for (let i = 0; i < WARMUP; i++) for (const v of rotation(VARIANTS, i)) await call[v](scenario.requestAt(WARMUP_OFFSET + i));
  const outcomes: Record<Variant, Outcome[]> = { product: [], direct: [], bare: [] };
  const deadline = performance.now() + SERIAL_SECONDS * 1000;
  for (let i = 0; i < requests && performance.now() < deadline; i++) {
    const request = scenario.requestAt(i);
    for (const v of rotation(VARIANTS, i)) outcomes[v].push(await call[v](request));
  }
  return outcomes;
}

/**
 * Measures the scenario; see the file comment. With `floorBase` (a pass-through hop serving the
 * same paths), its 16-at-a-time rate is measured too, right after the product's phase.
 */
export async function measureScenario(
  scenario: Scenario,
  client: TimedClient,
  base: string,
  requests: number,
  floorBase?: string,
): Promise<Omit<ScenarioResult, 'rssMbAfter'>> {
  const call: Record<Variant, (r: ScenarioRequest) => Promise<Outcome>> = {
    product: (r) => httpOutcome(client, `${base}${r.path}`),
    direct: (r) => outcomeOf(r.direct),
    bare: (r) => outcomeOf(r.bare),
  };
  const serial = await oneAtATime(scenario, call, requests);

  const phase: Budget = { requests: requests * 10, seconds: PHASE_SECONDS };
  const measureFloor = async (floorBase: string, budget: Budget, warmup: Budget) => {
    const floorCall = (i: number) => httpOutcome(client, `${floorBase}${scenario.requestAt(i).path}`);
    await drive(warmup, CONCURRENCY, floorCall);
    return drive(budget, CONCURRENCY, floorCall);
  };
  const warm: Budget = { requests: requests * 2, seconds: 2 };
  const at16 = (v: Variant, budget: Budget) => drive(budget, CONCURRENCY, (i) => call[v](scenario.requestAt(i)));
  // Warm-up at full concurrency, so sockets, JIT and Elasticsearch caches are ready for all three.
  for (const v of VARIANTS) await at16(v, warm);
  const directBefore = await at16('direct', phase);
  const bareBefore = await at16('bare', phase);
  const product = await at16('product', phase);
  const floor = floorBase === undefined ? undefined : await measureFloor(floorBase, phase, warm);
  const bareAfter = await at16('bare', phase);
  const directAfter = await at16('direct', phase);
  const loaded: Record<Variant, Phase> = {
    product,
    direct: combinePhases(directBefore, directAfter),
    bare: combinePhases(bareBefore, bareAfter),
  };

  const figures = (v: Variant): VariantResult => {
    const one = summarize(serial[v].map((o) => o.ms));
    const firstError = serial[v].find((o) => !o.ok)?.error ?? loaded[v].firstError;
    return {
      p50: one.median,
      p99: one.p99,
      rps: loaded[v].rate,
      p99At16: summarize(loaded[v].latencies).p99,
      failures: serial[v].filter((o) => !o.ok).length + loaded[v].failures,
      requests: { oneAtATime: serial[v].length, at16: loaded[v].requests },
      ...(firstError ? { firstError } : {}),
    };
  };
  return {
    scenario: scenario.name,
    product: figures('product'),
    direct: figures('direct'),
    bare: figures('bare'),
    pairedDifferenceMs: medianPairedDifference(
      serial.product.map((o) => o.ms),
      serial.bare.map((o) => o.ms),
    ),
    baselineRates: {
      direct: { before: directBefore.rate, after: directAfter.rate },
      bare: { before: bareBefore.rate, after: bareAfter.rate },
    },
    ...(floor ? { floor: { rps: floor.rate, p99At16: summarize(floor.latencies).p99, failures: floor.failures } } : {}),
  };
}
