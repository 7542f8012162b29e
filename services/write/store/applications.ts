import type { Database } from '../../../shared/db/database';
import { errors } from '../../../shared/errors';
import { todayUtc } from '../../../shared/jobs/job-document';
import { WITHDRAWABLE_STATUSES, type ApplicationStatus, type MyApplication } from '../../../shared/schemas/application';
import { paginate, UUID_PATTERN } from '../../../shared/schemas/common';
import type { MyApplicationList, MyApplicationsQuery } from '../../../shared/schemas/recruiter-jobs';

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
export async function listMyApplications(db: Database, userId: string, query: MyApplicationsQuery, now = new Date()): Promise<MyApplicationList> {
  const { page, limit } = query;
  const [rows, [{ total }]] = await Promise.all([
    db.query<MyApplication>(
      `${SELECT_MINE} WHERE a.user_id = $1 AND ($3::text IS NULL OR a.status = $3) ORDER BY a.created_at DESC, a.id LIMIT $4 OFFSET $5`,
      [userId, todayUtc(now), query.status ?? null, limit, (page - 1) * limit],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM applications WHERE user_id = $1 AND ($2::text IS NULL OR status = $2)`, [userId, query.status ?? null]),
  ]);
  return { applications: rows, pagination: paginate(total, page, limit) };
}

/**
 * Withdraws one of the caller's applications, in the order of DESIGN.md (authentication was done
 * before): it exists among the caller's (404; another user's application answers the same, so ids
 * of others' applications tell nothing), then its state: withdrawn already answers it unchanged
 * (idempotent), rejected or hired is final (409). The status changes only from a withdrawable one,
 * in one statement, so a concurrent decision and a withdrawal cannot both win.
 */
export async function withdrawApplication(db: Database, userId: string, applicationId: string, now = new Date()): Promise<MyApplication> {
  if (!UUID_PATTERN.test(applicationId)) throw errors.applicationNotFound(applicationId);
  const id = applicationId.toLowerCase();
  await db.query(
    `UPDATE applications SET status = 'withdrawn', updated_at = now() WHERE id = $1 AND user_id = $2 AND status = ANY($3::text[])`,
    [id, userId, WITHDRAWABLE_STATUSES],
  );
  const [row] = await db.query<MyApplication>(`${SELECT_MINE} WHERE a.user_id = $1 AND a.id = $3`, [userId, todayUtc(now), id]);
  if (!row) throw errors.applicationNotFound(applicationId);
  if (row.status !== 'withdrawn') throw errors.applicationFinal(row.id, row.status as ApplicationStatus);
  return row;
}
