import { Type } from '@sinclair/typebox';

/** The path parameter of the recruiter's operations on one job. */
export const JobIdParam = Type.Object({ job_id: Type.String({ description: 'job id (UUID); a malformed id answers 404 not_found' }) });

/** The ETag response header, as documented. */
export const ETAG_HEADER = {
  ETag: { description: 'The ETag of the job as it is now: send it in If-Match with your next change.', schema: Type.String() },
};
