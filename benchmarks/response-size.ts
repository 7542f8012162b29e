/**
 * Response size: what response compression saves on large pages. Browse and search with limit
 * 100 over the 2000 jobs `npm run seed` generates, through the read service over HTTP, asked
 * with Accept-Encoding identity (the baseline), gzip and br, interleaved on the same requests.
 * Reported per encoding: bytes on the wire against the plain body, and the round trip (the
 * client decodes and parses) against the plain one. Over loopback bandwidth is free, so the
 * time ratio is what compressing costs; the byte ratio is what it saves on any real network.
 * A fourth variant revalidates: the same request with the ETag of an earlier answer in
 * If-None-Match, answered 304 with no body.
 */
import { createReadApp } from '../services/read';
import type { BenchOptions } from './lib/args';
import { jobIds, listen, TimedClient, type TimedResponse } from './lib/http';
import { rotation } from './lib/interleave';
import type { Comparison } from './lib/report';
import { medianPairedDifference, summarize, timeRatio } from './lib/stats';
import { openSeededReadWorld } from './seeded-read-world';

const WARMUP = 30;
const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];
const VARIANTS = [...ENCODINGS, 'revalidate'] as const;
type Variant = (typeof VARIANTS)[number];

/** How the report names the variants compared with plain JSON. */
const LABELS: Record<Exclude<Variant, 'identity'>, string> = { gzip: 'gzip', br: 'br', revalidate: '304 revalidation' };

/** Request i of each case: a different page or query each time, always 100 jobs. */
const CASES: Record<string, (i: number) => string> = {
  'browse, limit 100': (i) => `/agents/jobs?limit=100&page=${(i % 10) + 1}`,
  'search, limit 100': (i) => `/agents/jobs/search?q=${['engineer', 'manager', 'developer', 'analyst', 'designer'][i % 5]}&limit=100`,
};

/** Runs the benchmark; see the file comment. */
export async function responseSize(options: BenchOptions, log: (message: string) => void): Promise<Comparison[]> {
  const seeded = await openSeededReadWorld('jla_bench_size');
  const client = new TimedClient();
  let server: { close: () => Promise<void> } | undefined;
  try {
    const read = await listen(createReadApp(seeded.deps).app.callback());
    server = read;

    const fetchPage = async (path: string, encoding: Encoding): Promise<TimedResponse> => {
      const res = await client.request(`${read.base}${path}`, { headers: { 'accept-encoding': encoding } });
      if (res.status !== 200 || res.encoding !== encoding)
        throw new Error(`GET ${path} with ${encoding} answered ${res.status} in ${res.encoding}`);
      const listed = jobIds(res.body)?.length;
      if ((listed ?? 0) < 100) throw new Error(`GET ${path} gave ${listed} jobs, not a full page`);
      return res;
    };

    /** The ETag of each path's plain answer, taken during the warm-up, for the revalidations. */
    const tags = new Map<string, string>();
    const revalidate = async (path: string): Promise<TimedResponse> => {
      const res = await client.request(`${read.base}${path}`, { headers: { 'if-none-match': tags.get(path)! } });
      if (res.status !== 304) throw new Error(`GET ${path} with its ETag answered ${res.status}, not 304`);
      return res;
    };
    const run = (variant: Variant, path: string) => (variant === 'revalidate' ? revalidate(path) : fetchPage(path, variant));

    const comparisons: Comparison[] = [];
    for (const [name, pathAt] of Object.entries(CASES)) {
      for (let i = 0; i < WARMUP; i++) {
        const path = pathAt(i);
        tags.set(path, String((await fetchPage(path, 'identity')).headers.etag));
        for (const v of rotation(VARIANTS, i)) await run(v, path);
      }
      const ms: Record<Variant, number[]> = { identity: [], gzip: [], br: [], revalidate: [] };
      const bytes: Record<Variant, number[]> = { identity: [], gzip: [], br: [], revalidate: [] };
      for (let i = 0; i < options.requests; i++) {
        for (const v of rotation(VARIANTS, i)) {
          const res = await run(v, pathAt(i));
          ms[v].push(res.ms);
          bytes[v].push(res.bytes);
        }
      }
      log(`response-size: ${name} done (${options.requests} requests per variant)`);
      const plainBytes = summarize(bytes.identity);
      const plainMs = summarize(ms.identity);
      for (const e of ['gzip', 'br', 'revalidate'] as const) {
        const size = summarize(bytes[e]);
        const time = summarize(ms[e]);
        comparisons.push(
          {
            benchmark: 'response-size',
            case: name,
            subject: { label: `${LABELS[e]}, bytes on the wire`, unit: 'bytes', figures: { median: size.median } },
            baseline: { label: 'plain JSON, bytes', unit: 'bytes', figures: { median: plainBytes.median } },
            // Not timeRatio: a 304 sends 0 bytes, a true ratio of 0.
            ratios: { median: size.median / plainBytes.median },
          },
          {
            benchmark: 'response-size',
            case: name,
            subject: { label: `${LABELS[e]}, round trip (loopback)`, unit: 'ms', figures: { median: time.median, p90: time.p90 } },
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
    await seeded.close(options.keep);
  }
}
