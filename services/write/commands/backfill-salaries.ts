import type { Database } from '../../../shared/db/database';
import { queryableClient } from '../../../shared/db/queryable';
import { salaryFromText } from '../salary/structured-salary';

/** What a backfill did. */
export interface BackfillResult {
  /** Jobs read (those with a salary text and no structured salary). */
  examined: number;
  /** Jobs whose text gave a structured salary: updated, with an outbox row each. */
  filled: number;
}

/**
 * Gives the jobs written before structured salaries existed (issue 19) the one their salary text
 * states, with the currency of their location's country for bare amounts; the text is unchanged.
 * Each filled job gets a new version, a new updated_at (mirrors following updated_since see it) and
 * an outbox row, so the indexer brings it into search; a text with no amount ("Competitive") stays
 * without one. Keyset pages of `batchSize`, one
 * transaction each, so it can run beside a serving API and be stopped and run again.
 */
export async function backfillStructuredSalaries(db: Database, batchSize = 1000): Promise<BackfillResult> {
  const result: BackfillResult = { examined: 0, filled: 0 };
  let after: string | null = null;
  for (;;) {
    const rows: { id: string; salary: string; country_code: string | null }[] = await db.query(
      `SELECT j.id, j.salary, l.country_code FROM jobs j JOIN locations l ON l.id = j.location_id
        WHERE j.salary_currency IS NULL AND ($1::uuid IS NULL OR j.id > $1::uuid) ORDER BY j.id LIMIT $2`,
      [after, batchSize],
    );
    if (rows.length === 0) return result;
    after = rows[rows.length - 1].id;
    result.examined += rows.length;
    const parsed = rows.map((row) => ({ id: row.id, ...salaryFromText(row.salary, row.country_code) })).filter((row) => row.salary_currency !== null);
    if (parsed.length === 0) continue;
    await db.transaction(async (client) => {
      const q = queryableClient(client);
      // Only rows still without a structured salary: a recruiter's edit meanwhile wins.
      const updated = await q.query<{ id: string }>(
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
      result.filled += updated.length;
    });
  }
}
