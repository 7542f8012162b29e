import { expect } from 'chai';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../../../test/support/context';
import { OutboxIndexer } from '../../../indexer';
import { createSearchClient } from '../../../../shared/search/client';
import { httpClient } from '../../../../test/support/http';
import { waitFor } from '../../../../test/support/wait';
import { createWriteApp } from '../../app';
import { postJob, readApp, recruiterWorld, UNKNOWN_ID, writeApp, type RecruiterWorld } from '../../../../test/support/manage-fixtures';

const close = (id: string, key?: string) => {
  const req = writeApp().post(`/agents/jobs/${id}/close`);
  return key ? req.set('x-api-key', key) : req;
};

describe('POST /agents/jobs/{job_id}/close', () => {
  let world: RecruiterWorld;

  beforeEach(async () => {
    await resetDatabase();
    await resetIndex();
    world = await recruiterWorld();
  });

  it('closes the job: gone from browse and search at once, GET shows it inactive, applying answers job_inactive; closing again changes nothing', async () => {
    const job = await postJob(world, { title: 'Theatre Nurse' });
    expect((await readApp().get('/agents/jobs/search').query({ q: 'theatre nurse' })).body.jobs).to.have.length(1);
    const res = await close(job.id, world.keys.colleague);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.is_active).to.equal(false);
    expect(res.headers.etag).to.equal('W/"v2-closed"');
    expect((await readApp().get('/agents/jobs/search').query({ q: 'theatre nurse' })).body.jobs).to.deep.equal([]);
    expect((await readApp().get('/agents/jobs')).body.jobs).to.deep.equal([]);
    const got = await readApp().get(`/agents/jobs/${job.id}`);
    expect(got.body.is_active).to.equal(false);
    expect(got.headers.etag).to.equal('W/"v2-closed"');
    const apply = await writeApp().post(`/agents/jobs/${job.id}/apply`).set('x-api-key', world.keys.applicant);
    expect(apply.status).to.equal(409);
    expect(apply.body.code).to.equal('job_inactive');
    const again = await close(job.id, world.keys.recruiter);
    expect(again.status).to.equal(200);
    expect(again.headers.etag).to.equal('W/"v2-closed"');
    expect(again.body).to.deep.equal(res.body);
    const [row] = await testDb().query<{ version: string; closed: boolean }>(
      'SELECT version, closed_at IS NOT NULL AS closed FROM jobs WHERE id = $1',
      [job.id],
    );
    expect(row).to.deep.equal({ version: '2', closed: true });
  });

  it('through the outbox alone (the immediate indexing failed): the indexer takes the closed job out of search within 2 s', async () => {
    const job = await postJob(world, { title: 'Radiographer' });
    // A write service whose Elasticsearch does not answer: the close commits with its outbox row and answers 200 all the same.
    const deadSearch = createSearchClient(testConfig({ elasticsearchUrl: 'http://127.0.0.1:9', esRequestTimeoutMs: 500 }), {
      maxRetries: 0,
    });
    const cutOff = httpClient(createWriteApp({ config: testConfig(), db: testDb(), search: deadSearch, logger: testLogger }).app);
    const res = await cutOff.post(`/agents/jobs/${job.id}/close`).set('x-api-key', world.keys.recruiter);
    expect(res.status).to.equal(200);
    expect(await testDb().query('SELECT job_version FROM job_index_outbox WHERE job_id = $1', [job.id])).to.deep.equal([
      { job_version: '2' },
    ]);
    expect((await readApp().get('/agents/jobs/search').query({ q: 'radiographer' })).body.jobs).to.have.length(1);
    const indexer = createIndexerForTest();
    try {
      indexer.start();
      const gone = async () => (await readApp().get('/agents/jobs/search').query({ q: 'radiographer' })).body.jobs.length === 0;
      await waitFor(gone, { what: 'the closed job to leave search within 2 s', timeoutMs: 2000 });
    } finally {
      await indexer.stop();
      await deadSearch.close();
    }
  });

  it('401, then 404 (unknown or malformed id), then 403 (applicant, recruiter of another organization)', async () => {
    const job = await postJob(world);
    expect((await close(job.id)).status).to.equal(401);
    expect((await close(UNKNOWN_ID, world.keys.applicant)).body.code).to.equal('not_found');
    expect((await close('42', world.keys.recruiter)).status).to.equal(404);
    expect((await close(job.id, world.keys.applicant)).status).to.equal(403);
    const outsider = await close(job.id, world.keys.outsider);
    expect(outsider.status).to.equal(403);
    expect(outsider.body.code).to.equal('forbidden');
  });
});

/** The outbox indexer as the write service runs it, polling often. */
function createIndexerForTest(): OutboxIndexer {
  return new OutboxIndexer(
    { db: testDb(), search: testSearch(), alias: testConfig().indexAlias, logger: testLogger },
    { batchSize: 500, pollMs: 50 },
  );
}
