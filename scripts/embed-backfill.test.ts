import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { OutboxIndexer } from '../services/indexer';
import { createJob } from '../services/write';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../test/support/context';
import { createLocation, createOrganization, createUser } from '../test/support/factories';

const run = promisify(execFile);
const alias = testConfig().indexAlias;

/** `npm run embed:backfill` with these arguments: its exit code and output. */
async function backfill(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/embed-backfill.ts', ...args], {
      cwd: path.resolve(__dirname, '..'),
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const { code, stdout, stderr } = err as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('npm run embed:backfill', function () {
  this.timeout(60_000);

  before(async () => {
    await resetDatabase();
    await resetIndex();
    const org = (await createOrganization()).id;
    const loc = (await createLocation()).id;
    const user = (await createUser({ is_recruiter: true, memberOf: [org] })).id;
    for (const title of ['Night nurse', 'Night nurse', 'Warehouse operative', 'Line cook'])
      await createJob(testDb(), user, { title, organization_id: org, location_id: loc, type: 'full_time', salary: '£1' });
    await new OutboxIndexer({ db: testDb(), search: testSearch(), alias, logger: testLogger }, { batchSize: 100, pollMs: 20 }).drainAll();
  });

  it('embeds every open job with a progress bar, and prints the rate and the time a million postings would take', async () => {
    // Batches of 3, newest first: the second "Night nurse" comes in the second batch and reuses the first's vector.
    const { code, stdout, stderr } = await backfill('--batch-size', '3');
    expect(code, stderr).to.equal(0);
    expect(stderr).to.match(/\[embed:backfill\] .*_jobs \[#+\] 100% 4\/4 +[\d,]+\/s/);
    expect(stdout).to.match(
      /^4 job\(s\) given a vector in [\d.]+s: [\d.]+ docs\/s \(the model embedded 3 text\(s\), [\d.]+\/s; 1 vector\(s\) reused, 0 text\(s\) with nothing to embed, 0 job\(s\) changed meanwhile, 0 refused\); 4 key\(s\) checked, 0 stale\n/,
    );
    expect(stdout).to.match(/\nat this rate, 1,000,000 postings take (\d+ h \d\d min|\d+ min)\n$/);
    await testSearch().indices.refresh({ index: alias });
    expect((await testSearch().count({ index: alias, query: { exists: { field: 'embedding' } } })).count).to.equal(4);
  });

  it('has nothing to do the second time, and says so in JSON when asked', async () => {
    const { code, stdout } = await backfill('--json');
    expect(code).to.equal(0);
    expect(JSON.parse(stdout)).to.deep.include({ written: 0, embedded: 0, keysChecked: 4, staleKeys: 0, interrupted: false });
  });

  it('refuses a bad option with the usage, exit 2', async () => {
    const { code, stderr } = await backfill('--batch-size', '0');
    expect(code).to.equal(2);
    expect(stderr).to.contain("option '--batch-size <n>' argument '0' is invalid");
  });
});
