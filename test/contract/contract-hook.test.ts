import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { TEST_DB_NAME } from '../support/env';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

describe('the contract check in the integration suite', function () {
  this.timeout(120_000);

  it('fails the test during which a response broke the document, and runs the rest', async () => {
    // A child mocha with the project's root hooks (own database), on a fixture that breaks the contract.
    const args = ['--import', 'tsx', require.resolve('mocha/bin/mocha.js'), '--no-config', '--require', 'test/support/root-hooks.ts',
      '--timeout', '60000', '--reporter', 'spec', '--exit', 'test/contract/fixtures/contract-violation.fixture.ts'];
    const env = { ...process.env, TEST_DB_NAME: `${TEST_DB_NAME}_hook` };
    const result = await run(process.execPath, args, { cwd: ROOT, env, maxBuffer: 8 << 20 }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
    );
    expect(result.code, result.stdout).to.equal(1);
    expect(result.stdout).to.include('1 failing');
    expect(result.stdout).to.match(/✔ goes on after the violation/);
    expect(result.stdout).to.include('responses differ from the OpenAPI document');
    expect(result.stdout).to.include('GET /agents/jobs?limit=1 -> 200: the x-request-id header is missing');
    expect(result.stdout).to.include('GET /agents/jobs?limit=1 -> 200: body/jobs must be array');
  });
});
