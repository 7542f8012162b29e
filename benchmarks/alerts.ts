/**
 * Alerts (issue 31): saved searches matched as jobs arrive, and their webhooks. A world of
 * --jobs generated jobs over 300 places and --saved-searches saved searches (a role of the seed
 * vocabulary, some with its level or a skill; four in five with one or two places, some with a job
 * type or a level), 2 000 with a job.matched webhook to a
 * local receiver; then jobs are created through POST /agents/jobs at --rate per minute for
 * --minutes, with the write service's outbox indexer, the matcher and the webhook worker running
 * in this process as in production. Per job: from the moment its create is sent to the commit of
 * its last match (matches readable), and to the last of its webhooks received. Baseline, in the
 * same run: the same creates' round trips (the job stored and indexed, which matching waits for).
 * Then a sample of saved searches is checked by brute force: each run as a search over the new
 * jobs, against the matches recorded (missed and wrong must both be 0).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createJobsBatch, createWriteApp } from '../services/write';
import { startOutboxIndexer } from '../services/indexer';
import { SavedSearchMatcher } from '../services/matcher';
import { buildSearchRequest, KnownWords, queryWords, readSearchParams } from '../services/read';
import { startWebhookWorker } from '../services/webhooks';
import { Database } from '../shared/db/database';
import { createLogger } from '../shared/logger';
import { createRandom } from '../scripts/seed/random';
import { EXPERIENCE_LEVELS, LEVELS, ROLE_FAMILIES } from '../scripts/seed/vocabulary';
import { JOB_TYPES } from '../shared/schemas/common';
import type { BenchOptions } from './lib/args';
import { createBenchWorld, type BenchWorld } from './bench-database';
import { generateJobLines } from './generate-jobs';
import { listen, TimedClient } from './lib/http';
import type { Comparison } from './lib/report';
import { percentile } from './lib/stats';

const USERS = 1000;
/** Places jobs are spread over; alerts mostly name one or two (job boards' alerts nearly always have a location). */
const LOCATIONS = 300;
const SUBSCRIBED_SEARCHES = 2000;
const CHECKED_SEARCHES = 400;
/** The words that name a level in generated titles ("Senior", "Lead"). */
const SENIORITY_WORDS = [...new Set(EXPERIENCE_LEVELS.flatMap((level) => LEVELS[level].prefixes.filter(Boolean)))];

/** A generated saved search: the words an agent would keep, sometimes with filters. */
function savedSearchParams(random: ReturnType<typeof createRandom>, world: BenchWorld): Record<string, string> {
  const family = random.pick(Object.values(ROLE_FAMILIES));
  const role = random.pick(family.roles);
  const roll = random.int(1, 100);
  // Most alerts name a role, some with its level or a skill; four in five name a place (a location) too.
  const q =
    roll <= 60 ? role : roll <= 80 ? `${random.pick(SENIORITY_WORDS)} ${role}` : `${random.pick(family.skills)} ${role.split(' ').at(-1)!}`;
  const params: Record<string, string> = { q };
  if (random.chance(0.8)) params.location_ids = random.sample(world.locationIds, random.int(1, 2)).join(',');
  if (random.chance(0.3)) params.job_types = random.pick(JOB_TYPES);
  if (random.chance(0.1)) params.experiences = random.pick(EXPERIENCE_LEVELS);
  return params;
}

/** A receiver of webhooks that notes when each job's job.matched events arrive. */
async function startReceiver(): Promise<{
  url: string;
  arrivals: Map<string, number[]>;
  ids: Map<string, number>;
  close: () => Promise<void>;
}> {
  const arrivals = new Map<string, number[]>();
  const ids = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { data: { job: { id: string } } };
      const id = req.headers['webhook-id'] as string;
      ids.set(id, (ids.get(id) ?? 0) + 1);
      const list = arrivals.get(body.data.job.id) ?? [];
      list.push(at);
      arrivals.set(body.data.job.id, list);
      res.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    ids,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function alerts(options: BenchOptions, log: (message: string) => void): Promise<Comparison[]> {
  const world = await createBenchWorld('jla_bench_alerts', { organizations: 100, locations: LOCATIONS });
  const random = createRandom(7, 'alerts');
  const logger = createLogger('warn', 'bench-alerts');
  const receiver = await startReceiver();
  const config = {
    ...world.config,
    webhookAllowHttp: true,
    webhookAllowPrivateAddresses: true,
    webhookPollMs: 100,
    matcherPollMs: 200,
    // The API, the indexer, the matcher and the webhook worker share this process's pool; the
    // figures at the end read a million matches.
    pgPoolMax: 30,
    pgStatementTimeoutMs: 120_000,
  };
  const db = new Database(config);
  try {
    log(`alerts: ${options.jobs} generated jobs already posted`);
    const lines = [...generateJobLines(options.jobs, { organizationIds: world.organizationIds, locationIds: world.locationIds, seed: 3 })];
    for (let i = 0; i < lines.length; i += 1000) {
      await createJobsBatch(
        world.db,
        world.recruiter.id,
        lines.slice(i, i + 1000).map((l) => JSON.parse(l) as never),
      );
    }
    const indexer = startOutboxIndexer(config, db, logger);
    await indexer.indexer.drainAll();
    await world.db.query('DELETE FROM job_match_queue');

    log(`alerts: ${options.savedSearches} saved searches of ${USERS} users, ${SUBSCRIBED_SEARCHES} with a webhook`);
    const users = await world.db.query<{ id: string }>(
      `INSERT INTO users (name, email) SELECT 'Agent ' || g, 'agent' || g || '@example.com' FROM generate_series(1, $1) g RETURNING id`,
      [USERS],
    );
    const all = Array.from({ length: options.savedSearches }, (_, i) => ({
      user: users[i % USERS].id,
      params: savedSearchParams(random, world),
    }));
    for (let i = 0; i < all.length; i += 5000) {
      const chunk = all.slice(i, i + 5000);
      await world.db.query('INSERT INTO saved_searches (user_id, params) SELECT * FROM unnest($1::uuid[], $2::jsonb[])', [
        chunk.map((s) => s.user),
        chunk.map((s) => JSON.stringify(s.params)),
      ]);
    }
    await world.db
      .query(
        `INSERT INTO webhook_subscriptions (user_id, url, events, saved_search_id, secret)
       SELECT user_id, $1, '{job.matched}', id, 'whsec_' || encode(gen_random_bytes(24), 'base64') FROM saved_searches ORDER BY random() LIMIT $2`,
        [receiver.url, SUBSCRIBED_SEARCHES],
      )
      .catch(async () =>
        // gen_random_bytes needs pgcrypto; md5 of a uuid is random enough for a benchmark's secrets.
        world.db.query(
          `INSERT INTO webhook_subscriptions (user_id, url, events, saved_search_id, secret)
         SELECT user_id, $1, '{job.matched}', id, 'whsec_' || encode(decode(md5(gen_random_uuid()::text) || md5(gen_random_uuid()::text), 'hex'), 'base64')
           FROM saved_searches ORDER BY random() LIMIT $2`,
          [receiver.url, SUBSCRIBED_SEARCHES],
        ),
      );

    const matcher = new SavedSearchMatcher(
      { db, search: world.search, index: config.indexAlias, logger },
      { batchSize: config.matcherBatchSize, pollMs: config.matcherPollMs },
    );
    const compileStarted = performance.now();
    const synced = await matcher.sync();
    const compileSeconds = (performance.now() - compileStarted) / 1000;
    log(`alerts: compiled ${synced.compiled} saved searches in ${compileSeconds.toFixed(1)} s (${matcher.anyCount} match any job's terms)`);
    matcher.start();
    const webhooks = startWebhookWorker(config, db, logger);

    const app = createWriteApp({ config, db, search: world.search, logger });
    const write = await listen(app.app.callback());
    const client = new TimedClient();
    const total = Math.round(options.rate * options.minutes);
    log(`alerts: creating ${total} jobs at ${options.rate} a minute`);
    const fresh = [...generateJobLines(total, { organizationIds: world.organizationIds, locationIds: world.locationIds, seed: 11 })];
    const sentAt = new Map<string, number>();
    const createMs: number[] = [];
    let refused = 0;
    const started = performance.now();
    const creates: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 60_000) / options.rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const at = performance.now();
      const create = () =>
        client.request(`${write.base}/agents/jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': world.recruiter.key },
          body: fresh[i],
        });
      creates.push(
        (async () => {
          let res = await create();
          // A create refused under load is counted and sent again once, as a client would.
          if (res.status !== 201) {
            refused++;
            await new Promise((r) => setTimeout(r, 1000));
            res = await create();
          }
          if (res.status !== 201) throw new Error(`create answered ${res.status} twice`);
          sentAt.set((res.body as { id: string }).id, at);
          createMs.push(performance.now() - at);
        })(),
      );
    }
    await Promise.all(creates);
    log('alerts: waiting for the queue and the deliveries to drain');
    const clockOffset = Date.now() - performance.now();
    for (;;) {
      const [left] = await world.db.query<{ queued: string; pending: string }>(
        "SELECT (SELECT count(*) FROM job_match_queue) AS queued, (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending') AS pending",
      );
      if (Number(left.queued) === 0 && Number(left.pending) === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await matcher.stop();
    const t = matcher.totals;
    const perPass = (ms: number) => (ms / Math.max(1, t.passes)).toFixed(0);
    log(
      `alerts: ${t.passes} matcher passes, ${(t.jobs / Math.max(1, t.passes)).toFixed(0)} jobs and ${(t.candidates / Math.max(1, t.passes)).toFixed(0)} candidate searches a pass; ` +
        `ms a pass: sync ${perPass(t.ms.sync)}, read ${perPass(t.ms.read)}, evaluate ${perPass(t.ms.evaluate)}, record ${perPass(t.ms.record)}`,
    );
    await webhooks.stop();
    await indexer.stop();
    await write.close();

    const newIds = [...sentAt.keys()];
    // A million matches at the full size: each job's last one, and the count, are asked of Postgres itself.
    const lastRows = await db.query<{ job_id: string; last: Date; n: string }>(
      'SELECT job_id, max(matched_at) AS last, count(*) AS n FROM saved_search_matches WHERE job_id = ANY($1::uuid[]) GROUP BY job_id',
      [newIds],
    );
    const lastMatch = new Map(lastRows.map((r) => [r.job_id, r.last.getTime() - clockOffset]));
    const matchCount = lastRows.reduce((n, r) => n + Number(r.n), 0);
    const readable = [...lastMatch].map(([id, at]) => at - sentAt.get(id)!);
    const received = [...receiver.arrivals].filter(([id]) => sentAt.has(id)).map(([id, times]) => Math.max(...times) - sentAt.get(id)!);
    const duplicates = [...receiver.ids.values()].filter((n) => n > 1).length;

    log(`alerts: checking ${CHECKED_SEARCHES} saved searches by brute force`);
    const check = await bruteForceCheck(world, db, newIds, CHECKED_SEARCHES);
    const matchedJobs = lastMatch.size;
    const note =
      `${options.savedSearches} saved searches, ${total} jobs at ${options.rate}/min (${refused} creates refused once): ${matchCount} matches of ${matchedJobs} jobs, ` +
      `${[...receiver.arrivals.values()].reduce((n, t) => n + t.length, 0)} webhooks received (${duplicates} webhook-ids twice); ` +
      `brute force on ${check.searches} searches: ${check.missed} missed, ${check.wrong} wrong (${check.pairs} matches checked); compile ${compileSeconds.toFixed(1)} s`;
    // The write service indexes a job at once and answers after: the create's round trip is the job stored and sent to the index.
    const baseline = { label: 'create answered', unit: 'ms' as const, figures: latencies(createMs) };
    const ratio = (a: Record<string, number>, b: Record<string, number>) => ({ p50: a.p50 / b.p50, p95: a.p95 / b.p95 });
    const readableFigures = latencies(readable);
    const receivedFigures = latencies(received);
    return [
      {
        benchmark: 'alerts',
        case: 'create -> matches readable',
        subject: { label: 'last match committed', unit: 'ms', figures: readableFigures },
        baseline,
        ratios: ratio(readableFigures, baseline.figures),
        note,
        details: { missed: check.missed, wrong: check.wrong, checked_pairs: check.pairs, duplicates, compile_seconds: compileSeconds },
      },
      {
        benchmark: 'alerts',
        case: 'create -> webhooks received',
        subject: { label: 'last webhook received', unit: 'ms', figures: receivedFigures },
        baseline,
        ratios: ratio(receivedFigures, baseline.figures),
      },
    ];
  } finally {
    await db.close();
    await receiver.close();
    await world.teardown(options.keep);
  }
}

/** p50, p95 and the worst of a sample of durations (the target is on p95). */
function latencies(values: readonly number[]): Record<string, number> {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? { p50: NaN, p95: NaN, worst: NaN }
    : { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), worst: sorted.at(-1)! };
}

/** Each sampled saved search run as a search over the new jobs (strict: what the matcher promises), against its recorded matches. */
async function bruteForceCheck(
  world: BenchWorld,
  db: Database,
  newIds: string[],
  sample: number,
): Promise<{ searches: number; missed: number; wrong: number; pairs: number }> {
  const searches = await db.query<{ id: string; params: Record<string, string> }>(
    'SELECT id, params FROM saved_searches ORDER BY md5(id::text) LIMIT $1',
    [sample],
  );
  const matchRows = await db.query<{ saved_search_id: string; job_id: string }>(
    'SELECT saved_search_id, job_id FROM saved_search_matches WHERE saved_search_id = ANY($1::uuid[]) AND job_id = ANY($2::uuid[])',
    [searches.map((s) => s.id), newIds],
  );
  const knownWords = new KnownWords(world.search, world.config.indexAlias);
  const recorded = new Map<string, Set<string>>();
  for (const m of matchRows) recorded.set(m.saved_search_id, (recorded.get(m.saved_search_id) ?? new Set()).add(m.job_id));
  let missed = 0;
  let wrong = 0;
  let pairs = 0;
  for (const s of searches) {
    const params = readSearchParams(s.params as never);
    const typos = await knownWords.typoPolicy(queryWords(params.q).words);
    const { query } = buildSearchRequest({ ...params, facets: [] }, typos);
    const found = await world.search.search({
      index: world.config.indexAlias,
      size: newIds.length,
      _source: false,
      query: { bool: { must: query!, filter: [{ ids: { values: newIds } }] } },
    });
    const expected = new Set(found.hits.hits.map((h) => h._id as string));
    const got = recorded.get(s.id) ?? new Set();
    for (const id of expected) if (!got.has(id)) missed++;
    for (const id of got) if (!expected.has(id)) wrong++;
    pairs += expected.size;
  }
  return { searches: searches.length, missed, wrong, pairs };
}
