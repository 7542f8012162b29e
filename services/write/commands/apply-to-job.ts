import type { Database } from '../../../shared/db/database';
import { queryableClient } from '../../../shared/db/queryable';
import { errors } from '../../../shared/errors';
import { isJobActive } from '../../../shared/jobs/job-document';
import type { Application } from '../../../shared/schemas/application';
import { UUID_PATTERN } from '../../../shared/schemas/common';
import type { Caller } from '../auth/authenticate';
import { existingApplicationId, insertApplication } from '../store/applications';
import { findJobForApply } from '../store/job-for-apply';
import { pgViolation, UNIQUE_VIOLATION } from '../store/pg-errors';
import { queueApplicationEvent } from './webhooks-events';

/**
 * Applies the caller to the job, with the checks of DESIGN.md 5 in their order (401 is the
 * caller's authentication, done before). One application per user and job is guaranteed by the
 * unique constraint, so concurrent applies cannot both succeed.
 */
export async function applyToJob(db: Database, caller: Caller, jobId: string): Promise<Application> {
  // A malformed id is unknown too, and never reaches Postgres (whose uuid cast would fail).
  const job = UUID_PATTERN.test(jobId) ? await findJobForApply(db, jobId) : undefined;
  if (!job) throw errors.jobNotFound(jobId);
  if (!isJobActive(job)) throw errors.jobInactive(jobId, job.is_active ? (job.closing_date ?? undefined) : undefined);
  if (job.created_by === caller.userId) throw errors.ownPosting(jobId);
  try {
    // The application and its application.created deliveries commit together, or neither does.
    return await db.transaction(async (client) => {
      const q = queryableClient(client);
      const application = await insertApplication(q, caller.userId, jobId);
      if (!application) throw errors.resumeRequired();
      await queueApplicationEvent(q, 'application.created', application.id);
      return application;
    });
  } catch (err) {
    const violation = pgViolation(err);
    if (violation?.code !== UNIQUE_VIOLATION || violation.constraint !== 'applications_one_per_user_and_job') throw err;
    throw errors.alreadyApplied(jobId, await existingApplicationId(db, caller.userId, jobId));
  }
}
