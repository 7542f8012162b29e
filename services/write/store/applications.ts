import type { Database } from '../../../shared/db/database';
import type { Queryable } from '../../../shared/db/queryable';
import { todayUtc } from '../../../shared/jobs/job-document';
import { WITHDRAWABLE_STATUSES, type Application, type MyApplication } from '../../../shared/schemas/application';
import { paginate } from '../../../shared/schemas/common';
import type { MyApplicationList, MyApplicationsQuery } from '../../../shared/schemas/recruiter-jobs';
import { calendarNow } from '../../../shared/runtime/calendar';

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An application of the caller's with its job, as the list shows it. */
const SELECT_MINE = `
  SELECT a.id, a.job_id, a.status, ${ISO('a.created_at')} AS created_at, ${ISO('a.updated_at')} AS updated_at,
         j.title AS job_title, o.name AS organization,
         (j.is_active AND (j.closing_date IS NULL OR j.closing_date >= $2::date)) AS job_is_active
    FROM applications a
    JOIN jobs j ON j.id = a.job_id
    JOIN organizations o ON o.id = j.organization_id`;

/** The caller's applications, newest first, with the job's title and whether it is still open. */
export async function listMyApplications(
  db: Database,
  userId: string,
  query: MyApplicationsQuery,
  now = calendarNow(),
): Promise<MyApplicationList> {
  const { page, limit } = query;
  const [rows, [{ total }]] = await Promise.all([
    db.query<MyApplication>(
      `${SELECT_MINE} WHERE a.user_id = $1 AND ($3::text IS NULL OR a.status = $3) ORDER BY a.created_at DESC, a.id LIMIT $4 OFFSET $5`,
      [userId, todayUtc(now), query.status ?? null, limit, (page - 1) * limit],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM applications WHERE user_id = $1 AND ($2::text IS NULL OR status = $2)`,
      [userId, query.status ?? null],
    ),
  ]);
  return { applications: rows, pagination: paginate(total, page, limit) };
}

/** One of the caller's applications with its job; undefined when it is not theirs or unknown. `id` must be a UUID. */
export async function findMyApplication(db: Database, userId: string, id: string, now = calendarNow()): Promise<MyApplication | undefined> {
  const [row] = await db.query<MyApplication>(`${SELECT_MINE} WHERE a.user_id = $1 AND a.id = $3`, [userId, todayUtc(now), id]);
  return row;
}

/**
 * Sets one of the caller's applications to withdrawn, only from a withdrawable status and in one
 * statement, so a concurrent decision and a withdrawal cannot both win. Changes nothing otherwise;
 * true when it changed the application (false when already withdrawn, decided, or not theirs).
 */
export async function markWithdrawn(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE applications SET status = 'withdrawn', updated_at = now() WHERE id = $1 AND user_id = $2 AND status = ANY($3::text[]) RETURNING id`,
    [id, userId, WITHDRAWABLE_STATUSES],
  );
  return rows.length > 0;
}

/**
 * Inserts the application with the user's active resume and a snapshot of the profile, read in
 * the same statement so they are consistent. No row means no active resume. A second application
 * to the same job fails on the unique constraint applications_one_per_user_and_job.
 */
export async function insertApplication(db: Queryable, userId: string, jobId: string): Promise<Application | undefined> {
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

/** The id of the user's application to the job, which must exist (asked after the unique constraint refused another). */
export async function existingApplicationId(db: Database, userId: string, jobId: string): Promise<string> {
  const [existing] = await db.query<{ id: string }>(`SELECT id FROM applications WHERE job_id = $1 AND user_id = $2`, [jobId, userId]);
  return existing.id;
}
