import { expect } from 'chai';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createLocation, createOrganization, createUser } from '../../test/support/factories';
import { OutboxIndexer } from '../indexer';
import { buildSearchRequest, queryWords, readSearchParams, KnownWords } from '../read';
import { createJob } from '../write';
import { SavedSearchMatcher } from './matcher';
import { anchorKey } from './anchors';
import { claimQueuedJobs } from './queue';
import { TermFrequencies } from './term-frequencies';

// The real stores: jobs are created by the write side's command and indexed by the outbox
// indexer; saved searches are rows as the API writes them; the matcher's answers are checked
// against each saved search run as a search over the whole index (brute force).

const alias = testConfig().indexAlias;

const JOBS = {
  dataEngineer: { title: 'Data Engineer', description: 'Build batch and streaming pipelines in Python and Spark.', skills: ['Python'] },
  seniorDataEngineer: { title: 'Senior Data Engineer', description: 'Lead our data platform team.', skills: ['Spark'] },
  nurse: { title: 'Staff Nurse', description: 'Nights on a busy surgical ward.', skills: ['Patient care'] },
  physio: { title: 'Physiotherapist', description: 'Help patients recover movement after surgery.', skills: [] },
  chef: { title: 'Sous Chef', description: 'Run the kitchen on weekends.', skills: ['Cooking'] },
};

describe('saved-search matcher', function () {
  this.timeout(30_000);
  let userId: string;
  let otherUser: string;
  let org: string;
  let leeds: string;
  let york: string;
  let remote: string;

  const indexer = () =>
    new OutboxIndexer({ db: testDb(), search: testSearch(), alias, logger: testLogger }, { batchSize: 100, pollMs: 20 });
  const matcher = () =>
    new SavedSearchMatcher({ db: testDb(), search: testSearch(), index: alias, logger: testLogger }, { batchSize: 100, pollMs: 20 });
  const newJob = async (fields: (typeof JOBS)[keyof typeof JOBS], location = leeds, type = 'full_time') =>
    (await createJob(testDb(), userId, { ...fields, organization_id: org, location_id: location, type, salary: '£30,000' } as never)).doc
      .id;
  const save = async (params: Record<string, string>, owner = userId) =>
    (await testDb().query<{ id: string }>('INSERT INTO saved_searches (user_id, params) VALUES ($1, $2) RETURNING id', [owner, params]))[0]
      .id;
  const settle = async () => {
    await indexer().drainAll();
    await testSearch().indices.refresh({ index: alias });
  };
  const drain = async (m = matcher()) => {
    while ((await m.pass()).claimed > 0);
  };
  const matchesOf = async (savedSearchId: string) =>
    (
      await testDb().query<{ seq: string; job_id: string }>(
        'SELECT seq, job_id FROM saved_search_matches WHERE saved_search_id = $1 ORDER BY seq',
        [savedSearchId],
      )
    ).map((r) => ({ seq: Number(r.seq), jobId: r.job_id }));
  /** What the saved search finds among these jobs when run as a search (strict, no relaxation): the brute-force answer. */
  const bruteForce = async (params: Record<string, string>, jobIds: string[]) => {
    const search = readSearchParams(params as never);
    const typos = await new KnownWords(testSearch(), alias).typoPolicy(queryWords(search.q).words);
    const { query } = buildSearchRequest({ ...search, facets: [] }, typos);
    const answer = await testSearch().search({
      index: alias,
      size: 100,
      query: { bool: { must: query!, filter: [{ ids: { values: jobIds } }] } },
    });
    return answer.hits.hits.map((h) => h._id as string).sort();
  };

  beforeEach(async () => {
    await resetDatabase();
    await resetIndex();
    org = (await createOrganization()).id;
    leeds = (await createLocation({ name: 'Leeds', city: 'Leeds', country_code: 'GB' })).id;
    york = (await createLocation({ name: 'York', city: 'York', country_code: 'GB' })).id;
    remote = (await createLocation({ name: 'Anywhere', workplace_type: 'remote' })).id;
    userId = (await createUser({ is_recruiter: true, memberOf: [org] })).id;
    otherUser = (await createUser()).id;
  });

  it('counts the jobs that hold each condition term, to file a saved search under its rarest condition', async () => {
    await newJob(JOBS.nurse);
    await newJob(JOBS.nurse, york);
    await newJob(JOBS.chef, york, 'part_time');
    await settle();
    const frequencies = new TermFrequencies(testSearch(), alias);
    const terms = {
      york: anchorKey('location_id', york),
      fullTime: anchorKey('type', 'full_time'),
      nurse: anchorKey('title', 'nurse'),
      chef: anchorKey('title.plain', 'chef'),
      absent: anchorKey('title', 'astronaut'),
    };
    expect(frequencies.of(terms.york), 'not counted yet: taken as common').to.equal(Number.MAX_SAFE_INTEGER);
    await frequencies.learn(Object.values(terms));
    expect(Object.fromEntries(Object.entries(terms).map(([k, term]) => [k, frequencies.of(term)]))).to.deep.equal({
      york: 2,
      fullTime: 2,
      nurse: 2,
      chef: 1,
      absent: 0,
    });
  });

  it('records the new jobs each saved search matches, as the search itself finds them, numbered from 1', async () => {
    const searches = {
      dataEngineer: { q: 'data engineer' },
      nurse: { q: 'nurse', job_types: 'part_time' },
      physioLeeds: { q: 'physiotherapist leeds' },
      typo: { q: 'enginer' },
      chef: { q: 'chef', workplace_types: 'remote' },
      remoteChef: { q: 'chef', remote: 'true' },
    };
    const ids = Object.fromEntries(await Promise.all(Object.entries(searches).map(async ([k, p]) => [k, await save(p)])));
    const jobs = {
      dataEngineer: await newJob(JOBS.dataEngineer),
      seniorDataEngineer: await newJob(JOBS.seniorDataEngineer, york),
      nurseFull: await newJob(JOBS.nurse),
      nursePart: await newJob(JOBS.nurse, leeds, 'part_time'),
      physioLeeds: await newJob(JOBS.physio),
      physioYork: await newJob(JOBS.physio, york),
      chef: await newJob(JOBS.chef),
      remoteChef: await newJob(JOBS.chef, remote),
    };
    await settle();
    await drain();

    const expected: Record<string, string[]> = {
      dataEngineer: [jobs.dataEngineer, jobs.seniorDataEngineer],
      nurse: [jobs.nursePart],
      physioLeeds: [jobs.physioLeeds],
      typo: [jobs.dataEngineer, jobs.seniorDataEngineer],
      chef: [jobs.remoteChef],
      remoteChef: [jobs.remoteChef],
    };
    for (const [key, params] of Object.entries(searches)) {
      const got = await matchesOf(ids[key]);
      expect(got.map((m) => m.jobId).sort(), key).to.deep.equal([...expected[key]].sort());
      expect(
        got.map((m) => m.seq),
        `${key}: numbered 1..n`,
      ).to.deep.equal(got.map((_, i) => i + 1));
      expect(await bruteForce(params, Object.values(jobs)), `${key}: as the search finds them`).to.deep.equal([...expected[key]].sort());
    }
    expect(await testDb().query('SELECT 1 FROM job_match_queue')).to.have.length(0);
    const [counter] = await testDb().query<{ match_seq: string }>('SELECT match_seq FROM saved_searches WHERE id = $1', [ids.dataEngineer]);
    expect(Number(counter.match_seq)).to.equal(2);
  });

  it('matches jobs changed after a search was saved, waits for a job to be indexed at its version, and records an edit that starts matching once', async () => {
    const before = await newJob(JOBS.dataEngineer);
    await settle();
    await drain();
    const id = await save({ q: 'data engineer' });
    const chef = await newJob(JOBS.chef);
    // Not indexed yet: the row waits, nothing is recorded.
    let pass = await matcher().pass();
    expect(pass).to.include({ claimed: 1, matchedJobs: 0, recorded: 0 });
    await settle();
    await testDb().query('UPDATE job_match_queue SET next_attempt_at = now()');
    await drain();
    expect(await matchesOf(id)).to.deep.equal([]);

    // The chef's posting is edited into a data engineer's: it starts matching, once.
    await testDb().query(
      `WITH job AS (UPDATE jobs SET title = 'Data Engineer (was chef)', version = version + 1, updated_at = now() WHERE id = $1 RETURNING id, version)
       INSERT INTO job_index_outbox (job_id, job_version) SELECT id, version FROM job`,
      [chef],
    );
    await settle();
    await drain();
    await testDb().query(
      `WITH job AS (UPDATE jobs SET description = 'Still data pipelines.', version = version + 1, updated_at = now() WHERE id = $1 RETURNING id, version)
       INSERT INTO job_index_outbox (job_id, job_version) SELECT id, version FROM job`,
      [chef],
    );
    await settle();
    pass = await matcher().pass();
    expect(pass.recorded, 'an edit of a job already matched adds nothing').to.equal(0);
    expect((await matchesOf(id)).map((m) => m.jobId)).to.deep.equal([chef]);
    expect(before).to.be.a('string');
  });

  it('leaves out closed jobs and deleted searches, and queues a job.matched delivery per subscription', async () => {
    const id = await save({ q: 'nurse' });
    const gone = await save({ q: 'nurse' });
    const others = await save({ q: 'nurse' }, otherUser);
    const [sub] = await testDb().query<{ id: string }>(
      `INSERT INTO webhook_subscriptions (user_id, url, events, saved_search_id, secret) VALUES ($1, 'https://example.com/h', '{job.matched}', $2, $3) RETURNING id`,
      [userId, id, `whsec_${Buffer.alloc(24, 1).toString('base64')}`],
    );
    const [all] = await testDb().query<{ id: string }>(
      `INSERT INTO webhook_subscriptions (user_id, url, events, secret) VALUES ($1, 'https://example.com/all', '{job.matched}', $2) RETURNING id`,
      [otherUser, `whsec_${Buffer.alloc(24, 2).toString('base64')}`],
    );
    const open = await newJob(JOBS.nurse);
    const closed = await newJob(JOBS.nurse);
    await testDb().query(
      `WITH job AS (UPDATE jobs SET is_active = false, version = version + 1, updated_at = now() WHERE id = $1 RETURNING id, version)
       INSERT INTO job_index_outbox (job_id, job_version) SELECT id, version FROM job`,
      [closed],
    );
    await testDb().query('DELETE FROM saved_searches WHERE id = $1', [gone]);
    await settle();
    await drain();

    expect((await matchesOf(id)).map((m) => m.jobId)).to.deep.equal([open]);
    expect((await matchesOf(others)).map((m) => m.jobId)).to.deep.equal([open]);
    const deliveries = await testDb().query<{ subscription_id: string; event_type: string; payload: string }>(
      'SELECT subscription_id, event_type, payload FROM webhook_deliveries ORDER BY subscription_id',
    );
    expect(deliveries.map((d) => d.subscription_id).sort()).to.deep.equal([sub.id, all.id].sort());
    const body = JSON.parse(deliveries.find((d) => d.subscription_id === sub.id)!.payload);
    expect(body).to.include({ type: 'job.matched' });
    expect(body.data).to.include({ saved_search_id: id, job_version: 1 });
    expect(body.data.job).to.include({ id: open, title: 'Staff Nurse', url: `/agents/jobs/${open}` });
  });

  it('loses nothing when a matcher dies between claiming jobs and recording their matches, and repeats nothing', async () => {
    const id = await save({ q: 'physiotherapist' });
    const job = await newJob(JOBS.physio);
    await settle();
    // A matcher claims the row and dies: the row is leased, not lost.
    expect(await claimQueuedJobs(testDb(), 10)).to.have.length(1);
    expect((await matcher().pass()).claimed, 'leased to the dead matcher').to.equal(0);
    await testDb().query("UPDATE job_match_queue SET next_attempt_at = now() - interval '1 second'");
    await drain();
    expect((await matchesOf(id)).map((m) => m.jobId)).to.deep.equal([job]);
    // The same job queued again (a reindex, a retry) is not recorded twice.
    await testDb().query('INSERT INTO job_match_queue (job_id, job_version) VALUES ($1, 1)', [job]);
    await drain();
    expect(await matchesOf(id)).to.have.length(1);
  });

  it('numbers matches without gaps or repeats when two matchers run at once', async () => {
    const id = await save({ q: 'chef' });
    const jobs = [];
    for (let i = 0; i < 12; i++) jobs.push(await newJob(JOBS.chef));
    await settle();
    const one = new SavedSearchMatcher(
      { db: testDb(), search: testSearch(), index: alias, logger: testLogger },
      { batchSize: 3, pollMs: 20 },
    );
    const two = new SavedSearchMatcher(
      { db: testDb(), search: testSearch(), index: alias, logger: testLogger },
      { batchSize: 3, pollMs: 20 },
    );
    await Promise.all([drain(one), drain(two)]);
    const got = await matchesOf(id);
    expect(got.map((m) => m.seq)).to.deep.equal(jobs.map((_, i) => i + 1));
    expect(got.map((m) => m.jobId).sort()).to.deep.equal([...jobs].sort());
  });
});
