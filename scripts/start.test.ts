import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');

/** Runs an entry point with one bad setting; resolves with its exit code and output. */
async function startWith(script: string, env: NodeJS.ProcessEnv) {
  return run(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
  );
}

describe('start-up with a bad configuration', () => {
  it('npm start says which setting is wrong in one line and exits 1 (it printed a stack trace)', async () => {
    expect(await startWith('scripts/start.ts', { PORT: 'abc' })).to.deep.equal({
      code: 1,
      stdout: '',
      stderr: '[start] failed: PORT must be a whole number, got "abc"\n',
    });
  });

  it('npm run start:write does the same', async () => {
    expect(await startWith('services/write/server.ts', { WRITE_PORT: 'abc' })).to.deep.equal({
      code: 1,
      stdout: '',
      stderr: 'write service failed to start: WRITE_PORT must be a whole number, got "abc"\n',
    });
  });
});
