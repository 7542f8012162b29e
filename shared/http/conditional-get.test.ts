import { expect } from 'chai';
import { createAllInOneApp } from '../../services/all-in-one';
import { bulkIndexJobs } from '../../services/indexer';
import { activeCatalogNewestFirst, CATALOG } from '../../test/fixtures/catalog-jobs';
import { indexFreshJobs } from '../../test/fixtures/job-documents';
import { resetDatabase, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { httpClient } from '../../test/support/http';

const WEAK_TAG = /^W\/"[^"]+"$/;

describe('conditional GET (ETag, If-None-Match, 304)', () => {
  const client = httpClient(createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).handler);
  const job = activeCatalogNewestFirst()[0];
  let index: string;

  before(async () => {
    await resetDatabase();
    index = await indexFreshJobs(CATALOG);
  });

  it('tags a job, answers 304 with no body while it is unchanged, and 200 with a new tag once it changed', async () => {
    const first = await client.get(`/agents/jobs/${job.id}`).expect(200);
    const tag = first.headers.etag;
    expect(tag, 'named by the version and the open state, not a hash of the body').to.equal('W/"v1-open"');

    const again = await client.get(`/agents/jobs/${job.id}`).set('if-none-match', tag).expect(304);
    expect(again.text ?? '').to.equal('');
    expect(again.headers.etag).to.equal(tag);
    expect(again.headers['x-request-id']).to.be.a('string');

    await bulkIndexJobs(testSearch(), index, [{ doc: { ...job, title: `${job.title} (renamed)` }, version: 2 }], { refresh: true });
    const changed = await client.get(`/agents/jobs/${job.id}`).set('if-none-match', tag).expect(200);
    expect(changed.body.title).to.equal(`${job.title} (renamed)`);
    expect(changed.headers.etag).to.match(WEAK_TAG).and.not.equal(tag);
  });

  it('tags listings by their content: the same browse or search revalidates, another one does not', async () => {
    for (const path of ['/agents/jobs?limit=5', '/agents/jobs/search?q=engineer&limit=5']) {
      const tag = (await client.get(path).expect(200)).headers.etag;
      await client.get(path).set('if-none-match', tag).expect(304);
      await client.get(`${path}&page=2`).set('if-none-match', tag).expect(200);
    }
  });

  it('gives the plain and the compressed answer one tag, so either revalidates the other', async () => {
    const path = '/agents/jobs?limit=100';
    const plain = await client.get(path).set('accept-encoding', 'identity').expect(200);
    const gzipped = await client.get(path).set('accept-encoding', 'gzip').expect(200);
    expect(gzipped.headers['content-encoding']).to.equal('gzip');
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(gzipped.headers.etag).to.equal(plain.headers.etag);
    await client.get(path).set('accept-encoding', 'gzip').set('if-none-match', plain.headers.etag).expect(304);
  });

  it('answers 304 to a request that also says Cache-Control: no-cache, as fetch sends every conditional request', async () => {
    const tag = (await client.get(`/agents/jobs/${job.id}`).expect(200)).headers.etag;
    await client
      .get(`/agents/jobs/${job.id}`)
      .set('if-none-match', tag)
      .set('cache-control', 'no-cache')
      .set('pragma', 'no-cache')
      .expect(304);
  });

  it('answers HEAD conditionally too, and matches any tag of a list or *', async () => {
    const tag = (await client.get(`/agents/jobs/${job.id}`).expect(200)).headers.etag;
    await client.head(`/agents/jobs/${job.id}`).set('if-none-match', tag).expect(304);
    await client.get(`/agents/jobs/${job.id}`).set('if-none-match', `W/"other", ${tag}`).expect(304);
    await client.get(`/agents/jobs/${job.id}`).set('if-none-match', '*').expect(304);
  });

  it('never tags errors or other methods, and ignores If-None-Match there', async () => {
    const missing = await client.get('/agents/jobs/00000000-0000-4000-8000-000000000000').set('if-none-match', '*').expect(404);
    expect(missing.headers).not.to.have.property('etag');
    expect(missing.body.code).to.equal('not_found');
    const rpc = await client.post('/organization.v1.OrganizationService/List').set('if-none-match', '*').send({}).expect(200);
    expect(rpc.headers).not.to.have.property('etag');
    expect(rpc.body).to.have.property('organizations');
  });
});
