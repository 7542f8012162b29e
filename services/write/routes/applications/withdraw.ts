import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../../../shared/http/route';
import { MyApplication } from '../../../../shared/schemas/application';
import { authenticate } from '../../auth/authenticate';
import type { WriteDeps } from '../../deps';
import { withdrawApplication } from '../../commands/withdraw-application';
import { EXAMPLE_MY_APPLICATION } from '../jobs/manage-examples';

/** POST /agents/applications/{application_id}/withdraw (issue 19): the applicant takes an application back. Idempotent. */
export function withdrawApplicationRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'withdrawApplication',
    method: 'POST',
    path: '/agents/applications/{application_id}/withdraw',
    summary: 'Withdraw one of your applications',
    description:
      'Sets the status of one of your applications to withdrawn. Withdrawing a withdrawn application answers it unchanged (200). ' +
      'Checks, in this order: a valid key (401 unauthenticated), an application of yours (404 not_found, also for a malformed id or ' +
      "another user's application), one not yet decided (409 application_final for rejected or hired). No request body. " +
      'A withdrawn application still counts as one: the same job cannot be applied to again.',
    tags: ['Applications'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: Type.Object({
      application_id: Type.String({ description: 'application id (UUID), from GET /agents/applications or the apply answer' }),
    }),
    responses: {
      200: {
        description: 'The application, withdrawn (now or before)',
        schema: MyApplication,
        example: { ...EXAMPLE_MY_APPLICATION, status: 'withdrawn', updated_at: '2026-11-23T11:00:00.000Z' },
      },
    },
    errors: ['unauthenticated', 'not_found', 'application_final', 'unavailable', 'internal'],
    handle: async (ctx, { params, auth }) => {
      ctx.body = await withdrawApplication(deps.db, auth.userId, params.application_id);
    },
  });
}
