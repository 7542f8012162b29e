import type { Database } from '../../../shared/db/database';
import { presentCreatedJob, todayUtc } from '../../../shared/jobs/job-document';
import { APPLICATION_STATUSES } from '../../../shared/schemas/application';
import { paginate } from '../../../shared/schemas/common';
import type { RecruiterJob, RecruiterJobList, RecruiterJobsQuery } from '../../../shared/schemas/recruiter-jobs';
import { selectJobDocuments, type JobDocumentRow } from '../../../shared/jobs/job-rows';

type Row = JobDocumentRow & { counts: Record<string, number> | null; total_items: string };

/**
 * The jobs of the caller's organizations, newest first, open and closed, each with its
 * application counts by status, and the total: one query, counting only the page's applications.
 */
export async function listRecruiterJobs(db: Database, userId: string, query: RecruiterJobsQuery, now = new Date()): Promise<RecruiterJobList> {
  const { page, limit } = query;
  const active = `(j.is_active AND (j.closing_date IS NULL OR j.closing_date >= $3::date))`;
  const status = query.status === 'active' ? active : query.status === 'inactive' ? `NOT ${active}` : '$3::date IS NOT NULL';
  const rows = await db.query<Row>(
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
  const total = rows.length > 0 ? Number(rows[0].total_items) : page === 1 ? 0 : await countOnly(db, userId, query, now);
  return { jobs: rows.map((row) => toRecruiterJob(row, now)), pagination: paginate(total, page, limit) };
}

async function countOnly(db: Database, userId: string, query: RecruiterJobsQuery, now: Date): Promise<number> {
  return (await listRecruiterJobs(db, userId, { ...query, page: 1, limit: 1 }, now)).pagination.total_items;
}

function toRecruiterJob(row: Row, now: Date): RecruiterJob {
  const { counts, total_items: _total, version: _version, ...doc } = row;
  const byStatus = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, counts?.[s] ?? 0]));
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return { ...presentCreatedJob(doc, now), applications: { total, ...byStatus } } as RecruiterJob;
}
