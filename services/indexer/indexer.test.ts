import net from 'node:net';
import { expect } from 'chai';
import { createSearchClient } from '../../shared/search/client';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createJob as insertJobRow, createLocation, createOrganization, createUser } from '../../test/support/factories';
import { waitFor } from '../../test/support/wait';
import { createJob } from '../write';
import { OutboxIndexer } from './indexer';
import { outboxBacklog } from './outbox-backlog';

const alias = testConfig().indexAlias;
const FAST = { baseMs: 50, maxMs: 200 };

function indexer(options: Partial<{ batchSize: number; alias: string; search: ReturnType<typeof testSearch> }> = {}) {
  return new OutboxIndexer(
    { db: testDb(), search: options.search ?? testSearch(), alias: options.alias ?? alias, logger: testLogger },
    { batchSize: options.batchSize ?? 500, pollMs: 20, backoff: FAST },
  );
}

async function outbox() {
  return testDb().query<{ job_id: string; attempts: number; last_error: string | null; due: boolean }>(
    'SELECT job_id, attempts, last_error, next_attempt_at <= now() AS due FROM job_index_outbox ORDER BY id',
  );
}

/** Every document in the index: id -> [version, seq_no]. */
async function indexed(): Promise<Map<string, [number, number]>> {
  await testSearch().indices.refresh({ index: alias });
  const res = await testSearch().search({ index: alias, size: 10_000, version: true, seq_no_primary_term: true, query: { match_all: {} } });
  return new Map(res.hits.hits.map((h) => [h._id!, [h._version!, h._seq_no!]]));
}

describe('outbox indexer', () => {
  let userId: string;
  let org: string;
  let loc: string;
  const newJob = (title = 'Indexer test job') =>
    createJob(testDb(), userId, { title, organization_id: org, location_id: loc, type: 'full_time', salary: '1' });

  beforeEach(async () => {
    await resetDatabase();
    await resetIndex();
    org = (await createOrganization()).id;
    loc = (await createLocation()).id;
    userId = (await createUser({ is_recruiter: true, memberOf: [org] })).id;
  });

  it('indexes every job of the outbox in bulk and deletes the rows', async () => {
    const jobs = await Promise.all(Array.from({ length: 30 }, (_, i) => newJob(`Job ${i}`)));
    const result = await indexer({ batchSize: 7 }).drainAll();
    expect(result).to.deep.equal({ claimed: 30, indexed: 30, stale: 0, failed: 0, unavailable: false });
    expect(await outbox()).to.deep.equal([]);
    const docs = await indexed();
    expect([...docs.keys()].sort()).to.deep.equal(jobs.map((j) => j.doc.id).sort());
    for (const [version] of docs.values()) expect(version).to.equal(1);
  });

  it('replaying the outbox twice changes nothing in the index', async () => {
    const jobs = await Promise.all(Array.from({ length: 10 }, () => newJob()));
    await indexer().drainAll();
    const before = await indexed();
    for (let round = 0; round < 2; round++) {
      await testDb().query('INSERT INTO job_index_outbox (job_id, job_version) SELECT id, version FROM jobs');
      const replay = await indexer().drainAll();
      expect(replay).to.deep.equal({ claimed: 10, indexed: 0, stale: 10, failed: 0, unavailable: false });
    }
    // Same documents, same versions, and no write at all (sequence numbers unchanged).
    expect(await indexed()).to.deep.equal(before);
    expect(before.size).to.equal(jobs.length);
    expect(await outbox()).to.deep.equal([]);
  });

  it('never regresses a document: an older version arriving late is stale', async () => {
    const job = await newJob('Original title');
    await indexer().drainAll();
    await testDb().query(`UPDATE jobs SET title = 'Newer title', version = 3 WHERE id = $1`, [job.doc.id]);
    await testDb().query('INSERT INTO job_index_outbox (job_id, job_version) VALUES ($1, 3)', [job.doc.id]);
    await indexer().drainAll();
    // A late writer still holding version 2 (e.g. a slow request) must not win.
    const late = await testSearch()
      .index({ index: alias, id: job.doc.id, version: 2, version_type: 'external', document: { ...job.doc, title: 'Stale title' } })
      .catch((e) => e.meta.statusCode);
    expect(late).to.equal(409);
    const doc = await testSearch().get<{ title: string }>({ index: alias, id: job.doc.id });
    expect([doc._version, doc._source!.title]).to.deep.equal([3, 'Newer title']);
  });

  it('makes progress whatever the commit order of outbox ids (a lower id committed later is still drained)', async () => {
    const early = await insertJobRow({ organization_id: org, location_id: loc, title: 'Committed second' });
    const client = await testDb().pool.connect();
    try {
      await client.query('BEGIN');
      // This outbox row takes the lower id now but commits only after a row with a higher id.
      await client.query('INSERT INTO job_index_outbox (job_id, job_version) VALUES ($1, 1)', [early.id]);
      const later = await newJob('Committed first');
      expect((await indexer().drainAll()).indexed).to.equal(1);
      expect([...(await indexed()).keys()]).to.deep.equal([later.doc.id]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect((await indexer().drainAll()).indexed).to.equal(1);
    expect((await indexed()).size).to.equal(2);
  });

  it('several indexers at once claim each row exactly once', async () => {
    await testDb().query(
      `INSERT INTO jobs (title, organization_id, location_id, type, salary)
       SELECT 'Bulk job ' || g, $1, $2, 'contract', '1' FROM generate_series(1, 1200) g`,
      [org, loc],
    );
    await testDb().query('INSERT INTO job_index_outbox (job_id, job_version) SELECT id, version FROM jobs');
    const results = await Promise.all(Array.from({ length: 4 }, () => indexer({ batchSize: 50 }).drainAll()));
    const claimed = results.reduce((n, r) => n + r.claimed, 0);
    const written = results.reduce((n, r) => n + r.indexed + r.stale, 0);
    expect(claimed).to.equal(1200);
    expect(written).to.equal(1200);
    expect(results.filter((r) => r.claimed > 0).length, 'the work was shared').to.be.greaterThan(1);
    expect((await indexed()).size).to.equal(1200);
    expect(await outbox()).to.deep.equal([]);
  });

  it('keeps the rows with backoff and the reason when Elasticsearch does not answer', async () => {
    const job = await newJob();
    const dead = createSearchClient({ elasticsearchUrl: 'http://127.0.0.1:9', esRequestTimeoutMs: 1000 });
    const result = await indexer({ search: dead }).drainOnce();
    await dead.close();
    expect(result).to.deep.equal({ claimed: 1, indexed: 0, stale: 0, failed: 1, unavailable: true });
    const [row] = await outbox();
    expect(row.job_id).to.equal(job.doc.id);
    expect(row.attempts).to.equal(1);
    expect(row.due).to.equal(false);
    expect(row.last_error).to.match(/^bulk request failed: /);
    // Not due yet: nothing to claim; once due, a healthy indexer finishes it.
    expect((await indexer().drainOnce()).claimed).to.equal(0);
    await waitFor(async () => (await outbox())[0].due, { what: 'the row to come due after its backoff', timeoutMs: 5000 });
    expect((await indexer().drainOnce()).indexed).to.equal(1);
    expect(await outbox()).to.deep.equal([]);
  });

  it('reports the backlog: pending rows, rows waiting for a retry, and the age of the oldest', async () => {
    expect(await outboxBacklog(testDb())).to.deep.equal({ pending: 0, retrying: 0, oldestAgeSeconds: 0 });
    await newJob();
    await newJob();
    await testDb().query(
      `UPDATE job_index_outbox SET created_at = now() - interval '90 seconds', attempts = 2 WHERE id = (SELECT min(id) FROM job_index_outbox)`,
    );
    const backlog = await outboxBacklog(testDb());
    expect([backlog.pending, backlog.retrying]).to.deep.equal([2, 1]);
    expect(backlog.oldestAgeSeconds).to.be.within(90, 100);
  });

  it('never lets Elasticsearch auto-create an index when the alias is missing: the rows wait for it', async () => {
    await newJob();
    const missing = `${alias}_missing`;
    const result = await indexer({ alias: missing }).drainOnce();
    expect(result).to.deep.equal({ claimed: 1, indexed: 0, stale: 0, failed: 1, unavailable: false });
    const [row] = await outbox();
    expect(row.attempts).to.equal(1);
    expect(row.last_error).to.match(/index_not_found_exception/);
    expect(await testSearch().indices.exists({ index: missing })).to.equal(false);
  });

  it('runs in the background until stopped, and picks up rows as they come', async () => {
    const running = indexer();
    running.start();
    try {
      const jobs = await Promise.all(Array.from({ length: 5 }, () => newJob()));
      await waitFor(async () => (await outbox()).length === 0, {
        what: 'the running indexer to empty the outbox',
        timeoutMs: 5000,
        intervalMs: 20,
      });
      expect([...(await indexed()).keys()].sort()).to.deep.equal(jobs.map((j) => j.doc.id).sort());
      expect(running.totals.indexed).to.equal(5);
    } finally {
      await running.stop();
    }
  });

  it('stop() aborts a bulk request to a hung cluster at once and leaves its rows due, with no attempt charged', async () => {
    // A "cluster" that accepts the connection and never answers, as a frozen node does.
    const sockets: net.Socket[] = [];
    let requested: () => void;
    const bulkSent = new Promise<void>((resolve) => (requested = resolve));
    const hung = net.createServer((socket) => {
      sockets.push(socket);
      socket.once('data', () => requested());
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const port = (hung.address() as net.AddressInfo).port;
    const search = createSearchClient({ elasticsearchUrl: `http://127.0.0.1:${port}`, esRequestTimeoutMs: 60_000 });
    try {
      await newJob();
      const running = new OutboxIndexer(
        { db: testDb(), search, alias, logger: testLogger },
        { batchSize: 500, pollMs: 20, backoff: FAST, requestTimeoutMs: 60_000 },
      );
      running.start();
      await bulkSent;
      const started = Date.now();
      await running.stop();
      expect(Date.now() - started, 'stop() waited for the request timeout').to.be.below(2000);
      const [row] = await outbox();
      expect([row.attempts, row.due, row.last_error]).to.deep.equal([0, true, null]);
      expect((await indexer().drainOnce()).indexed, 'the next indexer takes the row').to.equal(1);
    } finally {
      await search.close();
      sockets.forEach((s) => s.destroy());
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});
