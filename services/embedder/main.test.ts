import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { Embedder, type TextEmbedder } from '../../shared/embedding';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createLocation, createOrganization, createUser } from '../../test/support/factories';
import { waitFor } from '../../test/support/wait';
import { OutboxIndexer } from '../indexer';
import { createJob } from '../write';
import { EmbeddingWorker } from './worker';

const alias = testConfig().indexAlias;

/** `npm run start:embedder` as the test's child, its output kept. */
function startProcess(env: Record<string, string> = {}): { child: ChildProcess; logs: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/embedder/main.ts'], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, EMBEDDER_POLL_MS: '50', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  child.stdout.on('data', (chunk) => (logs += chunk));
  child.stderr.on('data', (chunk) => (logs += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, logs: () => logs, exited };
}

async function countWithVectors(): Promise<number> {
  await testSearch().indices.refresh({ index: alias });
  return (await testSearch().count({ index: alias, query: { exists: { field: 'embedding' } } })).count;
}

const storedCount = async () => (await testDb().query<{ n: number }>('SELECT count(*)::int AS n FROM job_embeddings'))[0].n;

describe('npm run start:embedder', function () {
  this.timeout(90_000);
  const JOBS = 40;

  beforeEach(async () => {
    await resetDatabase();
    await resetIndex();
    const org = (await createOrganization()).id;
    const loc = (await createLocation()).id;
    const user = (await createUser({ is_recruiter: true, memberOf: [org] })).id;
    // Long texts (the model reads 512 tokens of each), so that a pass takes a while.
    const filler = 'Deliver safe, kind and effective care, keep accurate records and work with the wider team. '.repeat(40);
    for (let i = 0; i < JOBS; i++) {
      await createJob(testDb(), user, {
        title: `Care worker ${i}`,
        description: `Shift pattern ${i}. ${filler}`,
        organization_id: org,
        location_id: loc,
        type: 'full_time',
        salary: '£25,000',
      });
    }
    await new OutboxIndexer({ db: testDb(), search: testSearch(), alias, logger: testLogger }, { batchSize: 100, pollMs: 20 }).drainAll();
  });

  it('embeds as a process of its own and stops cleanly on SIGTERM', async () => {
    const run = startProcess();
    try {
      await waitFor(async () => (await countWithVectors()) === JOBS, {
        what: () => `every job to get its vector; the output:\n${run.logs()}`,
        timeoutMs: 60_000,
        intervalMs: 200,
      });
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited, run.logs()).to.equal(0);
    expect(run.logs()).to.contain('embedding worker started');
    expect(run.logs()).to.contain('embedding worker stopped');
  });

  it('loses nothing when killed mid-pass: the next worker finishes, reusing the vectors stored before the crash', async () => {
    const run = startProcess({ EMBEDDER_BATCH_SIZE: '2', LOG_LEVEL: 'warn' });
    try {
      await waitFor(async () => (await storedCount()) > 0, {
        what: () => `a first vector stored; the output:\n${run.logs()}`,
        timeoutMs: 60_000,
      });
    } finally {
      run.child.kill('SIGKILL');
    }
    await run.exited;
    const storedAtCrash = await storedCount();
    expect(storedAtCrash, 'killed mid-way').to.be.below(JOBS);

    const model = await Embedder.load();
    try {
      let texts = 0;
      const counted: TextEmbedder = {
        dims: model.dims,
        model: model.model,
        embedQueries: (t) => model.embedQueries(t),
        embedDocuments: (t) => ((texts += t.length), model.embedDocuments(t)),
      };
      const worker = new EmbeddingWorker(
        { db: testDb(), search: testSearch(), alias, embedder: counted, logger: testLogger },
        { batchSize: 16, pollMs: 20 },
      );
      const result = await worker.drainAll();
      expect(await countWithVectors()).to.equal(JOBS);
      expect(await storedCount()).to.equal(JOBS);
      expect(texts, 'only the texts without a stored vector').to.equal(JOBS - storedAtCrash);
      expect(result.reused).to.equal(storedAtCrash - (JOBS - result.docs));
    } finally {
      await model.close();
    }
  });
});
