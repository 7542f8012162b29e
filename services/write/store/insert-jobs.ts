import { randomUUID } from 'node:crypto';
import type { JobCreateRequest } from '../../../shared/schemas/job-create';
import type { CommittedJob } from '../../../shared/jobs/job-document';
import { selectJobDocuments, toIndexable, type JobDocumentRow } from '../../../shared/jobs/job-rows';
import type { Queryable } from '../../../shared/db/queryable';
import { EDITABLE_COLUMNS } from './job-changes';
import { withStructuredSalaries } from '../salary/structured-salary';

/**
 * Columns a create request fills, with their types: the job's id and author, then what a
 * recruiter may set (and later change); every other column takes its default.
 */
const COLUMNS: [name: string, type: string][] = [['id', 'uuid'], ['created_by', 'uuid'], ...EDITABLE_COLUMNS];
const NAMES = COLUMNS.map(([name]) => name).join(', ');
const RECORD = COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');

/**
 * Inserts the jobs and one outbox row per job, and reads back each job's document, in a single
 * statement (one round trip whatever the batch size). Call it inside the transaction that checked
 * the references, so the jobs and their outbox rows commit together or not at all; what it returns
 * is what the caller answers and indexes once that commits. Ids are made here, so results follow
 * input order.
 */
export async function insertJobs(
  client: Queryable,
  createdBy: string,
  jobs: readonly JobCreateRequest[],
  countries: ReadonlyMap<string, string | null>,
): Promise<CommittedJob[]> {
  if (jobs.length === 0) return [];
  const rows = withStructuredSalaries(jobs, countries).map((job) => ({
    ...job,
    id: randomUUID(),
    skills: job.skills ?? [],
    tags: job.tags ?? [],
    responsibilities: job.responsibilities ?? [],
    generate_screening: job.generate_screening ?? false,
    created_by: createdBy,
  }));
  const inserted = await client.query<JobDocumentRow & { outbox_id: string }>(
    `WITH job AS (
       INSERT INTO jobs (${NAMES})
       SELECT ${NAMES} FROM jsonb_to_recordset($1::jsonb) AS r(${RECORD})
       RETURNING *
     ), outbox AS (
       INSERT INTO job_index_outbox (job_id, job_version) SELECT id, version FROM job RETURNING id AS outbox_id, job_id
     )
     SELECT doc.*, outbox.outbox_id FROM (${selectJobDocuments('job')}) doc JOIN outbox ON outbox.job_id = doc.id`,
    [JSON.stringify(rows)],
  );
  const byId = new Map(inserted.map(({ outbox_id, ...row }) => [row.id, { ...toIndexable(row), outboxId: String(outbox_id) }]));
  return rows.map(({ id }) => byId.get(id)!);
}
