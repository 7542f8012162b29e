import { isJobActive, jobEtag, type JobDocument } from '../../../shared/jobs/job-document';

/** The ETag of a stored job, as the read service shows it. */
export const etagOf = (row: Pick<JobDocument, 'is_active' | 'closing_date'> & { version: string | number }) =>
  jobEtag(row.version, isJobActive(row));

/**
 * True when If-Match names the job's current ETag: `*`, or one of a comma list of tags. Tags are
 * compared without their weak prefix, because the only tags this API issues are weak ones and a
 * write must be able to name them (the strict comparison of RFC 9110 would never match).
 */
export function ifMatchAccepts(ifMatch: string | undefined, current: string): boolean {
  if (ifMatch === undefined) return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(current));
}
