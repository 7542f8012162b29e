import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const run = promisify(execFile);
const bench = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'benchmarks/run.ts', ...args], { cwd: path.resolve(__dirname, '..') }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );

// Only the command line: the benchmarks themselves are measured by `npm run bench`, never in tests.
describe('npm run bench (command line)', () => {
  it('prints its usage and exits 0 with --help', async () => {
    const { code, stdout } = await bench(['--help']);
    expect(code).to.equal(0);
    expect(stdout).to.match(/^Usage: npm run bench -- \[<benchmark>\.\.\.\] \[options\]\n/);
    for (const option of [
      '--jobs <n>',
      '--requests <n>',
      '--creates <n>',
      '--batch-size <n>',
      '--json',
      '--keep',
      '--reuse',
      '--scenario <name>',
    ])
      expect(stdout).to.include(`  ${option} `);
    for (const name of ['read-latency', 'read-throughput', 'response-size', 'time-to-searchable', 'import-rate', 'scale'])
      expect(stdout).to.include(`  ${name}`);
    expect(stdout).to.include('ES_PORT=9201 ES_HEAP=3g npm run bench -- scale --jobs 1000000 --reuse');
  });

  it('refuses an unknown benchmark with exit status 2 and runs nothing', async () => {
    const { code, stdout, stderr } = await bench(['read-latancy']);
    expect(code).to.equal(2);
    expect(stdout).to.equal('');
    expect(stderr).to.equal(
      'unknown benchmark "read-latancy"; choose from: read-latency, read-throughput, response-size, time-to-searchable, import-rate, scale, relevance, scale-out, embedding, alerts\n(npm run bench -- --help for usage)\n',
    );
  });
});
