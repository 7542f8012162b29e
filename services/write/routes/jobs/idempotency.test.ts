import { expect } from 'chai';
import { createWriteApp } from '../../app';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../../../test/support/context';
import { createApiKey, createLocation, createOrganization, createUser } from '../../../../test/support/factories';
import { httpClient } from '../../../../test/support/http';

const write = () => httpClient(createWriteApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).app);

describe('POST /agents/jobs with an Idempotency-Key', () => {
  let org: string;
  let loc: string;
  let key: string;
  let otherKey: string;
  const body = (fields: Record<string, unknown> = {}) => ({
    title: 'Data Engineer',
    organization_id: org,
    location_id: loc,
    type: 'full_time',
    salary: '€60,000',
    ...fields,
  });
  const post = (payload: object, idempotencyKey?: string, apiKey = key) => {
    const req = write().post('/agents/jobs').set('x-api-key', apiKey);
    return (idempotencyKey === undefined ? req : req.set('Idempotency-Key', idempotencyKey)).send(payload);
  };
  const jobCount = async () => (await testDb().query<{ n: number }>('SELECT count(*)::int AS n FROM jobs'))[0].n;

  beforeEach(async () => {
    await resetDatabase();
    await resetIndex();
    org = (await createOrganization()).id;
    loc = (await createLocation()).id;
    key = (await createApiKey((await createUser({ is_recruiter: true, memberOf: [org] })).id)).key;
    otherKey = (await createApiKey((await createUser({ is_recruiter: true, memberOf: [org] })).id)).key;
  });

  it('answers a retry with the job the first request created, marked as replayed, and creates nothing more', async () => {
    const first = await post(body(), 'create-7f3a').expect(201);
    expect(first.headers).not.to.have.property('idempotent-replayed');
    // The same body with other key order and untrimmed text is the same request once normalized.
    const retry = await post(
      { salary: '€60,000', type: 'full_time', location_id: loc, organization_id: org, title: ' Data Engineer ' },
      'create-7f3a',
    ).expect(201);
    expect(retry.headers['idempotent-replayed']).to.equal('true');
    expect(retry.body).to.deep.equal(first.body);
    expect(retry.headers.location).to.equal(first.headers.location);
    expect(await jobCount()).to.equal(1);
  });

  it('refuses the same key with another body: 422 idempotency_key_reused naming the job it made', async () => {
    const first = await post(body(), 'create-1').expect(201);
    const res = await post(body({ title: 'Another Job' }), 'create-1').expect(422);
    expect(res.body).to.deep.equal({
      code: 'idempotency_key_reused',
      message: `Idempotency-Key "create-1" was already used with another request body (it created job ${first.body.id}).`,
      hint: 'A retry must repeat the first request exactly; a new job needs a new Idempotency-Key.',
      details: [{ field: 'Idempotency-Key', message: 'was used with another request body', job_id: first.body.id }],
    });
    expect(await jobCount()).to.equal(1);
  });

  it('gives 20 concurrent retries one job: one creates it, the others replay it', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body(), 'burst')));
    expect(answers.map((r) => r.status)).to.deep.equal(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.body.id)).size).to.equal(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).to.have.length(19);
    expect(await jobCount()).to.equal(1);
  });

  it('keeps keys apart per user, and creates as usual without a key', async () => {
    const mine = await post(body(), 'shared-name').expect(201);
    const theirs = await post(body(), 'shared-name', otherKey).expect(201);
    expect(theirs.body.id).not.to.equal(mine.body.id);
    expect(theirs.headers).not.to.have.property('idempotent-replayed');
    await post(body()).expect(201);
    await post(body()).expect(201);
    expect(await jobCount()).to.equal(4);
  });

  it('frees the key when the request failed, so a corrected retry creates the job', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const failed = await post(body({ location_id: unknown }), 'fix-and-retry').expect(400);
    expect(failed.body.code).to.equal('unknown_location');
    const retry = await post(body(), 'fix-and-retry').expect(201);
    expect(retry.headers).not.to.have.property('idempotent-replayed');
    expect(await jobCount()).to.equal(1);
  });

  it('lets a key expire after 24 hours: it then creates a new job', async () => {
    const first = await post(body(), 'daily').expect(201);
    await testDb().query(`UPDATE job_create_idempotency_keys SET created_at = now() - interval '25 hours'`);
    const later = await post(body(), 'daily').expect(201);
    expect(later.body.id).not.to.equal(first.body.id);
    expect(later.headers).not.to.have.property('idempotent-replayed');
    expect(await jobCount()).to.equal(2);
  });

  it('refuses a key that is too long or not visible ASCII with 400 invalid_request naming the header', async () => {
    for (const bad of ['x'.repeat(256), 'two words', 'clé']) {
      const res = await post(body(), bad);
      expect(res.status, bad).to.equal(400);
      expect(res.body.code).to.equal('invalid_request');
      expect(res.body.details.map((d: { field: string }) => d.field)).to.deep.equal(['Idempotency-Key']);
      expect(res.body.hint).to.equal('Fix the headers named in details.');
    }
    expect(await jobCount()).to.equal(0);
  });
});
