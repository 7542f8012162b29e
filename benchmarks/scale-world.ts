/**
 * The scale benchmark's world, `jla_bench_scale`: 200 organizations and 300 locations (so filters
 * and facets have the cardinality of a real catalogue), its index filled with --jobs generated
 * jobs through the product's own import path: `npm run import` as a process of its own, as
 * import-rate runs it. With --reuse, the index an earlier run built is measured as it is when it
 * still holds exactly --jobs jobs of the current index definition; a build records what it built
 * in a table of the world's database (the index's own `_meta` belongs to the strict mapping).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ImportSummary } from '../services/write';
import { indexMappings, indexSettings } from '../shared/search/index-definition';
import { indicesBehindAlias } from '../shared/search/index-admin';
import { createBenchWorld, openBenchWorld, type BenchWorld } from './bench-database';
import { writeJobFile } from './generate-jobs';
import { runImport } from './lib/run-import';

export const SCALE_WORLD = 'jla_bench_scale';
const SIZES = { organizations: 200, locations: 300 };
const BUILD_TABLE = 'bench_scale_build';
/** How long the index count may stand still, after the import, before the wait gives up. */
const STALL_MS = 120_000;

/** What a build made, as recorded in the world's database. */
export interface BuildRecord {
  index: string;
  definitionHash: string;
  jobs: number;
  /** The import's own rate (first line read to last batch committed and indexed). */
  importJobsPerSecond: number;
  importSeconds: number;
  builtAt: string;
}

/** The world ready to measure: what was built (now or by an earlier run) and its size on disk. */
export interface ScaleWorld {
  world: BenchWorld;
  build: BuildRecord;
  reused: boolean;
  indexSizeMb: number;
  segments: number;
}

/** A fingerprint of the index definition in the code: settings and mappings as they are sent. */
export function definitionHash(definition: unknown = { indexSettings, indexMappings }): string {
  return createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 16);
}

/** What --reuse found of an earlier build. */
export interface FoundBuild {
  record?: BuildRecord;
  indicesBehindAlias: string[];
  count?: number;
}

/** Whether the found index can be measured as it is, or why it must be built again. */
export type ReuseVerdict = { reuse: true } | { reuse: false; reason: string };

/** Decides --reuse: the recorded build, still behind the alias, of this definition and size. */
export function reuseVerdict(wanted: { jobs: number; definitionHash: string }, found: FoundBuild): ReuseVerdict {
  const { record } = found;
  if (!record) return { reuse: false, reason: 'no earlier build is recorded' };
  if (found.indicesBehindAlias.length !== 1 || found.indicesBehindAlias[0] !== record.index) {
    return {
      reuse: false,
      reason: `the alias no longer points at the index built (${record.index}), but at [${found.indicesBehindAlias.join(', ')}]`,
    };
  }
  if (record.definitionHash !== wanted.definitionHash) {
    return { reuse: false, reason: 'the index definition (shared/search/index-definition.ts) changed since the index was built' };
  }
  if (found.count !== wanted.jobs)
    return { reuse: false, reason: `the index holds ${found.count ?? 'an unknown number of'} jobs, not ${wanted.jobs}` };
  return { reuse: true };
}

async function readRecord(world: BenchWorld): Promise<BuildRecord | undefined> {
  const [{ table }] = await world.db.query<{ table: string | null }>('SELECT to_regclass($1)::text AS table', [BUILD_TABLE]);
  if (!table) return undefined;
  const [row] = await world.db.query<BuildRecord>(
    `SELECT index_name AS "index", definition_hash AS "definitionHash", jobs, import_jobs_per_second AS "importJobsPerSecond",
            import_seconds AS "importSeconds", to_char(built_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "builtAt"
       FROM ${BUILD_TABLE}`,
  );
  return row;
}

async function writeRecord(world: BenchWorld, r: Omit<BuildRecord, 'builtAt'>): Promise<BuildRecord> {
  await world.db.query(
    `CREATE TABLE IF NOT EXISTS ${BUILD_TABLE} (index_name text NOT NULL, definition_hash text NOT NULL, jobs integer NOT NULL,
       import_jobs_per_second double precision NOT NULL, import_seconds double precision NOT NULL, built_at timestamptz NOT NULL DEFAULT now())`,
  );
  await world.db.query(`TRUNCATE ${BUILD_TABLE}`);
  await world.db.query(
    `INSERT INTO ${BUILD_TABLE} (index_name, definition_hash, jobs, import_jobs_per_second, import_seconds) VALUES ($1, $2, $3, $4, $5)`,
    [r.index, r.definitionHash, r.jobs, r.importJobsPerSecond, r.importSeconds],
  );
  return (await readRecord(world))!;
}

/** What an earlier build left: its record, the alias's indices and their count (after recovery). */
async function findBuild(world: BenchWorld): Promise<FoundBuild> {
  const alias = world.config.indexAlias;
  const behind = await indicesBehindAlias(world.search, alias);
  if (behind.length === 0) return { record: await readRecord(world), indicesBehindAlias: [] };
  // After a node restart the shard recovers from disk first; until then the count would fail.
  await world.search.cluster.health({ index: alias, wait_for_status: 'yellow', timeout: '120s' });
  const { count } = await world.search.count({ index: alias });
  return { record: await readRecord(world), indicesBehindAlias: behind, count };
}

/** Imports the generated file through the product's import path; every line must be accepted. */
async function importFile(world: BenchWorld, file: string, batchSize: number): Promise<ImportSummary> {
  const { code, summary, stdout } = await runImport(world, file, ['--batch-size', String(batchSize)]);
  if (code !== 0 || !summary) throw new Error(`npm run import exited with ${code}: ${stdout.slice(0, 2000)}`);
  if (summary.rejected.length > 0)
    throw new Error(`the import rejected ${summary.rejected.length} generated line(s), e.g. ${JSON.stringify(summary.rejected[0])}`);
  return summary;
}

/** Waits until the alias counts `accepted` jobs (refresh is the index's own interval, as in production). */
async function waitSearchable(world: BenchWorld, accepted: number, log: (message: string) => void): Promise<void> {
  let last = -1;
  let movedAt = Date.now();
  let loggedAt = Date.now();
  for (;;) {
    const { count } = await world.search.count({ index: world.config.indexAlias });
    if (count >= accepted) return;
    if (count !== last) [last, movedAt] = [count, Date.now()];
    // No indexer runs here: jobs the import left to the outbox would never arrive.
    if (Date.now() - movedAt > STALL_MS)
      throw new Error(`the index stopped at ${count} of ${accepted} jobs (outbox rows are not indexed here)`);
    if (Date.now() - loggedAt > 10_000) {
      log(`scale: ${count} of ${accepted} jobs searchable`);
      loggedAt = Date.now();
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Waits until the index has no merge running, so a fresh build is measured in the state a
 * reused one is found in, not while background merges compete for the cores.
 */
export async function waitMergesDone(world: BenchWorld, log: (message: string) => void): Promise<void> {
  const started = Date.now();
  for (;;) {
    const stats = await world.search.indices.stats({ index: world.config.indexAlias, metric: 'merge' });
    if ((stats._all.primaries?.merges?.current ?? 0) === 0) return;
    if (Date.now() - started > 300_000) {
      log('scale: merges still running after 5 min; measuring anyway');
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Creates the world and fills its index through npm run import; records the build. */
async function build(jobs: number, batchSize: number, log: (message: string) => void): Promise<{ world: BenchWorld; record: BuildRecord }> {
  const world = await createBenchWorld(SCALE_WORLD, SIZES);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jla-bench-scale-'));
  try {
    const file = path.join(dir, 'jobs.ndjson');
    log(`scale: generating ${jobs} jobs in ${dir}`);
    const generating = performance.now();
    await writeJobFile(file, jobs, world);
    log(
      `scale: generated ${jobs} jobs (${((await stat(file)).size / 1e6).toFixed(0)} MB) in ${((performance.now() - generating) / 1000).toFixed(0)}s; importing`,
    );
    const summary = await importFile(world, file, batchSize);
    const importJobsPerSecond = summary.accepted / (summary.tookMs / 1000);
    log(
      `scale: imported ${summary.accepted} jobs in ${(summary.tookMs / 1000).toFixed(1)}s (${Math.round(importJobsPerSecond)} jobs/s); waiting until all are searchable`,
    );
    await waitSearchable(world, summary.accepted, log);
    await world.search.indices.refresh({ index: world.config.indexAlias });
    await waitMergesDone(world, log);
    const [index] = await indicesBehindAlias(world.search, world.config.indexAlias);
    const record = await writeRecord(world, {
      index,
      definitionHash: definitionHash(),
      jobs: summary.accepted,
      importJobsPerSecond,
      importSeconds: summary.tookMs / 1000,
    });
    return { world, record };
  } catch (err) {
    await world.teardown(false);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The index's size on disk (primaries) and its segment count. */
async function indexFootprint(world: BenchWorld): Promise<{ indexSizeMb: number; segments: number }> {
  const stats = await world.search.indices.stats({ index: world.config.indexAlias, metric: ['store', 'segments'] });
  return {
    indexSizeMb: (stats._all.primaries?.store?.size_in_bytes ?? 0) / 1024 / 1024,
    segments: stats._all.primaries?.segments?.count ?? 0,
  };
}

/**
 * The world to measure: the kept one when --reuse finds it fit, else a new build. A world built
 * or found for --reuse survives an interruption, so the next run need not build it again.
 */
export async function openScaleWorld(
  options: { jobs: number; batchSize: number; reuse: boolean },
  log: (message: string) => void,
): Promise<ScaleWorld> {
  if (options.reuse) {
    const kept = await openBenchWorld(SCALE_WORLD);
    if (kept) {
      const verdict = await findBuild(kept).then(
        (found) => reuseVerdict({ jobs: options.jobs, definitionHash: definitionHash() }, found),
        (err: Error): ReuseVerdict => ({ reuse: false, reason: `its index could not be read (${err.message})` }),
      );
      if (verdict.reuse) {
        const record = (await readRecord(kept))!;
        log(`scale: reusing ${record.index} (${record.jobs} jobs, built ${record.builtAt})`);
        return { world: kept, build: record, reused: true, ...(await indexFootprint(kept)) };
      }
      log(`scale: building again: ${verdict.reason}`);
      await kept.teardown(true);
    } else {
      log(`scale: no world ${SCALE_WORLD} to reuse; building it`);
    }
  }
  log(`scale: building ${SCALE_WORLD} with ${options.jobs} jobs (${SIZES.organizations} organizations, ${SIZES.locations} locations)`);
  const { world, record } = await build(options.jobs, options.batchSize, log);
  if (options.reuse) world.keepOnInterrupt();
  return { world, build: record, reused: false, ...(await indexFootprint(world)) };
}
