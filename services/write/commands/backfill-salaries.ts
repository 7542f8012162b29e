import type { Database } from '../../../shared/db/database';
import { queryableClient } from '../../../shared/db/queryable';
import { salaryFromText } from '../salary/structured-salary';
import { fillStructuredSalaries, jobsWithoutStructuredSalary } from '../store/salary-backfill';

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
 * Each filled job gets a new version and an outbox row, so the indexer brings it into search; a
 * text with no amount ("Competitive") stays without one. Keyset pages of `batchSize`, one
 * transaction each, so it can run beside a serving API and be stopped and run again.
 */
export async function backfillStructuredSalaries(db: Database, batchSize = 1000): Promise<BackfillResult> {
  const result: BackfillResult = { examined: 0, filled: 0 };
  let after: string | null = null;
  for (;;) {
    const rows = await jobsWithoutStructuredSalary(db, after, batchSize);
    if (rows.length === 0) return result;
    after = rows[rows.length - 1].id;
    result.examined += rows.length;
    const parsed = rows
      .map((row) => ({ id: row.id, ...salaryFromText(row.salary, row.country_code) }))
      .filter((row) => row.salary_currency !== null);
    if (parsed.length === 0) continue;
    await db.transaction(async (client) => {
      result.filled += (await fillStructuredSalaries(queryableClient(client), parsed)).length;
    });
  }
}
