/**
 * Time to searchable: creates through POST /agents/jobs, one at a time; after each, browse and
 * search are polled until both return the new job, timed from the moment the create is sent.
 * Baseline, interleaved with the creates (alternately before and after each): one index request
 * with refresh=true of the same kind of document straight to Elasticsearch, into an index of the
 * same definition, i.e. the least any write can take to become searchable. The write service
 * (with its outbox indexer, as in production) and the read service run in this process on
 * ephemeral ports, called over HTTP with keep-alive; database and alias are the benchmark's own.
 */
import { randomUUID } from 'node:crypto';
import { createReadApp } from '../services/read';
import { createWriteApp } from '../services/write';
import { startOutboxIndexer } from '../services/indexer';
import type { JobDocument } from '../shared/jobs/job-document';
import { createLogger } from '../shared/logger';
import { createSearchClient } from '../shared/search/client';
import type { BenchOptions } from './lib/args';
import { createBenchWorld, type BenchWorld } from './bench-database';
import { jobIds, jsonAt, listen, timed, TimedClient, type Listening } from './lib/http';
import type { Comparison } from './lib/report';
import { medianPairedDifference, summarize, timeRatio } from './lib/stats';

const WARMUP = 5;

/** The body of create i, with a word of its own to search for. */
function createBody(world: BenchWorld, token: string) {
  return {
    title: `Benchmark role ${token}`,
    organization_id: world.organizationIds[0],
    location_id: world.locationIds[0],
    type: 'full_time',
    salary: '1',
  };
}

/** The document the indexer would write for that create, for the baseline. */
function baselineDocument(world: BenchWorld, token: string): JobDocument {
  const now = new Date().toISOString();
  const body = createBody(world, token);
  return {
    ...body,
    id: randomUUID(),
    type: 'full_time',
    description: null,
    organization: world.organizations[0].name,
    location: world.locations[0].name,
    experience: null,
    education: null,
    skills: [],
    tags: [],
    department: null,
    team: null,
    reporting_to: null,
    responsibilities: [],
    closing_date: null,
    project_id: null,
    resume_score_threshold: null,
    generate_screening: false,
    is_active: true,
    created_by: world.recruiter.id,
    created_at: now,
    updated_at: now,
  };
}

/** Creates a job and polls browse and search until both list it; resolves with both durations. */
async function createUntilSearchable(client: TimedClient, world: BenchWorld, write: Listening, read: Listening, token: string) {
  const started = performance.now();
  const created = await client.request(`${write.base}/agents/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': world.recruiter.key },
    body: JSON.stringify(createBody(world, token)),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = jsonAt(created.body, 'id');
  const lists = (body: unknown) => jobIds(body)?.includes(id);
  for (;;) {
    const [browse, found] = await Promise.all([
      client.request(`${read.base}/agents/jobs?limit=5`),
      client.request(`${read.base}/agents/jobs/search?q=${token}`),
    ]);
    if (lists(browse.body) && lists(found.body)) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  return { createMs: created.ms, searchableMs: performance.now() - started };
}

/** Runs the benchmark; see the file comment. */
export async function timeToSearchable(options: BenchOptions, log: (message: string) => void): Promise<Comparison[]> {
  const world = await createBenchWorld('jla_bench_tts', { organizations: 3, locations: 3 });
  const logger = createLogger('silent', 'bench');
  const search = createSearchClient(world.config);
  const client = new TimedClient();
  const write = await listen(createWriteApp({ config: world.config, db: world.db, search, logger }).app.callback());
  const read = await listen(createReadApp({ config: world.config, search, logger }).app.callback());
  const indexer = startOutboxIndexer(world.config, world.db, logger);
  try {
    const baselineIndex = await world.scratchIndex('baseline');
    const ms = { create: [] as number[], searchable: [] as number[], baseline: [] as number[] };
    for (let i = 0; i < options.creates + WARMUP; i++) {
      const token = `zq${i}x${Math.random().toString(36).slice(2, 8)}`;
      const baseline = () =>
        timed(() => search.index({ index: baselineIndex, id: randomUUID(), document: baselineDocument(world, token), refresh: true }));
      // Alternate which goes first, so neither always meets the other's refresh or merge.
      let b: number;
      let s: { createMs: number; searchableMs: number };
      if (i % 2 === 0) {
        b = await baseline();
        s = await createUntilSearchable(client, world, write, read, token);
      } else {
        s = await createUntilSearchable(client, world, write, read, token);
        b = await baseline();
      }
      if (i < WARMUP) continue;
      ms.create.push(s.createMs);
      ms.searchable.push(s.searchableMs);
      ms.baseline.push(b);
    }
    log(`time-to-searchable: ${options.creates} creates done`);
    const baseline = summarize(ms.baseline);
    const baselineMeasurement = {
      label: 'ES index, refresh=true',
      unit: 'ms' as const,
      figures: { median: baseline.median, worst: baseline.worst },
    };
    const row = (label: string, values: number[], caseName: string): Comparison => {
      const s = summarize(values);
      return {
        benchmark: 'time-to-searchable',
        case: caseName,
        subject: { label, unit: 'ms', figures: { median: s.median, p90: s.p90, worst: s.worst } },
        baseline: baselineMeasurement,
        ratios: { median: timeRatio(s.median, baseline.median), worst: timeRatio(s.worst, baseline.worst) },
        pairedDifference: medianPairedDifference(values, ms.baseline),
      };
    };
    return [
      row('POST -> browse+search list it', ms.searchable, `${options.creates} creates`),
      row('POST answered 201', ms.create, `${options.creates} creates`),
    ];
  } finally {
    await indexer.stop();
    client.close();
    await Promise.all([write.close(), read.close()]);
    await search.close();
    await world.teardown(options.keep);
  }
}
