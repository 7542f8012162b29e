import type { Database } from '../../../shared/db/database';
import { todayUtc } from '../../../shared/jobs/job-document';
import type { RecruiterJobsQuery } from '../../../shared/schemas/recruiter-jobs';
import { selectJobDocuments, type JobDocumentRow } from '../../../shared/jobs/job-rows';

/** A job of the caller's organizations, with its applications counted by status (none: null). */
export type RecruiterJobRow = JobDocumentRow & { counts: Record<string, number> | null; total_items: string };

/**
 * The jobs of the caller's organizations, newest first, open and closed, each with its
 * application counts by status, and the total: one query, counting only the page's applications.
 */
export async function findRecruiterJobs(
  db: Database,
  userId: string,
  query: RecruiterJobsQuery,
  now: Date,
): Promise<{ rows: RecruiterJobRow[]; total: number }> {
  const { page, limit } = query;
  const active = `(j.is_active AND (j.closing_date IS NULL OR j.closing_date >= $3::date))`;
  const status = query.status === 'active' ? active : query.status === 'inactive' ? `NOT ${active}` : '$3::date IS NOT NULL';
  const rows = await db.query<RecruiterJobRow>(
    `WITH mine AS (
       SELECT j.* FROM jobs j
        WHERE j.organization_id IN (SELECT organization_id FROM organization_memberships WHERE user_id = $1)
          AND ($2::uuid IS NULL OR j.organization_id = $2::uuid) AND ${status}
     ), page AS (
       SELECT * FROM mine ORDER BY created_at DESC, id LIMIT $4 OFFSET $5
     )
     SELECT doc.*, (SELECT count(*) FROM mine) AS total_items,
            (SELECT jsonb_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM applications a WHERE a.job_id = doc.id GROUP BY status) s) AS counts
       FROM (${selectJobDocuments('page')}) doc
      ORDER BY doc.created_at DESC, doc.id`,
    [userId, query.organization_id?.toLowerCase() ?? null, todayUtc(now), limit, (page - 1) * limit],
  );
  // Past the last page no row carries the total: count it alone.
  const total =
    rows.length > 0
      ? Number(rows[0].total_items)
      : page === 1
        ? 0
        : (await findRecruiterJobs(db, userId, { ...query, page: 1, limit: 1 }, now)).total;
  return { rows, total };
}
