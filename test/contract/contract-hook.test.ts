import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { TEST_DB_NAME } from '../support/env';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/** What mocha's JSON reporter writes, as far as this test reads it. */
interface MochaJsonReport {
  stats: { failures: number };
  passes: { title: string }[];
  failures: { title: string; err: { message?: string } }[];
}

describe('the contract check in the integration suite', function () {
  this.timeout(120_000);

  it('fails the test during which a response broke the document, and runs the rest', async () => {
    // A child mocha with the project's root hooks (own database), on a fixture that breaks the contract.
    // Its results are read from the JSON reporter's file, not from the spec reporter's text: that text
    // changes with the terminal (colours under FORCE_COLOR, other tick symbols), as CI once showed.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'contract-hook-'));
    const reportFile = path.join(dir, 'report.json');
    const args = [
      '--import',
      'tsx',
      require.resolve('mocha/bin/mocha.js'),
      '--no-config',
      '--require',
      'test/support/root-hooks.ts',
      '--timeout',
      '60000',
      '--reporter',
      'json',
      '--reporter-option',
      `output=${reportFile}`,
      '--exit',
      'test/contract/fixtures/contract-violation.fixture.ts',
    ];
    const env = { ...process.env, TEST_DB_NAME: `${TEST_DB_NAME}_hook` };
    try {
      const code = await run(process.execPath, args, { cwd: ROOT, env, maxBuffer: 8 << 20 }).then(
        () => 0,
        (err: { code: number }) => err.code,
      );
      const report = JSON.parse(await readFile(reportFile, 'utf8')) as MochaJsonReport;
      expect(code).to.equal(1);
      // The failing test's own body passed, so mocha lists it under passes too; what counts is the failure.
      expect(report.stats.failures).to.equal(1);
      expect(report.failures.map((t) => t.title)).to.deep.equal(['receives a job list that is not one, without x-request-id']);
      expect(report.passes.map((t) => t.title)).to.include('goes on after the violation');
      const message = report.failures[0].err.message ?? '';
      expect(message).to.include('responses differ from the OpenAPI document');
      expect(message).to.include('GET /agents/jobs?limit=1 -> 200: the x-request-id header is missing');
      expect(message).to.include('GET /agents/jobs?limit=1 -> 200: body/jobs must be array');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
