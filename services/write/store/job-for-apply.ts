import type { Database } from '../../../shared/db/database';

/** What applying needs to know of a job. */
export interface JobForApply {
  is_active: boolean;
  closing_date: string | null;
  created_by: string | null;
}

/** The job from Postgres, the source of truth (the index may lag); undefined when unknown. `jobId` must be a UUID. */
export async function findJobForApply(db: Database, jobId: string): Promise<JobForApply | undefined> {
  const [job] = await db.query<JobForApply>(
    `SELECT is_active, to_char(closing_date, 'YYYY-MM-DD') AS closing_date, created_by FROM jobs WHERE id = $1`,
    [jobId],
  );
  return job;
}
