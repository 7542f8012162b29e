import { expect } from 'chai';
import { presentJob } from '../../../../shared/jobs/job-document';
import type { Job } from '../../../../shared/schemas/job';
import { resetDatabase, resetIndex, testConfig, testDb, testSearch } from '../../../../test/support/context';
import { bulkIndexJobs } from '../../../indexer';
import { loadJobDocuments, toIndexable } from '../../../../shared/jobs/job-rows';
import { createJobsBatch } from '../../../write';
import { readApp, recruiterWorld, type RecruiterWorld } from '../../../../test/support/manage-fixtures';
import { createRandom } from '../../../../scripts/seed/random';

/** Floats in [0, 1) from a seeded generator (mulberry32): the same sequence on every machine. */
const seededNumbers = (seed: number) => {
  const random = createRandom(seed);
  return () => random.next();
};

/**
 * A copy of the board kept only from updated_since pages, as an aggregator keeps one: each sync
 * reads every page from its checkpoint on (following next_cursor) and remembers the latest
 * updated_at it saw. Asking again from that very time (gte) repeats the jobs changed at it, which
 * upserts absorb; it never misses one.
 */
class Mirror {
  readonly jobs = new Map<string, Job>();
  private checkpoint = '1970-01-01T00:00:00Z';
  requests = 0;

  async sync(): Promise<void> {
    // The same updated_since on every page of a walk: a cursor belongs to the request that made it.
    const since = this.checkpoint;
    let cursor: string | undefined;
    do {
      const res = await readApp()
        .get('/agents/jobs')
        .query({ updated_since: since, limit: 100, ...(cursor ? { cursor } : {}) });
      this.requests++;
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      for (const job of res.body.jobs as Job[]) {
        this.jobs.set(job.id, job);
        if (job.updated_at > this.checkpoint) this.checkpoint = job.updated_at;
      }
      cursor = res.body.pagination.next_cursor;
    } while (cursor);
  }
}

/** Every job in the index, as the read service presents it. */
async function indexedJobs(): Promise<Map<string, Job>> {
  const res = await testSearch().search({ index: testConfig().indexAlias, size: 10_000, query: { match_all: {} } });
  return new Map(res.hits.hits.map((hit) => [hit._id as string, presentJob(hit._source as never)]));
}

/** Brings the given jobs into the index as the indexer would (external versions), searchable at once. */
async function index(ids: readonly string[]): Promise<void> {
  const rows = await loadJobDocuments(testDb(), ids);
  const result = await bulkIndexJobs(testSearch(), testConfig().indexAlias, rows.map(toIndexable), { refresh: true });
  expect(result.failed).to.deep.equal([]);
}

describe('GET /agents/jobs?updated_since= (keeping a copy of the board in step)', () => {
  let world: RecruiterWorld;

  beforeEach(async () => {
    await resetDatabase();
    await resetIndex();
    world = await recruiterWorld();
  });

  it('a mirror built only from updated_since pages equals the index after 1 000 random creates, updates and closes', async function () {
    this.timeout(120_000);
    const random = seededNumbers(19);
    const mirror = new Mirror();
    const open: string[] = [];
    let [creates, updates, closes] = [0, 0, 0];
    for (let round = 0; round < 10; round++) {
      // 100 operations a round, written in bulk: a third creates, the rest updates and closes of open jobs.
      const ops = Array.from({ length: 100 }, () => random());
      const toCreate = ops.filter((r) => r < 0.35 || open.length < 20).length;
      const created = await createJobsBatch(
        testDb(),
        world.recruiter.id,
        Array.from({ length: toCreate }, (_, i) => ({
          title: `Job ${round}-${i}`,
          organization_id: world.acme.id,
          location_id: random() < 0.5 ? world.london.id : world.remote.id,
          type: 'full_time' as const,
          salary: `£${20 + Math.floor(random() * 40)},000 a year`,
        })),
      );
      const createdIds = created.map((c) => (c.ok ? c.job.doc.id : expect.fail(JSON.stringify(c.error))));
      open.push(...createdIds);
      creates += toCreate;
      const rest = 100 - toCreate;
      const picks = Array.from({ length: rest }, () => open[Math.floor(random() * open.length)]);
      const toClose = [...new Set(picks.filter(() => random() < 0.3))];
      const toUpdate = [...new Set(picks.filter((id) => !toClose.includes(id)))];
      updates += rest - picks.filter((id) => toClose.includes(id)).length;
      closes += picks.filter((id) => toClose.includes(id)).length;
      await testDb().query(
        `UPDATE jobs SET title = title || ' (edited)', salary = '£' || (20 + floor(random() * 40))::int || ',000 a year',
                         version = version + 1, updated_at = greatest(now(), updated_at + interval '1 millisecond')
          WHERE id = ANY($1::uuid[])`,
        [toUpdate],
      );
      await testDb().query(
        `UPDATE jobs SET is_active = false, closed_at = now(), version = version + 1, updated_at = greatest(now(), updated_at + interval '1 millisecond')
          WHERE id = ANY($1::uuid[]) AND is_active`,
        [toClose],
      );
      for (const id of toClose) open.splice(open.indexOf(id), 1);
      await index([...createdIds, ...toUpdate, ...toClose]);
      // Syncing every other round: a mirror does not see every state a job passes through.
      if (round % 2 === 1) await mirror.sync();
    }
    await mirror.sync();
    expect(creates + updates + closes).to.equal(1000);
    const indexed = await indexedJobs();
    expect(indexed.size).to.equal(creates);
    expect([...mirror.jobs.keys()].sort()).to.deep.equal([...indexed.keys()].sort());
    for (const [id, job] of indexed) expect(mirror.jobs.get(id), id).to.deep.equal(job);
    expect([...indexed.values()].filter((j) => !j.is_active).length, 'closed jobs are in the mirror, inactive').to.be.greaterThan(50);
  });

  it('lists changes oldest first, inactive jobs included, from the time given (inclusive), with a cursor', async () => {
    const [a, b, c] = await createJobsBatch(
      testDb(),
      world.recruiter.id,
      ['A', 'B', 'C'].map((title) => ({
        title,
        organization_id: world.acme.id,
        location_id: world.london.id,
        type: 'full_time' as const,
        salary: '£30,000',
      })),
    );
    const ids = [a, b, c].map((r) => (r.ok ? r.job.doc.id : ''));
    await testDb().query(
      `UPDATE jobs SET updated_at = created_at + interval '1 hour' * (CASE title WHEN 'A' THEN 3 WHEN 'B' THEN 1 ELSE 2 END) WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    await testDb().query(
      `UPDATE jobs SET is_active = false, closed_at = now() + interval '1 day', version = version + 1 WHERE title = 'C'`,
    );
    await index(ids);
    const all = await readApp().get('/agents/jobs').query({ updated_since: '2000-01-01T00:00:00Z', limit: 2 });
    expect(all.status, JSON.stringify(all.body)).to.equal(200);
    expect(all.body.jobs.map((j: Job) => j.title)).to.deep.equal(['B', 'C']);
    expect(all.body.jobs[1].is_active).to.equal(false);
    const rest = await readApp()
      .get('/agents/jobs')
      .query({ updated_since: '2000-01-01T00:00:00Z', limit: 2, cursor: all.body.pagination.next_cursor });
    expect(rest.body.jobs.map((j: Job) => j.title)).to.deep.equal(['A']);
    expect(rest.body.pagination).to.not.have.property('next_cursor');
    const since = all.body.jobs[1].updated_at;
    const later = await readApp().get('/agents/jobs').query({ updated_since: since });
    expect(later.body.jobs.map((j: Job) => j.title)).to.deep.equal(['C', 'A']);
    // Browse without updated_since still lists active jobs only, newest first.
    expect((await readApp().get('/agents/jobs')).body.jobs.map((j: Job) => j.title).sort()).to.deep.equal(['A', 'B']);
  });

  it('400 for a time that is not RFC 3339, and for a sort beside it', async () => {
    for (const query of [
      { updated_since: 'yesterday' },
      { updated_since: '2026-11-23' },
      { updated_since: '2026-11-23T00:00:00Z', sort: 'newest' },
    ]) {
      const res = await readApp().get('/agents/jobs').query(query);
      expect(res.status, JSON.stringify(query)).to.equal(400);
      expect(res.body.code).to.equal('invalid_request');
    }
  });
});
