import type { IndexableJob, JobDocument } from './job-document';
import { PERIODS_PER_YEAR } from './salary-periods';
import type { Queryable } from '../db/queryable';

/** How many of the job's salary period make a year, in SQL (shared/jobs/salary-periods is the one table). */
const PERIODS_PER_YEAR_SQL = `CASE j.salary_period ${Object.entries(PERIODS_PER_YEAR)
  .map(([p, n]) => `WHEN '${p}' THEN ${n}`)
  .join(' ')} END`;

/**
 * Selects job rows from `source` (the jobs table, or a CTE of rows just inserted) with the display
 * names of their organization and location, shaped as JobDocument plus the row's version.
 */
export function selectJobDocuments(source: string): string {
  return `
  SELECT j.id, j.title, j.description, o.name AS organization, j.organization_id,
         l.name AS location, j.location_id, j.type, j.salary, j.experience, j.education,
         j.skills, j.tags, j.department, j.team, j.reporting_to, j.responsibilities,
         to_char(j.closing_date, 'YYYY-MM-DD') AS closing_date, j.project_id,
         j.resume_score_threshold::float8 AS resume_score_threshold, j.generate_screening,
         j.is_active, j.created_by,
         to_char(j.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
         to_char(j.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
         j.salary_min::float8 AS salary_min, j.salary_max::float8 AS salary_max, j.salary_currency, j.salary_period,
         round(coalesce(j.salary_min, j.salary_max) * ${PERIODS_PER_YEAR_SQL}, 2)::float8 AS salary_annual_min,
         round(coalesce(j.salary_max, j.salary_min) * ${PERIODS_PER_YEAR_SQL}, 2)::float8 AS salary_annual_max,
         l.workplace_type, l.is_remote,
         j.version
    FROM ${source} j
    JOIN organizations o ON o.id = j.organization_id
    JOIN locations l ON l.id = j.location_id`;
}

const SELECT_JOB_DOCUMENTS = selectJobDocuments('jobs');

/** A job document with the version of its row (bigint, as text). */
export type JobDocumentRow = JobDocument & { version: string };

/** Loads the documents of the given jobs (with their versions), in no particular order. */
export async function loadJobDocuments(db: Queryable, ids: readonly string[]): Promise<JobDocumentRow[]> {
  if (ids.length === 0) return [];
  return db.query<JobDocumentRow>(`${SELECT_JOB_DOCUMENTS} WHERE j.id = ANY($1::uuid[])`, [ids]);
}

/** Pages through every job by id (keyset), for full reindexing. */
export async function loadJobDocumentPage(db: Queryable, afterId: string | null, size: number): Promise<JobDocumentRow[]> {
  return db.query<JobDocumentRow>(`${SELECT_JOB_DOCUMENTS} WHERE ($1::uuid IS NULL OR j.id > $1::uuid) ORDER BY j.id LIMIT $2`, [
    afterId,
    size,
  ]);
}

/** Splits a row into the document to index and the version to index it with. */
export function toIndexable(row: JobDocumentRow): IndexableJob {
  const { version, ...doc } = row;
  return { doc, version: Number(version) };
}
