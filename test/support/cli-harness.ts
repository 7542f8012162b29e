import { spawn } from 'node:child_process';
import path from 'node:path';
import { runCli } from '../../scripts/cli/run';

const ROOT = path.resolve(__dirname, '../..');

/** What one CLI run gave. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI as its own process, as an operator would (`npm run cli` runs the same file with
 * tsx). It inherits the environment, so the tests' DATABASE_URL points it at the test database.
 */
export function runCliProcess(
  args: string[],
  options: { input?: string; env?: NodeJS.ProcessEnv; viaNpm?: boolean } = {},
): Promise<CliRun> {
  const [command, argv] = options.viaNpm
    ? ['npm', ['run', '--silent', 'cli', '--', ...args]]
    : [process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/cli/main.ts'), ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: ROOT, env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/**
 * Runs the CLI's entry function in this process with captured output: the same code path as the
 * process minus start-up, for the many detailed cases (the process tests cover the wiring).
 */
export async function runCliInProcess(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    env: { ...process.env, ...options.env },
    stdin: () => Promise.resolve(options.input ?? ''),
  });
  return { code, stdout, stderr };
}
