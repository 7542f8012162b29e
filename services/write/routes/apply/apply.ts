import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../../../shared/http/route';
import { Application } from '../../../../shared/schemas/application';
import { authenticate } from '../../auth/authenticate';
import type { WriteDeps } from '../../deps';
import { applyToJob } from '../../commands/apply-to-job';

/**
 * POST /agents/jobs/{job_id}/apply (spec 4.4, DESIGN.md 5). No body is declared: whatever is sent
 * is never read, so a body can neither break nor change an application.
 */
export function applyRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'applyToJob',
    method: 'POST',
    path: '/agents/jobs/{job_id}/apply',
    summary: 'Apply to a job',
    description:
      "Submits an application on behalf of the user who owns the API key, with that user's profile and active resume. " +
      'Checks, in this order: a valid key (401 unauthenticated), a known job (404 not_found, also for a malformed id), ' +
      'an active job (409 job_inactive), not your own posting (403 own_posting), an active resume (422 resume_required), ' +
      'no earlier application to this job (409 already_applied, naming the existing application). No request body.',
    tags: ['Jobs'],
    auth: 'apiKey',
    // The key is checked first of all (DESIGN.md 5, check 1), before anything about the job.
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: Type.Object({ job_id: Type.String({ description: 'job id (UUID); a malformed id answers 404 not_found' }) }),
    responses: {
      201: {
        description: 'The application was submitted',
        schema: Application,
        example: {
          id: '9b2d4e1f-3c5a-4f6b-8d7e-1a2b3c4d5e6f',
          job_id: '3f0e7c1a-8b9d-4c2e-9f1a-2b3c4d5e6f70',
          status: 'submitted',
          created_at: '2026-01-15T09:30:00.000Z',
        },
      },
    },
    // The shared machinery adds what every operation can answer (400 unknown query parameter, 429, 503, 500).
    errors: ['unauthenticated', 'not_found', 'job_inactive', 'own_posting', 'resume_required', 'already_applied'],
    handle: async (ctx, { params, auth }) => {
      const application = await applyToJob(deps.db, auth, params.job_id);
      ctx.status = 201;
      ctx.body = application;
    },
  });
}
