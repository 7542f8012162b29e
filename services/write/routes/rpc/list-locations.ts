import { defineRoute } from '../../../../shared/http/route';
import { ListLocationsRequest, ListLocationsResponse } from '../../../../shared/schemas/location';
import { RPC_MAX_LIMIT } from '../../../../shared/schemas/rpc';
import type { WriteDeps } from '../../deps';
import { prepareListBody, readListRequest } from './list-request';
import { findLocations } from '../../store/locations';
import { presentLocationPage } from '../../presenters/locations';

/** POST /location.v1.LocationService/List (spec 4.6, DESIGN.md 7): the ids jobs are created and filtered with. */
export function listLocationsRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'listLocations',
    method: 'POST',
    path: '/location.v1.LocationService/List',
    summary: 'List locations',
    description:
      'Lists locations ordered by name (case-insensitive), ties broken by id, so paging is stable. ' +
      `No API key is needed. Defaults: page 1, limit 10 (at most ${RPC_MAX_LIMIT}). An optional \`query\` keeps the ` +
      'locations whose name contains it, case-insensitively; an optional `workplace_type` (onsite, hybrid, remote) ' +
      'keeps the locations worked that way. A page past the end answers an empty list with the true pagination. ' +
      'The ids returned are the `location_id` that browse, search and job creation accept. ' +
      'A bad envelope (wrong types, page < 1, limit out of range, unknown fields, malformed JSON) answers 400 ' +
      'invalid_argument; a method other than POST 405; a non-JSON Content-Type 415; Postgres down 503 unavailable.',
    tags: ['Locations'],
    body: ListLocationsRequest,
    bodyOptional: true,
    invalidInputCode: 'invalid_argument',
    prepareBody: prepareListBody(ListLocationsRequest),
    responses: {
      200: {
        description: 'One page of locations',
        schema: ListLocationsResponse,
        example: {
          locations: [
            {
              id: '6b2e3d4c-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
              name: 'Berlin',
              is_remote: false,
              workplace_type: 'onsite',
              address: { line1: 'Friedrichstraße 68', city: 'Berlin', region: 'BE', postal_code: '10117', country_code: 'DE' },
            },
          ],
          pagination: { current_page: 1, total_pages: 1, total_items: 1 },
        },
      },
    },
    errors: ['invalid_argument', 'unavailable', 'internal'],
    handle: async (ctx, { body }) => {
      const request = readListRequest(body);
      const { rows, total } = await findLocations(deps.db, request, body.workplace_type ?? null);
      ctx.body = presentLocationPage(rows, total, request);
    },
  });
}
