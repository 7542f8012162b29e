import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../../../shared/http/route';
import { CreatedJob } from '../../../../shared/schemas/job';
import { JobUpdateRequest, prepareJobUpdate } from '../../../../shared/schemas/job-update';
import type { WriteDeps } from '../../deps';
import { updateJob } from '../../commands/update-job';
import { EXAMPLE_MANAGED_JOB } from './manage-examples';
import { ETAG_HEADER, JobIdParam } from './manage-schema';
import { authorizeJobManagement } from '../../auth/job-management';
import { presentManagedJob } from '../../presenters/managed-job';

/**
 * PATCH /agents/jobs/{job_id} (issue 19): a recruiter edits a posting of their organization. The
 * change and its outbox row commit together; the job is then indexed at once, so browse, search
 * and GET show it when this answers (else the indexer does within seconds).
 */
export function updateJobRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'updateJob',
    method: 'PATCH',
    path: '/agents/jobs/{job_id}',
    summary: 'Edit a job posting',
    description:
      'Changes the fields the body sends, as a JSON Merge Patch (RFC 7396; Content-Type application/merge-patch+json or application/json): ' +
      'a field sent replaces the value under the create rules, null (or an empty string) removes an optional field, fields not sent stay. ' +
      'A new salary text is parsed into the structured salary unless the patch sends salary_min/salary_max/salary_currency/salary_period. ' +
      'Send the ETag of the job as you read it (GET /agents/jobs/{job_id} or this answer) in If-Match: when the job changed since, ' +
      'the answer is 412 precondition_failed and nothing is written; without If-Match the patch applies to the job as it is. ' +
      'Checks, in this order: a valid key (401 unauthenticated), a known job (404 not_found), a recruiter key of a member of the ' +
      "job's organization (403 forbidden), a JSON body of at most 256 KiB (415, 413) that matches the schema (400 invalid_request), " +
      'If-Match (412 precondition_failed), a job not closed (409 job_inactive), then the references as at create ' +
      '(400 unknown_organization, 403 forbidden, 400 unknown_location, 400 unknown_project). A job past its closing date can be ' +
      'edited (a later closing_date reopens it); a closed one cannot. The change appears in browse and search within 2 seconds.',
    tags: ['Jobs'],
    auth: 'apiKey',
    authenticate: (ctx) => authorizeJobManagement(ctx, deps.db),
    params: JobIdParam,
    body: JobUpdateRequest,
    prepareBody: (body) => prepareJobUpdate(body),
    requestHeaders: {
      'If-Match': {
        description:
          'The ETag of the job as you last read it (e.g. W/"v3-open"), or several, comma-separated; the change is made only if the job still has it.',
        schema: Type.String({ minLength: 1, maxLength: 1000 }),
      },
    },
    responses: {
      200: {
        description: 'The job as it is after the change (with the screening settings, as to the recruiter who created it)',
        schema: CreatedJob,
        headers: ETAG_HEADER,
        example: EXAMPLE_MANAGED_JOB,
      },
    },
    errors: [
      'unauthenticated',
      'not_found',
      'forbidden',
      'unsupported_media_type',
      'payload_too_large',
      'invalid_request',
      'precondition_failed',
      'job_inactive',
      'unknown_organization',
      'unknown_location',
      'unknown_project',
      'unavailable',
      'internal',
    ],
    handle: async (ctx, { body, auth, headers }) => {
      presentManagedJob(ctx, await updateJob(deps, auth.caller.userId, auth.job.id, body, headers['If-Match']));
    },
  });
}
