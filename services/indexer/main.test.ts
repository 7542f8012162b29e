import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { resetDatabase, resetIndex, testConfig, testDb, testSearch } from '../../test/support/context';
import { createLocation, createOrganization, createUser } from '../../test/support/factories';
import { waitFor } from '../../test/support/wait';
import { createJob } from '../write';

describe('npm run start:indexer', function () {
  this.timeout(60_000);

  beforeEach(async () => {
    await resetDatabase();
    await resetIndex();
  });

  it('drains the outbox as a process of its own and stops cleanly on SIGTERM', async () => {
    const org = (await createOrganization()).id;
    const loc = (await createLocation()).id;
    const user = (await createUser({ is_recruiter: true, memberOf: [org] })).id;
    const job = await createJob(testDb(), user, {
      title: 'Indexed by the process',
      organization_id: org,
      location_id: loc,
      type: 'full_time',
      salary: '1',
    });

    const child = spawn(process.execPath, ['--import', 'tsx', 'services/indexer/main.ts'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, INDEXER_POLL_MS: '50', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let logs = '';
    child.stdout.on('data', (chunk) => (logs += chunk));
    child.stderr.on('data', (chunk) => (logs += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitFor(async () => (await testDb().query('SELECT 1 FROM job_index_outbox LIMIT 1')).length === 0, {
        what: () => `the indexer process to empty the outbox; its output:\n${logs}`,
        timeoutMs: 30_000,
        intervalMs: 100,
      });
      const doc = await testSearch().get<{ title: string }>({ index: testConfig().indexAlias, id: job.doc.id }, { ignore: [404] });
      expect(doc._source?.title, logs).to.equal('Indexed by the process');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, logs).to.equal(0);
    expect(logs).to.contain('outbox indexer started');
    expect(logs).to.contain('outbox indexer stopped');
  });
});
