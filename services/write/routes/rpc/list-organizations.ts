import { defineRoute } from '../../../../shared/http/route';
import { ListOrganizationsRequest, ListOrganizationsResponse } from '../../../../shared/schemas/organization';
import { RPC_MAX_LIMIT } from '../../../../shared/schemas/rpc';
import type { WriteDeps } from '../../deps';
import { prepareListBody, readListRequest } from './list-request';
import { findOrganizations } from '../../store/organizations';
import { presentOrganizationPage } from '../../presenters/organizations';

/** POST /organization.v1.OrganizationService/List (spec 4.6, DESIGN.md 7): the ids jobs are created and filtered with. */
export function listOrganizationsRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'listOrganizations',
    method: 'POST',
    path: '/organization.v1.OrganizationService/List',
    summary: 'List organizations',
    description:
      'Lists organizations ordered by name (case-insensitive), ties broken by id, so paging is stable. ' +
      `No API key is needed. Defaults: page 1, limit 10 (at most ${RPC_MAX_LIMIT}). An optional \`query\` keeps the ` +
      'organizations whose name contains it, case-insensitively. A page past the end answers an empty list with the ' +
      'true pagination. The ids returned are the `organization_id` that browse, search and job creation accept. ' +
      'A bad envelope (wrong types, page < 1, limit out of range, unknown fields, malformed JSON) answers 400 ' +
      'invalid_argument; a method other than POST 405; a non-JSON Content-Type 415; Postgres down 503 unavailable.',
    tags: ['Organizations'],
    body: ListOrganizationsRequest,
    bodyOptional: true,
    invalidInputCode: 'invalid_argument',
    prepareBody: prepareListBody(ListOrganizationsRequest),
    responses: {
      200: {
        description: 'One page of organizations',
        schema: ListOrganizationsResponse,
        example: {
          organizations: [
            {
              id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
              name: 'Acme',
              website: 'https://acme.example',
              industry: 'Software',
              size: '51-200',
            },
          ],
          pagination: { current_page: 1, total_pages: 1, total_items: 1 },
        },
      },
    },
    errors: ['invalid_argument', 'unavailable', 'internal'],
    handle: async (ctx, { body }) => {
      const request = readListRequest(body);
      const { rows, total } = await findOrganizations(deps.db, request);
      ctx.body = presentOrganizationPage(rows, total, request);
    },
  });
}
