import type { Database } from '../../../shared/db/database';

/** A job with what deciding who may change it needs. */
export interface JobWithMembership {
  id: string;
  organization_id: string;
  /** Whether the user asked about is a member of the job's organization. */
  member: boolean;
}

/**
 * The job and whether the user belongs to its organization, in one query; undefined when unknown.
 * Read without a lock: the change itself locks the row and checks the state. `jobId` must be a UUID.
 */
export async function findJobWithMembership(db: Database, jobId: string, userId: string): Promise<JobWithMembership | undefined> {
  const [job] = await db.query<JobWithMembership>(
    `SELECT j.id, j.organization_id,
            EXISTS (SELECT 1 FROM organization_memberships m WHERE m.user_id = $2 AND m.organization_id = j.organization_id) AS member
       FROM jobs j WHERE j.id = $1`,
    [jobId.toLowerCase(), userId],
  );
  return job;
}
