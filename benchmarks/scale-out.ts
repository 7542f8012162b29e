/**
 * Scale-out: read throughput of 1, 2 and 3 read instances behind nginx (deploy/nginx.conf, as
 * `npm run read-tier` runs it) under a mixed agent load (60 % search, 20 % browse, 20 % get,
 * facets off) over the 2000 seeded jobs, CONCURRENCY requests in flight. Two and three instances
 * are compared with one; one instance with the same queries sent straight to Elasticsearch with
 * the client at the same concurrency (from this process). The four variants are measured in rounds,
 * in a rotated order each round, so a drift in machine load falls on all alike. Each phase also
 * records how busy the machine's CPUs were (from /proc/stat): where the rate stops growing, they
 * are saturated, and more instances only share the same cores.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { buildBrowseRequest } from '../services/read';
import { findJob } from '../services/read';
import { readBrowseParams, readSearchParams } from '../services/read';
import { runJobSearch } from '../services/read';
import { buildSearchRequest } from '../services/read';
import { startEdge, type Edge } from '../scripts/read-tier/read-tier';
import { freePort } from '../test/support/free-port';
import type { BenchOptions } from './lib/args';
import { combinePhases, drive, httpOutcome, outcomeOf, type Outcome, type Phase } from './lib/drive';
import { TimedClient } from './lib/http';
import { rotation } from './lib/interleave';
import { startReadServiceProcess, type ReadServiceProcess } from './lib/read-service-process';
import type { Comparison } from './lib/report';
import { summarize, timeRatio } from './lib/stats';
import { openSeededReadWorld } from './seeded-read-world';

/** Requests in flight at once: enough to keep three instances busy. */
export const CONCURRENCY = 32;
/** Read instances measured. */
export const INSTANCES = [1, 2, 3] as const;
/** Rounds of the four variants; each phase of a round lasts at most PHASE_SECONDS. */
const ROUNDS = 3;
const PHASE_SECONDS = 8;

/** Request i of the mixed agent load: the path for the API and the same query for Elasticsearch. */
export function mixedRequest(
  i: number,
  ids: readonly string[],
  search: Parameters<typeof runJobSearch>[0],
  alias: string,
): { path: string; direct: () => Promise<unknown> } {
  const words = [
    'engineer',
    'developer',
    'data',
    'manager',
    'designer',
    'senior engineer',
    'analyst',
    'product manager',
    'backend',
    'marketing',
  ];
  const kind = i % 10;
  if (kind < 6) {
    const q = words[i % words.length];
    const request = buildSearchRequest(readSearchParams({ q, page: 1, limit: 10 }));
    return { path: `/agents/jobs/search?q=${encodeURIComponent(q)}&limit=10`, direct: () => runJobSearch(search, alias, request) };
  }
  if (kind < 8) {
    const page = (i % 5) + 1;
    const request = buildBrowseRequest(readBrowseParams({ page, limit: 20 }));
    return { path: `/agents/jobs?page=${page}&limit=20`, direct: () => runJobSearch(search, alias, request) };
  }
  const id = ids[(i * 7919) % ids.length];
  return { path: `/agents/jobs/${id}`, direct: () => findJob(search, alias, id) };
}

/** Busy and total CPU time of the whole machine so far (jiffies, from /proc/stat). */
function cpuTimes(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** A phase with the share of the machine's CPU time that was busy during it (0..1). */
async function measured(run: () => Promise<Phase>): Promise<{ phase: Phase; cpuBusy?: number }> {
  const before = cpuTimes();
  const phase = await run();
  const after = cpuTimes();
  return { phase, cpuBusy: before && after ? (after.busy - before.busy) / Math.max(1, after.total - before.total) : undefined };
}

/** Runs the benchmark; see the file comment. */
export async function scaleOut(options: BenchOptions, log: (message: string) => void): Promise<Comparison[]> {
  const seeded = await openSeededReadWorld('jla_bench_scale_out');
  const readers: ReadServiceProcess[] = [];
  const edges = new Map<number, Edge>();
  const client = new TimedClient({ maxSockets: CONCURRENCY });
  try {
    for (const _ of INSTANCES) readers.push(await startReadServiceProcess(seeded.world.config));
    log(`scale-out: ${readers.length} read instances ready`);
    const ports = readers.map((reader) => Number(new URL(reader.base).port));
    for (const n of INSTANCES) {
      edges.set(n, await startEdge({ port: await freePort(), readPorts: ports.slice(0, n) }));
    }
    const ids = seeded.docs.map((d) => d.id);
    const alias = seeded.world.config.indexAlias;
    const variants: (number | 'direct')[] = [...INSTANCES, 'direct'];
    const call =
      (variant: number | 'direct') =>
      (i: number): Promise<Outcome> => {
        const request = mixedRequest(i, ids, seeded.search, alias);
        return variant === 'direct' ? outcomeOf(request.direct) : httpOutcome(client, `${edges.get(variant)!.url}${request.path}`);
      };
    const budget = { requests: options.requests * 20, seconds: PHASE_SECONDS };
    // Warm-up of every variant: connections, JIT, Elasticsearch's caches.
    for (const variant of variants) await drive({ requests: budget.requests / 4, seconds: 3 }, CONCURRENCY, call(variant));
    const results = new Map<number | 'direct', { phase: Phase; cpu: number[] }>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of rotation(variants, round)) {
        const { phase, cpuBusy } = await measured(() => drive(budget, CONCURRENCY, call(variant)));
        const so_far = results.get(variant);
        results.set(variant, {
          phase: so_far ? combinePhases(so_far.phase, phase) : phase,
          cpu: [...(so_far?.cpu ?? []), ...(cpuBusy === undefined ? [] : [cpuBusy])],
        });
      }
      log(`scale-out: round ${round + 1} of ${ROUNDS} done`);
    }
    const direct = results.get('direct')!;
    const one = results.get(1)!;
    const cpu = (r: { cpu: number[] }) => (r.cpu.length ? Math.round((100 * r.cpu.reduce((a, b) => a + b, 0)) / r.cpu.length) : NaN);
    return INSTANCES.map((n) => {
      const { phase } = results.get(n)!;
      const latency = summarize(phase.latencies);
      const speedup = phase.rate / one.phase.rate;
      const baseline =
        n === 1
          ? { label: 'same ES queries, client, same concurrency', rate: direct.phase.rate }
          : { label: '1 read instance behind nginx', rate: one.phase.rate };
      return {
        benchmark: 'scale-out',
        case: `mixed agent load, ${n} read instance${n > 1 ? 's' : ''} behind nginx`,
        subject: { label: `${n} instance(s), ${CONCURRENCY} at a time`, unit: 'req/s', figures: { rate: phase.rate } },
        baseline: { label: baseline.label, unit: 'req/s', figures: { rate: baseline.rate } },
        ratios: { rate: timeRatio(phase.rate, baseline.rate, { rate: true }) },
        note:
          `${speedup.toFixed(2)}x the rate of 1 instance; CPUs ${cpu(results.get(n)!)} % busy (${os.cpus().length} cores; direct ES phases ${cpu(direct)} %); ` +
          `median ${latency.median.toFixed(1)} ms, p90 ${latency.p90.toFixed(1)} ms; ${phase.failures} failed`,
        details: {
          instances: n,
          speedup_vs_one: speedup,
          direct_es_rate: direct.phase.rate,
          cpu_busy_pct: cpu(results.get(n)!),
          median_ms: latency.median,
          p90_ms: latency.p90,
          failures: phase.failures,
        },
      };
    });
  } finally {
    client.close();
    for (const edge of edges.values()) await edge.stop();
    await Promise.all(readers.map((reader) => reader.stop()));
    await seeded.close(options.keep);
  }
}
