/**
 * The raw baselines of the import benchmark: the same generated jobs written with nothing but
 * the write itself, one batch at a time: bulk requests straight to Elasticsearch, and multi-row
 * INSERTs straight to Postgres. The import must do at least one of each per batch (it overlaps
 * them), plus validation, reference checks and the outbox.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import readline from 'node:readline';
import { bulkIndexJobs } from '../services/indexer';
import type { JobDocument } from '../shared/jobs/job-document';
import type { BenchWorld } from './bench-database';

/** A scratch copy of the jobs table: same columns, defaults, checks and indexes; no foreign keys. */
const RAW_TABLE = 'bench_raw_jobs';

/** One line of the file: a creation body as generate-jobs writes it. */
type JobLine = Pick<JobDocument, 'title' | 'organization_id' | 'location_id' | 'type' | 'salary'> &
  Partial<
    Pick<
      JobDocument,
      | 'description'
      | 'department'
      | 'experience'
      | 'education'
      | 'team'
      | 'reporting_to'
      | 'closing_date'
      | 'resume_score_threshold'
      | 'project_id'
      | 'skills'
      | 'tags'
      | 'responsibilities'
      | 'generate_screening'
    >
  >;

/** A job row as Postgres stores it, built from one line without the import's checks. */
function rawRow(line: string, createdBy: string, now: string) {
  // Asserted, not checked: the baseline is the write alone, so it trusts the generated file as it is.
  const body = JSON.parse(line) as JobLine;
  return {
    description: null,
    department: null,
    experience: null,
    education: null,
    team: null,
    reporting_to: null,
    closing_date: null,
    resume_score_threshold: null,
    project_id: null,
    ...body,
    id: randomUUID(),
    skills: body.skills ?? [],
    tags: body.tags ?? [],
    responsibilities: body.responsibilities ?? [],
    generate_screening: body.generate_screening ?? false,
    created_by: createdBy,
    is_active: true,
    version: 1,
    created_at: now,
    updated_at: now,
  };
}

/** Reads the file's lines in batches. */
async function* batches(file: string, size: number): AsyncGenerator<string[]> {
  let batch: string[] = [];
  for await (const line of readline.createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    batch.push(line);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** What a raw run did: jobs written and the time it took. */
export interface RawRun {
  jobs: number;
  ms: number;
}

/**
 * Bulk-indexes the file's jobs into a fresh index of the jobs definition (external version,
 * refresh left to the interval, like the import), one request at a time; the index is deleted after.
 */
export async function rawBulkIndex(world: BenchWorld, file: string, batchSize: number): Promise<RawRun> {
  const index = await world.scratchIndex('raw');
  const names = {
    organization: new Map(world.organizations.map((o) => [o.id, o.name])),
    location: new Map(world.locations.map((l) => [l.id, l.name])),
  };
  try {
    let jobs = 0;
    const started = performance.now();
    for await (const lines of batches(file, batchSize)) {
      const now = new Date().toISOString();
      const docs = lines.map((line) => {
        const { version: _version, ...row } = rawRow(line, world.recruiter.id, now);
        const doc: JobDocument = {
          ...row,
          organization: names.organization.get(row.organization_id)!,
          location: names.location.get(row.location_id)!,
        };
        return { doc, version: 1 };
      });
      const result = await bulkIndexJobs(world.search, index, docs, { refresh: false, requestTimeoutMs: 120_000 });
      if (result.failed.length > 0) throw new Error(`raw bulk indexing failed: ${JSON.stringify(result.failed.slice(0, 3))}`);
      jobs += result.indexed.length;
    }
    return { jobs, ms: performance.now() - started };
  } finally {
    await world.search.indices.delete({ index }).catch(() => undefined);
  }
}

/** Inserts the file's jobs into the scratch table, one multi-row INSERT (one transaction) per batch. */
export async function rawInsert(world: BenchWorld, file: string, batchSize: number): Promise<RawRun> {
  await world.db.query(`CREATE TABLE IF NOT EXISTS ${RAW_TABLE} (LIKE jobs INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)`);
  await world.db.query(`TRUNCATE ${RAW_TABLE}`);
  let jobs = 0;
  const started = performance.now();
  for await (const lines of batches(file, batchSize)) {
    const now = new Date().toISOString();
    const rows = lines.map((line) => rawRow(line, world.recruiter.id, now));
    const [{ count }] = await world.db.query<{ count: number }>(
      `WITH inserted AS (INSERT INTO ${RAW_TABLE} SELECT * FROM jsonb_populate_recordset(NULL::${RAW_TABLE}, $1::jsonb) RETURNING 1)
       SELECT count(*)::int AS count FROM inserted`,
      [JSON.stringify(rows)],
    );
    jobs += count;
  }
  const ms = performance.now() - started;
  await world.db.query(`TRUNCATE ${RAW_TABLE}`);
  return { jobs, ms };
}
