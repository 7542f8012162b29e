import { expect } from 'chai';
import type { Client } from '@elastic/elasticsearch';
import { createSearchClient } from '../../shared/search/client';
import { ensureIndex } from '../../shared/search/index-admin';
import { createReadApp } from '../read';
import { createWriteApp } from '../write';
import { resetDatabase, testConfig, testDb, testLogger } from '../../test/support/context';
import { startNode, stopNode } from '../../test/support/elasticsearch-node';
import { createApiKey, createLocation, createOrganization, createUser } from '../../test/support/factories';
import { httpClient } from '../../test/support/http';
import { waitFor } from '../../test/support/wait';
import { OutboxIndexer } from './indexer';

/** This suite's own node: stopping it never disturbs the node every other suite shares. */
const PORT = Number(process.env.TEST_OUTAGE_ES_PORT ?? 9220);

describe('creating jobs while Elasticsearch is down', function () {
  this.timeout(300_000);
  const config = testConfig({ elasticsearchUrl: `http://127.0.0.1:${PORT}`, esRequestTimeoutMs: 2000 });
  let search: Client;
  let indexerSearch: Client;
  let indexer: OutboxIndexer;
  let key: string;
  let org: string;
  let loc: string;

  before(async () => {
    await startNode(PORT);
    search = createSearchClient(config);
    indexerSearch = createSearchClient({ ...config, esRequestTimeoutMs: 30_000 });
    await search.indices.delete({ index: `${config.indexAlias}_v*`, ignore_unavailable: true, allow_no_indices: true });
    await ensureIndex(search, config.indexAlias);
    await resetDatabase();
    org = (await createOrganization()).id;
    loc = (await createLocation()).id;
    const recruiter = await createUser({ is_recruiter: true, memberOf: [org] });
    key = (await createApiKey(recruiter.id)).key;
    // The write process's indexer, with a short backoff cap so the test does not wait long.
    indexer = new OutboxIndexer(
      { db: testDb(), search: indexerSearch, alias: config.indexAlias, logger: testLogger },
      { batchSize: 500, pollMs: 100, backoff: { baseMs: 200, maxMs: 2000 } },
    );
    indexer.start();
  });

  after(async () => {
    await indexer?.stop();
    await search?.indices
      .delete({ index: `${config.indexAlias}_v*`, ignore_unavailable: true, allow_no_indices: true })
      .catch(() => undefined);
    await Promise.all([search?.close(), indexerSearch?.close()]);
    await stopNode(PORT);
  });

  it('answers 201 to 50 creates, and all 50 become searchable exactly once when it is back, with nobody acting', async () => {
    await stopNode(PORT);
    const write = httpClient(createWriteApp({ config, db: testDb(), search, logger: testLogger }).app);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await write
        .post('/agents/jobs')
        .set('x-api-key', key)
        .send({ title: `Outage job ${i}`, organization_id: org, location_id: loc, type: 'contract', salary: '1' });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      ids.push(res.body.id);
    }
    const pending = await testDb().query<{ n: string }>(
      'SELECT count(DISTINCT job_id) AS n FROM job_index_outbox WHERE job_id = ANY($1::uuid[])',
      [ids],
    );
    expect(pending[0].n).to.equal('50');

    await startNode(PORT);
    const read = httpClient(createReadApp({ config, search, logger: testLogger }).app);
    const found = await waitFor(
      async () => {
        const res = await read.get('/agents/jobs').query({ limit: 100 });
        const listed: string[] = res.status === 200 ? res.body.jobs.map((j: { id: string }) => j.id) : [];
        return listed.length >= 50 ? listed : undefined;
      },
      { what: 'browse to list the 50 jobs once the cluster is back', timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(found.slice().sort()).to.deep.equal(ids.slice().sort());
    const searched = await read.get('/agents/jobs/search').query({ q: 'outage job', limit: 100 });
    expect(searched.status).to.equal(200);
    expect(searched.body.pagination.total_items).to.equal(50);
    expect(new Set(searched.body.jobs.map((j: { id: string }) => j.id)).size).to.equal(50);
    const { count } = await search.count({ index: config.indexAlias });
    expect(count).to.equal(50);
    expect(await testDb().query('SELECT * FROM job_index_outbox')).to.deep.equal([]);
  });
});
