import { presentCreatedJob } from '../../../shared/jobs/job-document';
import { APPLICATION_STATUSES } from '../../../shared/schemas/application';
import { paginate } from '../../../shared/schemas/common';
import type { RecruiterJob, RecruiterJobList } from '../../../shared/schemas/recruiter-jobs';
import type { RecruiterJobRow } from '../store/recruiter-jobs';

/** A job as its recruiter lists it: every status counted, zeros included, and their total. */
export function presentRecruiterJob(row: RecruiterJobRow, now: Date): RecruiterJob {
  const { counts, total_items: _total, version: _version, ...doc } = row;
  const byStatus = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, counts?.[s] ?? 0]));
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return { ...presentCreatedJob(doc, now), applications: { total, ...byStatus } } as RecruiterJob;
}

/** One page of the recruiter's jobs, with the pagination of all `total` matches; `now` is the one the rows were read with. */
export function presentRecruiterJobList(
  rows: RecruiterJobRow[],
  total: number,
  query: { page: number; limit: number },
  now: Date,
): RecruiterJobList {
  return { jobs: rows.map((row) => presentRecruiterJob(row, now)), pagination: paginate(total, query.page, query.limit) };
}
