import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Client } from '@elastic/elasticsearch';
import { expect } from 'chai';
import { bulkIndexJobs } from '../../../indexer';
import { createSearchClient } from '../../../../shared/search/client';
import { ensureIndex } from '../../../../shared/search/index-admin';
import { jobDocument } from '../../../../test/fixtures/job-documents';
import { readClient } from '../../../../test/fixtures/read-client';
import { startNode, stopNode } from '../../../../test/support/elasticsearch-node';

/** This suite's own node: stopping it leaves the shared one alone. */
const PORT = Number(process.env.READ_OUTAGE_ES_PORT ?? 9210);
const ALIAS = 'jla_read_outage_jobs';
/** How long the service waits for Elasticsearch before answering 503. */
const TIMEOUT_MS = 1000;

const UNAVAILABLE = {
  code: 'unavailable',
  message: 'The service is temporarily unavailable (Elasticsearch does not answer).',
  hint: 'Retry after 5 seconds.',
};

/** Pid of the node the project's script started on PORT. */
function nodePid(): number {
  const script = path.resolve(__dirname, '../../../../scripts/elasticsearch.sh');
  return Number(execFileSync('bash', [script, 'pid'], { env: { ...process.env, ES_PORT: String(PORT) }, encoding: 'utf8' }).trim());
}

describe(`the read service when Elasticsearch is down or slow (own node on port ${PORT})`, function () {
  this.timeout(600_000);
  const job = jobDocument({ title: 'Lighthouse Keeper' });
  let search: Client;
  let client: ReturnType<typeof readClient>;
  const paths = ['/agents/jobs', '/agents/jobs/search?q=lighthouse', `/agents/jobs/${job.id}`];

  async function expectAllOk() {
    for (const p of paths) {
      const res = await client.get(p);
      expect(res.status, p).to.equal(200);
    }
    expect((await client.get(`/agents/jobs/${job.id}`)).body.title).to.equal('Lighthouse Keeper');
  }

  async function expectAllUnavailable() {
    for (const p of paths) {
      const started = Date.now();
      const res = await client.get(p);
      expect(res.status, p).to.equal(503);
      expect(res.headers['retry-after'], p).to.equal('5');
      expect(res.body, p).to.deep.equal(UNAVAILABLE);
      expect(Date.now() - started, `${p} answers within the timeout`).to.be.below(TIMEOUT_MS + 1500);
    }
  }

  before(async () => {
    const url = await startNode(PORT);
    search = createSearchClient({ elasticsearchUrl: url, esRequestTimeoutMs: TIMEOUT_MS });
    const admin = createSearchClient({ elasticsearchUrl: url, esRequestTimeoutMs: 30_000 });
    // The node keeps its data between runs: start from an empty index.
    await admin.indices.delete({ index: `${ALIAS}_v*`, ignore_unavailable: true, allow_no_indices: true });
    const { index } = await ensureIndex(admin, ALIAS);
    await bulkIndexJobs(admin, index, [{ doc: job, version: 1 }], { refresh: true });
    await admin.close();
    client = readClient({ search, config: { indexAlias: ALIAS } });
  });

  after(async () => {
    await search?.close();
    await stopNode(PORT);
  });

  it('answers normally while the node is up', async () => {
    await expectAllOk();
  });

  it('answers 503 unavailable with Retry-After while the node is too slow, and recovers when it answers again', async () => {
    const pid = nodePid();
    process.kill(pid, 'SIGSTOP');
    try {
      await expectAllUnavailable();
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await expectAllOk();
  });

  it('answers 503 unavailable with Retry-After while the node is stopped', async () => {
    await stopNode(PORT);
    await expectAllUnavailable();
  });

  it('answers normally again as soon as the node is back, with the same client', async () => {
    await startNode(PORT);
    await expectAllOk();
  });
});
