import { ListOrganizationsRequest, ListOrganizationsResponse } from '../../../shared/schemas/organization';
import { RpcPage } from '../../../shared/schemas/rpc';
import { READ_ONLY, type ToolDefinition } from '../tool';
import { pageLine, toolResult } from '../tool-result';
import { pickProperties, toolSchema } from '../tool-schema';
import { rpcListBody } from './rpc-list-body';

/** list_organizations: POST /organization.v1.OrganizationService/List, its page flattened for the model. */
export const listOrganizationsTool: ToolDefinition = {
  name: 'list_organizations',
  title: 'List organizations',
  description:
    'Organizations (employers) by name, with their ids: pass `query` (part of a name, any case) to find one. Use the ids in ' +
    "search_jobs' organization_ids, browse_jobs' organization_id, or create_job. Paged by `page` and `limit` (default 10, at most 100); " +
    'pagination.total_pages says how many pages there are.',
  inputSchema: pickProperties(ListOrganizationsRequest, ['query'], RpcPage.properties),
  outputSchema: toolSchema(ListOrganizationsResponse),
  annotations: { ...READ_ONLY, title: 'List organizations' },
  call: async (api, args) =>
    toolResult(await api.POST('/organization.v1.OrganizationService/List', { body: rpcListBody(args) }), (data) =>
      [
        pageLine(data.organizations.length, 'organizations', data.pagination),
        ...data.organizations.map((o) => `- ${o.name} (id ${o.id})`),
      ].join('\n'),
    ),
};
