import { defineRoute } from '../../../../shared/http/route';
import { presentCreatedJob } from '../../../../shared/jobs/job-document';
import { IdempotencyKey, JobCreateRequest, prepareJobCreate } from '../../../../shared/schemas/job-create';
import { CreatedJob } from '../../../../shared/schemas/job';
import { Type } from '@sinclair/typebox';
import { authenticateRecruiter } from '../../auth/recruiter';
import type { WriteDeps } from '../../deps';
import { createAndIndexJob } from '../../commands/create-and-index-job';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '../../store/idempotency-keys';

/**
 * POST /agents/jobs (spec 4.5, DESIGN.md 6). The job and its outbox row commit together; the job
 * is then indexed at once (refreshed, so GET by id, browse and search find it when this answers).
 * If that indexing fails the answer is still 201: the outbox row stays, and the indexer brings
 * the job into the index as soon as Elasticsearch answers.
 */
export function createJobRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'createJob',
    method: 'POST',
    path: '/agents/jobs',
    summary: 'Create a job posting',
    description:
      'Creates a job for an organization the recruiter who owns the API key belongs to. Checks, in this order: ' +
      'a valid key (401 unauthenticated), a recruiter key (403 forbidden), a JSON body (415 unsupported_media_type) ' +
      'of at most 256 KiB (413 payload_too_large) that matches the schema (400 invalid_request, with one `details` ' +
      'entry per problem), then the references: organization (400 unknown_organization), membership in it ' +
      '(403 forbidden), location (400 unknown_location), project of that organization (400 unknown_project). ' +
      'Strings are trimmed; an empty string or null counts as missing; unknown fields are refused. ' +
      'The created job is readable at once and appears in browse and search within 2 seconds. ' +
      'With an Idempotency-Key header, a retry of the same request (same key, same body, same API key user) within ' +
      `${IDEMPOTENCY_KEY_TTL_HOURS} hours answers the job the first request created, with Idempotent-Replayed: true, instead of ` +
      'creating another; the same key with another body is 422 idempotency_key_reused.',
    tags: ['Jobs'],
    auth: 'apiKey',
    authenticate: (ctx) =>
      authenticateRecruiter(
        ctx,
        deps.db,
        'Creating jobs needs an API key of a recruiter.',
        'Use the API key of a recruiter account; to have this account made a recruiter, ask the operator of this service.',
      ),
    body: JobCreateRequest,
    prepareBody: (body) => prepareJobCreate(body),
    requestHeaders: {
      'Idempotency-Key': {
        description: `A key of your choosing (1 to 255 visible ASCII characters, e.g. a UUID) that makes a retry safe: the same key and body within ${IDEMPOTENCY_KEY_TTL_HOURS} hours never create a second job.`,
        schema: IdempotencyKey,
      },
    },
    responses: {
      201: {
        description: 'The job was created',
        schema: CreatedJob,
        headers: {
          Location: { description: 'URL of the created job', schema: Type.String({ format: 'uri' }) },
          'Idempotent-Replayed': {
            description: 'Sent (as true) when the answer is the job an earlier request with the same Idempotency-Key created.',
            schema: Type.Literal('true'),
            required: false,
          },
        },
        example: {
          id: '3f0e7c1a-8b9d-4c2e-9f1a-2b3c4d5e6f70',
          title: 'Senior Backend Engineer',
          description: 'Build the services behind our job board.',
          organization: 'Acme',
          location: 'Berlin',
          type: 'full_time',
          salary: '€70,000 - €90,000',
          experience: 'senior',
          skills: ['TypeScript', 'PostgreSQL'],
          closing_date: '2026-12-31',
          organization_id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
          location_id: '6b2e3d4c-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
          tags: ['remote-friendly'],
          responsibilities: [],
          generate_screening: false,
          is_active: true,
          created_at: '2026-11-21T10:00:00.000Z',
          updated_at: '2026-11-21T10:00:00.000Z',
        },
      },
    },
    errors: [
      'unauthenticated',
      'forbidden',
      'unsupported_media_type',
      'payload_too_large',
      'invalid_request',
      'unknown_organization',
      'unknown_location',
      'unknown_project',
      'idempotency_key_reused',
      'unavailable',
      'internal',
    ],
    handle: async (ctx, { body, auth, headers }) => {
      const { doc, replayed } = await createAndIndexJob(deps, auth.userId, body, headers['Idempotency-Key']);
      ctx.status = 201;
      ctx.set('Location', `${deps.config.baseUrl}/agents/jobs/${doc.id}`);
      if (replayed) ctx.set('Idempotent-Replayed', 'true');
      ctx.body = presentCreatedJob(doc);
    },
  });
}
