/**
 * Read latency: browse, search with three filters and get by id over the 2000 jobs `npm run
 * seed` generates, indexed into the benchmark's own alias. Three variants run interleaved on
 * the same requests: the Elasticsearch query the read service builds, sent directly with the
 * client (baseline); the read service over HTTP; the all-in-one gateway over HTTP. Reported:
 * read service / direct query (the API's overhead) and gateway / read service (DESIGN.md: the
 * all-in-one must not add measurable latency). Browse also runs its direct query without the facet
 * aggregations, to report what the facets cost. Servers run in this process on ephemeral ports,
 * called one request at a time with keep-alive, like a client on the same machine.
 */
import { createAllInOneApp } from '../services/all-in-one';
import { createReadApp } from '../services/read';
import type { BenchOptions } from './lib/args';
import { readCases, type CaseRequest } from './read-cases';
import { openSeededReadWorld } from './seeded-read-world';
import { jsonAt, listen, TimedClient, timed } from './lib/http';
import { rotation } from './lib/interleave';
import type { Comparison } from './lib/report';
import { medianPairedDifference, summarize, timeRatio } from './lib/stats';

const WARMUP = 50;
const VARIANTS = ['elasticsearch', 'read', 'gateway', 'no-facets'] as const;
type Variant = (typeof VARIANTS)[number];
/** How each variant is named in the report. */
const LABELS: Record<Variant, string> = {
  elasticsearch: 'same ES query, client',
  read: 'read service, HTTP',
  gateway: 'all-in-one gateway, HTTP',
  'no-facets': 'same ES query without facets',
};

/** Fails unless the API answers what the direct query finds, so both sides measure the same work. */
async function checkSameResult(name: string, request: CaseRequest, client: TimedClient, bases: string[]): Promise<void> {
  const direct = (await request.direct()) as { total?: number; id?: string } | undefined;
  for (const base of bases) {
    const res = await client.request(`${base}${request.path}`);
    const same =
      direct && 'total' in direct ? jsonAt(res.body, 'pagination', 'total_items') === direct.total : jsonAt(res.body, 'id') === direct?.id;
    if (res.status !== 200 || !same) throw new Error(`${name}: ${base}${request.path} answered ${res.status} unlike the direct query`);
  }
}

/** Runs the benchmark; see the file comment. */
export async function readLatency(options: BenchOptions, log: (message: string) => void): Promise<Comparison[]> {
  const seeded = await openSeededReadWorld('jla_bench_read');
  const client = new TimedClient();
  const servers: { close: () => Promise<void> }[] = [];
  try {
    const read = await listen(createReadApp(seeded.deps).app.callback());
    servers.push(read);
    const gateway = await listen(createAllInOneApp(seeded.deps).handler);
    servers.push(gateway);

    const comparisons: Comparison[] = [];
    for (const [name, requestAt] of Object.entries(readCases(seeded.docs, seeded.search, seeded.world.config.indexAlias))) {
      await checkSameResult(name, requestAt(0), client, [read.base, gateway.base]);
      const run: Record<Variant, (r: CaseRequest) => Promise<number>> = {
        elasticsearch: (r) => timed(r.direct),
        read: (r) => client.timedGet(`${read.base}${r.path}`),
        gateway: (r) => client.timedGet(`${gateway.base}${r.path}`),
        'no-facets': (r) => timed(r.withoutFacets!),
      };
      const variants = VARIANTS.filter((v) => v !== 'no-facets' || requestAt(0).withoutFacets);
      for (let i = 0; i < WARMUP; i++) for (const v of rotation(variants, i)) await run[v](requestAt(i + 1000));
      const ms: Record<Variant, number[]> = { elasticsearch: [], read: [], gateway: [], 'no-facets': [] };
      for (let i = 0; i < options.requests; i++) {
        const request = requestAt(i);
        for (const v of rotation(variants, i)) ms[v].push(await run[v](request));
      }
      log(`read-latency: ${name} done (${options.requests} requests per variant)`);
      const s = Object.fromEntries(variants.map((v) => [v, summarize(ms[v])])) as Record<Variant, ReturnType<typeof summarize>>;
      const compare = (subject: Variant, baseline: Variant): Comparison => ({
        benchmark: 'read-latency',
        case: name,
        subject: { label: LABELS[subject], unit: 'ms', figures: { median: s[subject].median, p90: s[subject].p90 } },
        baseline: { label: LABELS[baseline], unit: 'ms', figures: { median: s[baseline].median, p90: s[baseline].p90 } },
        ratios: { median: timeRatio(s[subject].median, s[baseline].median), p90: timeRatio(s[subject].p90, s[baseline].p90) },
        pairedDifference: medianPairedDifference(ms[subject], ms[baseline]),
      });
      comparisons.push(compare('read', 'elasticsearch'), compare('gateway', 'read'));
      if (variants.includes('no-facets')) comparisons.push(compare('elasticsearch', 'no-facets'));
    }
    return comparisons;
  } finally {
    client.close();
    await Promise.all(servers.map((s) => s.close()));
    await seeded.close(options.keep);
  }
}
