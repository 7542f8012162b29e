import { Type } from '@sinclair/typebox';
import { MyApplication } from '../../../shared/schemas/application';
import { Uuid } from '../../../shared/schemas/common';
import type { ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';

/** withdraw_application: POST /agents/applications/{application_id}/withdraw. */
export const withdrawApplicationTool: ToolDefinition = {
  name: 'withdraw_application',
  title: 'Withdraw an application',
  description:
    "Withdraws one of the key's user's applications (its id from list_my_applications or apply_to_job). The job cannot be applied " +
    'to again afterwards. Withdrawing a withdrawn application changes nothing. Errors: not_found (no such application of yours), ' +
    'application_final (already rejected or hired). Withdraw only when the user asked to.',
  inputSchema: toolSchema(Type.Object({ application_id: Uuid }, { additionalProperties: false })),
  outputSchema: toolSchema(MyApplication),
  annotations: { title: 'Withdraw an application', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  call: async (api, args) =>
    toolResult(
      await api.POST('/agents/applications/{application_id}/withdraw', {
        params: { path: { application_id: args.application_id as string } },
      }),
      (application) => `Withdrew application ${application.id} to ${application.job_title}; it is ${application.status}.`,
    ),
};
