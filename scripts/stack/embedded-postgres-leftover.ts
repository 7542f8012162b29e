import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Finding the embedded server an earlier `npm start` left behind, by the pid files beside its data. */

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The program a pid runs, so a pid file left by a reboot never makes us signal an unrelated process. */
function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return spawnSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/**
 * A server still running on this data from a start that died without stopping it (SIGKILL, a
 * crash of the machine's session) is stopped; one another live `npm start` runs is left alone.
 */
export async function stopLeftover(baseDir: string, log: (message: string) => void): Promise<void> {
  const pid = readPid(path.join(baseDir, 'data', 'postmaster.pid'));
  if (pid === undefined || !isAlive(pid) || !/postgres/.test(commandOf(pid))) return;
  const owner = readPid(path.join(baseDir, 'owner.pid'));
  if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `the embedded PostgreSQL in ${baseDir} is run by another npm start (pid ${owner}): stop it first, or give this one EMBEDDED_POSTGRES_DIR and EMBEDDED_POSTGRES_PORT of its own`,
    );
  }
  log(`stopping the embedded PostgreSQL (pid ${pid}) that an earlier start left running`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 5_000);
  }
}
