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
import { createAllInOneApp } from '../services/all-in-one/app';
import { createReadApp } from '../services/read/app';
import { buildBrowseRequest } from '../services/read/search/browse-query';
import { findJob } from '../services/read/search/find-job';
import { readBrowseParams, readSearchParams } from '../services/read/search/params';
import { runJobSearch } from '../services/read/search/run-search';
import { buildSearchRequest } from '../services/read/search/search-query';
import { bulkIndexJobs } from '../services/write/indexing/bulk-index';
import type { JobDocument } from '../shared/jobs/job-document';
import { createLogger } from '../shared/logger';
import { createSearchClient } from '../shared/search/client';
import type { BrowseQuery, SearchQuery } from '../shared/schemas/job-search';
import type { BenchOptions } from './lib/args';
import { createBenchWorld } from './bench-database';
import { seededDocuments } from './seeded-documents';
import { listen, TimedClient, timed } from './lib/http';
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

/** One request of a case: its path on the API, the direct Elasticsearch call, and its result size. */
interface CaseRequest {
  path: string;
  direct: () => Promise<unknown>;
  /** The direct call without aggregations, where the case reports what its facets cost. */
  withoutFacets?: () => Promise<unknown>;
}

/** Values that occur often in the data, so filtered searches return something. */
function commonest(values: string[], n: number): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, n).map(([v]) => v);
}

function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
}

/** The three cases: request i of each, as an API path and the equivalent direct query. */
function cases(docs: JobDocument[], search: ReturnType<typeof createSearchClient>, alias: string): Record<string, (i: number) => CaseRequest> {
  const words = ['engineer', 'developer', 'data', 'manager', 'designer', 'senior', 'analyst', 'product', 'backend', 'marketing'];
  const skills = commonest(docs.flatMap((d) => d.skills.map((s) => s.toLowerCase())), 6);
  const experiences = commonest(docs.flatMap((d) => (d.experience ? [d.experience.toLowerCase()] : [])), 3);
  const ids = docs.map((d) => d.id);
  return {
    browse: (i) => {
      const query: BrowseQuery = { page: (i % 20) + 1, limit: 10 };
      // Built outside the timed call: the baseline is the query alone, as Elasticsearch gets it.
      const request = buildBrowseRequest(readBrowseParams(query));
      const { aggs: _facets, ...plain } = request;
      return {
        path: `/agents/jobs?${queryString(query)}`,
        direct: () => runJobSearch(search, alias, request),
        withoutFacets: () => runJobSearch(search, alias, plain),
      };
    },
    'search, 3 filters': (i) => {
      const query: SearchQuery = {
        q: words[i % words.length],
        job_types: 'full_time,contract',
        experiences: experiences.join(','),
        skills: skills.slice(i % 3, (i % 3) + 3).join(','),
        page: 1,
        limit: 10,
      };
      const request = buildSearchRequest(readSearchParams(query));
      return { path: `/agents/jobs/search?${queryString(query)}`, direct: () => runJobSearch(search, alias, request) };
    },
    get: (i) => {
      const id = ids[(i * 7919) % ids.length];
      return { path: `/agents/jobs/${id}`, direct: () => findJob(search, alias, id) };
    },
  };
}

/** Fails unless the API answers what the direct query finds, so both sides measure the same work. */
async function checkSameResult(name: string, request: CaseRequest, client: TimedClient, bases: string[]): Promise<void> {
  const direct = (await request.direct()) as { total?: number; id?: string } | undefined;
  for (const base of bases) {
    const res = await client.request(`${base}${request.path}`);
    const same = direct && 'total' in direct ? res.body?.pagination?.total_items === direct.total : res.body?.id === direct?.id;
    if (res.status !== 200 || !same) throw new Error(`${name}: ${base}${request.path} answered ${res.status} unlike the direct query`);
  }
}

/** Runs the benchmark; see the file comment. */
export async function readLatency(options: BenchOptions, log: (message: string) => void): Promise<Comparison[]> {
  const world = await createBenchWorld('jla_bench_read', { organizations: 1, locations: 1 });
  const search = createSearchClient(world.config);
  const client = new TimedClient();
  const servers: { close: () => Promise<void> }[] = [];
  try {
    const docs = seededDocuments();
    const indexed = await bulkIndexJobs(world.search, world.config.indexAlias, docs.map((doc) => ({ doc, version: 1 })), { refresh: true, requestTimeoutMs: 120_000 });
    if (indexed.failed.length > 0) throw new Error(`indexing the seeded jobs failed: ${JSON.stringify(indexed.failed.slice(0, 3))}`);

    const logger = createLogger('silent', 'bench');
    const deps = { config: world.config, db: world.db, search, logger };
    const read = await listen(createReadApp(deps).app.callback());
    servers.push(read);
    const gateway = await listen(createAllInOneApp(deps).handler);
    servers.push(gateway);

    const comparisons: Comparison[] = [];
    for (const [name, requestAt] of Object.entries(cases(docs, search, world.config.indexAlias))) {
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
    await search.close();
    await world.teardown(options.keep);
  }
}
