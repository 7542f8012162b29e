import type { Queryable } from '../../../shared/db/queryable';
import type { StructuredSalaryColumns } from '../salary/structured-salary';

/** A job without a structured salary, with what its salary text is read with. */
export interface UnstructuredSalaryRow {
  id: string;
  salary: string;
  country_code: string | null;
}

/** A structured salary parsed from a job's text, for fillStructuredSalaries. */
export type ParsedSalary = { id: string } & StructuredSalaryColumns;

/** The next keyset page (by id, after `after`) of jobs with no structured salary, with their location's country. */
export async function jobsWithoutStructuredSalary(q: Queryable, after: string | null, limit: number): Promise<UnstructuredSalaryRow[]> {
  return q.query<UnstructuredSalaryRow>(
    `SELECT j.id, j.salary, l.country_code FROM jobs j JOIN locations l ON l.id = j.location_id
      WHERE j.salary_currency IS NULL AND ($1::uuid IS NULL OR j.id > $1::uuid) ORDER BY j.id LIMIT $2`,
    [after, limit],
  );
}

/**
 * Writes the parsed salaries, each with a new version, a new updated_at (mirrors following
 * updated_since see it) and an outbox row; returns the ids filled. Only rows still without a
 * structured salary: a recruiter's edit meanwhile wins.
 */
export async function fillStructuredSalaries(q: Queryable, parsed: readonly ParsedSalary[]): Promise<{ id: string }[]> {
  return q.query<{ id: string }>(
    `WITH filled AS (
       UPDATE jobs j SET salary_min = r.salary_min, salary_max = r.salary_max, salary_currency = r.salary_currency,
                         salary_period = r.salary_period, version = j.version + 1,
                         updated_at = greatest(now(), j.updated_at + interval '1 millisecond')
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, salary_min numeric, salary_max numeric, salary_currency text, salary_period text)
        WHERE j.id = r.id AND j.salary_currency IS NULL
       RETURNING j.id, j.version
     )
     INSERT INTO job_index_outbox (job_id, job_version) SELECT id, version FROM filled RETURNING job_id AS id`,
    [JSON.stringify(parsed)],
  );
}
