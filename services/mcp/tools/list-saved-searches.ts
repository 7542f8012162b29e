import { Type } from '@sinclair/typebox';
import { SavedSearchList, SavedSearchListQuery } from '../../../shared/schemas/saved-search';
import { READ_ONLY, type ToolDefinition } from '../tool';
import { pageLine, toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';
import { savedSearchLabel } from './saved-search-input';

/** list_saved_searches: GET /agents/saved-searches. */
export const listSavedSearchesTool: ToolDefinition = {
  name: 'list_saved_searches',
  title: 'List my saved searches',
  description:
    'The saved searches of the user who owns the API key, newest first, each with its parameters, `new_matches` (how many ' +
    'matches get_new_matches has not returned yet) and its id, which get_new_matches and delete_saved_search take. Paged by ' +
    '`page` and `limit` (default 20).',
  // page and limit have defaults: optional to the model.
  inputSchema: toolSchema(Type.Partial(SavedSearchListQuery)),
  outputSchema: toolSchema(SavedSearchList),
  annotations: { ...READ_ONLY, title: 'List my saved searches' },
  call: async (api, args) =>
    toolResult(await api.GET('/agents/saved-searches', { params: { query: args } }), (data) =>
      [
        pageLine(data.saved_searches.length, 'saved searches', data.pagination),
        ...data.saved_searches.map((s) => `- ${savedSearchLabel(s)}: ${s.new_matches} new matches (id ${s.id})`),
      ].join('\n'),
    ),
};
