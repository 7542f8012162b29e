import { selectJobDocuments, toIndexable, type JobDocumentRow } from '../../../shared/jobs/job-rows';
import type { CommittedJob, JobDocument } from '../../../shared/jobs/job-document';
import type { Queryable } from '../../../shared/db/queryable';

/** The columns a recruiter's change may set, with their types (the job's identity, author and timestamps are not among them). */
export const EDITABLE_COLUMNS: [name: keyof JobDocument, type: string][] = [
  ['title', 'text'],
  ['description', 'text'],
  ['organization_id', 'uuid'],
  ['location_id', 'uuid'],
  ['type', 'text'],
  ['salary', 'text'],
  ['department', 'text'],
  ['experience', 'text'],
  ['education', 'text'],
  ['skills', 'text[]'],
  ['team', 'text'],
  ['reporting_to', 'text'],
  ['closing_date', 'date'],
  ['tags', 'text[]'],
  ['responsibilities', 'text[]'],
  ['resume_score_threshold', 'numeric'],
  ['generate_screening', 'boolean'],
  ['project_id', 'uuid'],
  ['salary_min', 'numeric'],
  ['salary_max', 'numeric'],
  ['salary_currency', 'text'],
  ['salary_period', 'text'],
];

/**
 * Writes a change of one job and its outbox row in one statement, bumping the version (the
 * external version of its document, and its ETag) and updated_at, and reads back the document.
 * `set` is SQL over the row `j` and the record `r` of `values`. Run inside the transaction that
 * locked the row and checked it; undefined when `where` (over `j`) matched no row.
 */
export async function writeJobChange(
  q: Queryable,
  jobId: string,
  set: string,
  values: Record<string, unknown>,
  where = 'TRUE',
): Promise<CommittedJob | undefined> {
  const record = EDITABLE_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');
  const [row] = await q.query<JobDocumentRow & { outbox_id: string }>(
    `WITH job AS (
       UPDATE jobs j SET ${set}, version = j.version + 1, updated_at = greatest(now(), j.updated_at + interval '1 millisecond')
         FROM jsonb_to_record($2::jsonb) AS r(${record})
        WHERE j.id = $1 AND ${where}
       RETURNING j.*
     ), outbox AS (
       INSERT INTO job_index_outbox (job_id, job_version) SELECT id, version FROM job RETURNING id AS outbox_id, job_id
     )
     SELECT doc.*, outbox.outbox_id FROM (${selectJobDocuments('job')}) doc JOIN outbox ON outbox.job_id = doc.id`,
    [jobId, JSON.stringify(values)],
  );
  if (!row) return undefined;
  const { outbox_id, ...doc } = row;
  return { ...toIndexable(doc), outboxId: String(outbox_id) };
}

/**
 * The job as stored, with its version, for answering without a change. With `lock`, the row is
 * locked for the rest of the transaction in the same statement (one round trip, not two).
 */
export async function loadJob(q: Queryable, jobId: string, lock = false): Promise<JobDocumentRow | undefined> {
  const [row] = await q.query<JobDocumentRow>(`${selectJobDocuments('jobs')} WHERE j.id = $1${lock ? ' FOR UPDATE OF j' : ''}`, [jobId]);
  return row;
}
