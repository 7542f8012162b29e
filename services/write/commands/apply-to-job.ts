import type { Database } from '../../../shared/db/database';
import { errors } from '../../../shared/errors';
import { isJobActive } from '../../../shared/jobs/job-document';
import type { Application } from '../../../shared/schemas/application';
import { UUID_PATTERN } from '../../../shared/schemas/common';
import type { Caller } from '../auth/authenticate';
import { pgViolation, UNIQUE_VIOLATION } from '../store/pg-errors';

interface JobForApply {
  is_active: boolean;
  closing_date: string | null;
  created_by: string | null;
}

/** The job from Postgres, the source of truth (the index may lag); undefined when unknown or malformed. */
async function findJob(db: Database, jobId: string): Promise<JobForApply | undefined> {
  if (!UUID_PATTERN.test(jobId)) return undefined;
  const [job] = await db.query<JobForApply>(
    `SELECT is_active, to_char(closing_date, 'YYYY-MM-DD') AS closing_date, created_by FROM jobs WHERE id = $1`,
    [jobId],
  );
  return job;
}

/**
 * Inserts the application with the caller's active resume and a snapshot of the profile, read in
 * the same statement so they are consistent. No row means no active resume.
 */
async function insertApplication(db: Database, userId: string, jobId: string): Promise<Application | undefined> {
  const [row] = await db.query<{ id: string; job_id: string; status: 'submitted'; created_at: Date }>(
    `INSERT INTO applications (job_id, user_id, resume_id, profile_snapshot)
     SELECT $1, u.id, r.id, jsonb_build_object('name', u.name, 'email', u.email, 'headline', u.headline)
       FROM users u JOIN resumes r ON r.user_id = u.id AND r.is_active
      WHERE u.id = $2
     RETURNING id, job_id, status, created_at`,
    [jobId, userId],
  );
  return row && { id: row.id, job_id: row.job_id, status: row.status, created_at: row.created_at.toISOString() };
}

/**
 * Applies the caller to the job, with the checks of DESIGN.md 5 in their order (401 is the
 * caller's authentication, done before). One application per user and job is guaranteed by the
 * unique constraint, so concurrent applies cannot both succeed.
 */
export async function applyToJob(db: Database, caller: Caller, jobId: string): Promise<Application> {
  const job = await findJob(db, jobId);
  if (!job) throw errors.jobNotFound(jobId);
  if (!isJobActive(job)) throw errors.jobInactive(jobId, job.is_active ? (job.closing_date ?? undefined) : undefined);
  if (job.created_by === caller.userId) throw errors.ownPosting(jobId);
  try {
    const application = await insertApplication(db, caller.userId, jobId);
    if (!application) throw errors.resumeRequired();
    return application;
  } catch (err) {
    const violation = pgViolation(err);
    if (violation?.code !== UNIQUE_VIOLATION || violation.constraint !== 'applications_one_per_user_and_job') throw err;
    const [existing] = await db.query<{ id: string }>(`SELECT id FROM applications WHERE job_id = $1 AND user_id = $2`, [jobId, caller.userId]);
    throw errors.alreadyApplied(jobId, existing.id);
  }
}
