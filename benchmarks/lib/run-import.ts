import { spawn } from 'node:child_process';
import path from 'node:path';
import type { ImportSummary } from '../../services/write';
import type { BenchWorld } from '../bench-database';

/** What `npm run import` did: its exit code (0 all imported, 1 some lines rejected), its JSON summary, and its stdout for errors. */
export interface ImportRun {
  code: number | null;
  summary: ImportSummary | undefined;
  stdout: string;
}

/**
 * Runs scripts/import.ts on the file as its own process, as the world's recruiter, into the
 * world's database and alias, with its progress bar on our stderr: the product's own import path.
 */
export async function runImport(world: BenchWorld, file: string, extraArgs: readonly string[] = []): Promise<ImportRun> {
  const env = { ...process.env, DATABASE_URL: world.config.databaseUrl, ES_INDEX_ALIAS: world.config.indexAlias, LOG_LEVEL: 'warn' };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/import.ts', file, '--as', world.recruiter.id, '--json', ...extraArgs],
    {
      cwd: path.resolve(__dirname, '../..'),
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  let summary: ImportSummary | undefined;
  try {
    summary = JSON.parse(stdout) as ImportSummary;
  } catch {
    summary = undefined;
  }
  return { code, summary, stdout };
}
