/**
 * Response size: what response compression saves on large pages. Browse and search with limit
 * 100 over the 2000 jobs `npm run seed` generates, through the read service over HTTP, asked
 * with Accept-Encoding identity (the baseline), gzip and br, interleaved on the same requests.
 * Reported per encoding: bytes on the wire against the plain body, and the round trip (the
 * client decodes and parses) against the plain one. Over loopback bandwidth is free, so the
 * time ratio is what compressing costs; the byte ratio is what it saves on any real network.
 */
import { createReadApp } from '../services/read/app';
import { bulkIndexJobs } from '../services/write/indexing/bulk-index';
import { createLogger } from '../shared/logger';
import { createSearchClient } from '../shared/search/client';
import type { BenchOptions } from './lib/args';
import { createBenchWorld } from './bench-database';
import { listen, TimedClient, type TimedResponse } from './lib/http';
import { rotation } from './lib/interleave';
import type { Comparison } from './lib/report';
import { medianPairedDifference, summarize, timeRatio } from './lib/stats';
import { seededDocuments } from './seeded-documents';

const WARMUP = 30;
const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Request i of each case: a different page or query each time, always 100 jobs. */
const CASES: Record<string, (i: number) => string> = {
  'browse, limit 100': (i) => `/agents/jobs?limit=100&page=${(i % 10) + 1}`,
  'search, limit 100': (i) => `/agents/jobs/search?q=${['engineer', 'manager', 'developer', 'analyst', 'designer'][i % 5]}&limit=100`,
};

/** Runs the benchmark; see the file comment. */
export async function responseSize(options: BenchOptions, log: (message: string) => void): Promise<Comparison[]> {
  const world = await createBenchWorld('jla_bench_size', { organizations: 1, locations: 1 });
  const search = createSearchClient(world.config);
  const client = new TimedClient();
  let server: { close: () => Promise<void> } | undefined;
  try {
    const docs = seededDocuments();
    const indexed = await bulkIndexJobs(world.search, world.config.indexAlias, docs.map((doc) => ({ doc, version: 1 })), { refresh: true, requestTimeoutMs: 120_000 });
    if (indexed.failed.length > 0) throw new Error(`indexing the seeded jobs failed: ${JSON.stringify(indexed.failed.slice(0, 3))}`);
    const read = await listen(createReadApp({ config: world.config, search, logger: createLogger('silent', 'bench') }).app.callback());
    server = read;

    const fetch = async (path: string, encoding: Encoding): Promise<TimedResponse> => {
      const res = await client.request(`${read.base}${path}`, { headers: { 'accept-encoding': encoding } });
      if (res.status !== 200 || res.encoding !== encoding) throw new Error(`GET ${path} with ${encoding} answered ${res.status} in ${res.encoding}`);
      if ((res.body?.jobs?.length ?? 0) < 100) throw new Error(`GET ${path} gave ${res.body?.jobs?.length} jobs, not a full page`);
      return res;
    };

    const comparisons: Comparison[] = [];
    for (const [name, pathAt] of Object.entries(CASES)) {
      for (let i = 0; i < WARMUP; i++) for (const e of rotation(ENCODINGS, i)) await fetch(pathAt(i), e);
      const ms: Record<Encoding, number[]> = { identity: [], gzip: [], br: [] };
      const bytes: Record<Encoding, number[]> = { identity: [], gzip: [], br: [] };
      for (let i = 0; i < options.requests; i++) {
        for (const e of rotation(ENCODINGS, i)) {
          const res = await fetch(pathAt(i), e);
          ms[e].push(res.ms);
          bytes[e].push(res.bytes);
        }
      }
      log(`response-size: ${name} done (${options.requests} requests per encoding)`);
      const plainBytes = summarize(bytes.identity);
      const plainMs = summarize(ms.identity);
      for (const e of ['gzip', 'br'] as const) {
        const size = summarize(bytes[e]);
        const time = summarize(ms[e]);
        comparisons.push(
          {
            benchmark: 'response-size',
            case: name,
            subject: { label: `${e}, bytes on the wire`, unit: 'bytes', figures: { median: size.median } },
            baseline: { label: 'plain JSON, bytes', unit: 'bytes', figures: { median: plainBytes.median } },
            ratios: { median: timeRatio(size.median, plainBytes.median) },
          },
          {
            benchmark: 'response-size',
            case: name,
            subject: { label: `${e}, round trip (loopback)`, unit: 'ms', figures: { median: time.median, p90: time.p90 } },
            baseline: { label: 'plain JSON, round trip', unit: 'ms', figures: { median: plainMs.median, p90: plainMs.p90 } },
            ratios: { median: timeRatio(time.median, plainMs.median), p90: timeRatio(time.p90, plainMs.p90) },
            pairedDifference: medianPairedDifference(ms[e], ms.identity),
          },
        );
      }
    }
    return comparisons;
  } finally {
    client.close();
    await server?.close();
    await search.close();
    await world.teardown(options.keep);
  }
}
