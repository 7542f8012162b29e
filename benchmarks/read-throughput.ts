/**
 * Read throughput: how many requests per second the read service answers when many agents call
 * it at once. Browse, search with three filters and get over the 2000 seeded jobs, each driven
 * by CONCURRENCY clients with keep-alive until N requests are answered. The baseline is the same
 * N Elasticsearch queries sent directly with the client at the same concurrency, run before and
 * after the service (so a drift in machine load falls on both). Everything shares the machine's
 * cores: the service, Elasticsearch and the clients, as on a small single host.
 */
import { createReadApp } from '../services/read';
import type { BenchOptions } from './lib/args';
import { listen, TimedClient, timed } from './lib/http';
import type { Comparison } from './lib/report';
import { summarize, timeRatio } from './lib/stats';
import { readCases } from './read-cases';
import { openSeededReadWorld } from './seeded-read-world';

/** Requests in flight at once: a busy agent fleet against one instance. */
export const CONCURRENCY = 16;

/** What one phase measured: its rate and the latencies its requests saw under that load. */
interface Phase {
  rate: number;
  latencies: number[];
}

/** Sends requests 0..total-1 with `concurrency` in flight at a time; the rate is total / wall time. */
async function drive(total: number, concurrency: number, call: (i: number) => Promise<number>): Promise<Phase> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const worker = async () => {
    while (next < total) latencies.push(await call(next++));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { rate: total / ((performance.now() - started) / 1000), latencies };
}

/** Runs the benchmark; see the file comment. */
export async function readThroughput(options: BenchOptions, log: (message: string) => void): Promise<Comparison[]> {
  const seeded = await openSeededReadWorld('jla_bench_throughput');
  const client = new TimedClient({ maxSockets: CONCURRENCY });
  let server: { close: () => Promise<void> } | undefined;
  try {
    const read = await listen(createReadApp(seeded.deps).app.callback());
    server = read;

    // Ten times the latency benchmark's requests: enough for a steady rate at this concurrency.
    const total = options.requests * 10;
    const comparisons: Comparison[] = [];
    for (const [name, requestAt] of Object.entries(readCases(seeded.docs, seeded.search, seeded.world.config.indexAlias))) {
      const direct = (i: number) => timed(requestAt(i).direct);
      const api = (i: number) => client.timedGet(`${read.base}${requestAt(i).path}`);
      // Warm-up at full concurrency, so sockets, JIT and Elasticsearch caches are ready for both.
      await drive(total / 5, CONCURRENCY, direct);
      await drive(total / 5, CONCURRENCY, api);
      const before = await drive(total, CONCURRENCY, direct);
      const subject = await drive(total, CONCURRENCY, api);
      const after = await drive(total, CONCURRENCY, direct);
      log(`read-throughput: ${name} done (${total} requests per phase, ${CONCURRENCY} at a time)`);
      const baselineRate = (2 * total) / (total / before.rate + total / after.rate);
      const latency = summarize(subject.latencies);
      comparisons.push({
        benchmark: 'read-throughput',
        case: name,
        subject: { label: `read service, HTTP, ${CONCURRENCY} at a time`, unit: 'req/s', figures: { rate: subject.rate } },
        baseline: {
          label: 'same ES queries, client',
          unit: 'req/s',
          figures: { rate: baselineRate, before: before.rate, after: after.rate },
        },
        ratios: { rate: timeRatio(subject.rate, baselineRate, { rate: true }) },
        note: `under this load the service answered in median ${latency.median.toFixed(1)} ms, p90 ${latency.p90.toFixed(1)} ms, worst ${latency.worst.toFixed(1)} ms`,
        details: { median_ms: latency.median, p90_ms: latency.p90, worst_ms: latency.worst },
      });
    }
    return comparisons;
  } finally {
    client.close();
    await server?.close();
    await seeded.close(options.keep);
  }
}
