/**
 * Import rate: N generated jobs (NDJSON) imported with `npm run import` as a process of its
 * own, against the benchmark's database and alias. The rate is the import's own measure (first
 * line read to last batch committed and indexed). Baselines on the same file, in the same run:
 * raw bulk indexing straight to Elasticsearch and raw multi-row INSERTs straight to Postgres
 * (./import-baselines), each measured once before and once after the import so a change in
 * machine load falls on both sides; their mean is the baseline. A small warm-up of all three runs first.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureIndex, indicesBehindAlias } from '../shared/search/index-admin';
import type { ImportSummary } from '../services/write';
import type { BenchOptions } from './lib/args';
import { createBenchWorld, type BenchWorld } from './bench-database';
import { writeJobFile } from './generate-jobs';
import { rawBulkIndex, rawInsert, type RawRun } from './import-baselines';
import type { Comparison } from './lib/report';
import { timeRatio } from './lib/stats';

const run = promisify(execFile);
const WARMUP_JOBS = 1000;

/** Runs `npm run import` (scripts/import.ts) on the file as its own process; returns its summary and timings. */
async function importFile(world: BenchWorld, file: string, batchSize: number) {
  const env = { ...process.env, DATABASE_URL: world.config.databaseUrl, ES_INDEX_ALIAS: world.config.indexAlias, LOG_LEVEL: 'warn' };
  const started = performance.now();
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/import.ts', file, '--as', world.recruiter.id, '--json', '--batch-size', String(batchSize)],
    {
      cwd: path.resolve(__dirname, '..'),
      env,
      maxBuffer: 1 << 26,
    },
  );
  const wallMs = performance.now() - started;
  const summary = JSON.parse(stdout) as ImportSummary;
  if (summary.rejected.length > 0)
    throw new Error(`the import rejected ${summary.rejected.length} generated line(s), e.g. ${JSON.stringify(summary.rejected[0])}`);
  // Searchable: refresh is left to the index's own interval, as it would be in production.
  for (;;) {
    const { count } = await world.search.count({ index: world.config.indexAlias });
    if (count >= summary.accepted) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { summary, wallMs, searchableMs: performance.now() - started };
}

/** Empties the jobs (and their outbox rows) and gives the alias a fresh index, so the import starts from nothing. */
async function resetJobs(world: BenchWorld): Promise<void> {
  await world.db.query('TRUNCATE jobs CASCADE');
  const current = await indicesBehindAlias(world.search, world.config.indexAlias);
  if (current.length > 0) await world.search.indices.delete({ index: current });
  await ensureIndex(world.search, world.config.indexAlias);
}

const rate = (r: RawRun) => r.jobs / (r.ms / 1000);

/** Runs the benchmark; see the file comment. */
export async function importRate(options: BenchOptions, log: (message: string) => void): Promise<Comparison[]> {
  const count = options.jobs;
  const world = await createBenchWorld('jla_bench_import');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jla-bench-'));
  try {
    const file = path.join(dir, 'jobs.ndjson');
    const warmFile = path.join(dir, 'warm-up.ndjson');
    await writeJobFile(file, count, world);
    await writeJobFile(warmFile, Math.min(WARMUP_JOBS, count), { ...world, seed: 2 });
    log(`import-rate: generated ${count} jobs (${((await stat(file)).size / 1e6).toFixed(1)} MB); warming up`);

    await rawBulkIndex(world, warmFile, options.batchSize);
    await rawInsert(world, warmFile, options.batchSize);
    await importFile(world, warmFile, options.batchSize);
    await resetJobs(world);

    log('import-rate: raw baselines (before)');
    const esBefore = await rawBulkIndex(world, file, options.batchSize);
    const pgBefore = await rawInsert(world, file, options.batchSize);
    log(`import-rate: npm run import of ${count} jobs`);
    const imported = await importFile(world, file, options.batchSize);
    log('import-rate: raw baselines (after)');
    const pgAfter = await rawInsert(world, file, options.batchSize);
    const esAfter = await rawBulkIndex(world, file, options.batchSize);

    for (const r of [esBefore, esAfter, pgBefore, pgAfter])
      if (r.jobs !== count) throw new Error(`a raw baseline wrote ${r.jobs} of ${count} jobs`);
    const [{ pending }] = await world.db.query<{ pending: number }>('SELECT count(*)::int AS pending FROM job_index_outbox');
    const s = imported.summary;
    const importRateValue = s.accepted / (s.tookMs / 1000);
    const subject = { label: 'npm run import', unit: 'jobs/s' as const, figures: { rate: importRateValue } };
    const es = { before: rate(esBefore), after: rate(esAfter), mean: count / ((esBefore.ms + esAfter.ms) / 2 / 1000) };
    const pg = { before: rate(pgBefore), after: rate(pgAfter), mean: count / ((pgBefore.ms + pgAfter.ms) / 2 / 1000) };
    // Both writes one after the other: what a serial import without any checks could reach.
    const serial = count / ((esBefore.ms + esAfter.ms + pgBefore.ms + pgAfter.ms) / 2 / 1000);
    const caseName = `${count} jobs, batches of ${options.batchSize}`;
    const details = {
      import_seconds: s.tookMs / 1000,
      command_wall_seconds: imported.wallMs / 1000,
      all_searchable_after_seconds: imported.searchableMs / 1000,
      end_to_end_jobs_per_second: s.accepted / (imported.searchableMs / 1000),
      indexed_by_import: s.indexedNow,
      outbox_rows_left: pending,
    };
    const row = (label: string, r: { mean: number; before?: number; after?: number }, note?: string): Comparison => ({
      benchmark: 'import-rate',
      case: caseName,
      subject,
      baseline: { label, unit: 'jobs/s', figures: { rate: r.mean, ...(r.before ? { before: r.before, after: r.after! } : {}) } },
      ratios: { rate: timeRatio(importRateValue, r.mean, { rate: true }) },
      ...(note ? { note, details } : {}),
    });
    return [
      row(
        'raw ES bulk, same docs',
        es,
        `import ${details.import_seconds.toFixed(1)}s; the command took ${details.command_wall_seconds.toFixed(1)}s with process start, ` +
          `and all ${s.accepted} jobs were searchable after ${details.all_searchable_after_seconds.toFixed(1)}s ` +
          `(${Math.round(details.end_to_end_jobs_per_second)} jobs/s end to end); indexed by the import itself ${s.indexedNow}, outbox rows left ${pending}`,
      ),
      row('raw PG INSERT, same rows', pg),
      row('raw PG + ES, serial', { mean: serial }),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
    await world.teardown(options.keep);
  }
}
