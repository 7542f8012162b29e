import { ListLocationsRequest, ListLocationsResponse } from '../../../shared/schemas/location';
import { RpcPage } from '../../../shared/schemas/rpc';
import { READ_ONLY, type ToolDefinition } from '../tool';
import { pageLine, toolResult } from '../tool-result';
import { pickProperties, toolSchema } from '../tool-schema';
import { rpcListBody } from './rpc-list-body';

/** list_locations: POST /location.v1.LocationService/List, its page flattened for the model. */
export const listLocationsTool: ToolDefinition = {
  name: 'list_locations',
  title: 'List locations',
  description:
    'Locations (cities, offices, remote) by name, with their ids, address and workplace_type: pass `query` (part of a name, any ' +
    "case) and optionally `workplace_type` (onsite, hybrid, remote). Use the ids in search_jobs' location_ids, browse_jobs' " +
    'location_id, or create_job. Paged by `page` and `limit` (default 10, at most 100).',
  inputSchema: pickProperties(ListLocationsRequest, ['query', 'workplace_type'], RpcPage.properties),
  outputSchema: toolSchema(ListLocationsResponse),
  annotations: { ...READ_ONLY, title: 'List locations' },
  call: async (api, args) =>
    toolResult(await api.POST('/location.v1.LocationService/List', { body: rpcListBody(args) }), (data) =>
      [
        pageLine(data.locations.length, 'locations', data.pagination),
        ...data.locations.map((l) => `- ${l.name}, ${l.workplace_type} (id ${l.id})`),
      ].join('\n'),
    ),
};
