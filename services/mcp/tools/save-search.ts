import { Type } from '@sinclair/typebox';
import { SAVED_SEARCH_PARAMS, SavedSearch, SavedSearchCreateRequest, SavedSearchParams } from '../../../shared/schemas/saved-search';
import type { ApiPaths } from '../api-paths';
import type { ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';
import { savedSearchLabel } from './saved-search-input';

type Body = ApiPaths['/agents/saved-searches']['post']['requestBody']['content']['application/json'];

/** The tool takes the search's parameters flat, beside the name, as search_jobs takes them (lists as arrays). */
const SaveSearchInput = Type.Composite([Type.Object({ name: SavedSearchCreateRequest.properties.name }), SavedSearchParams], {
  additionalProperties: false,
});

/** The API's body from the tool's arguments: lists (arrays here) as the one comma-separated value the API reads. */
function bodyOf(args: Record<string, unknown>): Body {
  const params: Record<string, unknown> = {};
  for (const name of SAVED_SEARCH_PARAMS) {
    const value = args[name];
    if (value !== undefined) params[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return { ...(args.name === undefined ? {} : { name: args.name }), params } as Body;
}

/** save_search: POST /agents/saved-searches. */
export const saveSearchTool: ToolDefinition = {
  name: 'save_search',
  title: 'Save a search',
  description:
    'Keeps a search for the user who owns the API key, so that jobs that start matching it later (new postings, and edited ones ' +
    'that now match) can be read with get_new_matches, each once: use it when the user wants to be told about new jobs rather than ' +
    'search again and again. Takes the same q, filters and mode as search_jobs (lists as arrays), and an optional `name`. A search ' +
    'that search_jobs would refuse is refused here (invalid_request). Saving the same name and parameters again answers the saved ' +
    'search already kept. Each user keeps a limited number (error limit_reached: delete one with delete_saved_search first).',
  inputSchema: toolSchema(SaveSearchInput),
  outputSchema: toolSchema(SavedSearch),
  // Saving the same name and parameters twice keeps one saved search.
  annotations: { title: 'Save a search', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  call: async (api, args) =>
    toolResult(
      await api.POST('/agents/saved-searches', { body: bodyOf(args) }),
      (search) => `Saved search ${savedSearchLabel(search)} (id ${search.id}); read its new matches with get_new_matches.`,
    ),
};
