import { Type } from '@sinclair/typebox';
import { Uuid } from '../../../shared/schemas/common';
import type { ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';
import { SavedSearchIdArgument } from './saved-search-input';

/** What delete_saved_search answers: the API's 204 has no body. */
const Deleted = Type.Object({ saved_search_id: Uuid, deleted: Type.Literal(true) }, { additionalProperties: false });

/** delete_saved_search: DELETE /agents/saved-searches/{saved_search_id}. */
export const deleteSavedSearchTool: ToolDefinition = {
  name: 'delete_saved_search',
  title: 'Delete a saved search',
  description:
    "Deletes one of the key user's saved searches (its id from list_saved_searches) with its unread matches and the webhook " +
    'subscriptions made for it; it no longer counts against the limit of saved searches. An unknown id, one of another user or one ' +
    'deleted already is an error not_found. Delete only when the user asked to.',
  inputSchema: toolSchema(SavedSearchIdArgument),
  outputSchema: toolSchema(Deleted),
  annotations: { title: 'Delete a saved search', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  call: async (api, args) => {
    const id = args.saved_search_id as string;
    const answer = await api.DELETE('/agents/saved-searches/{saved_search_id}', { params: { path: { saved_search_id: id } } });
    const data = answer.response.ok ? { saved_search_id: id, deleted: true as const } : undefined;
    return toolResult({ ...answer, data }, () => `Deleted saved search ${id}.`);
  },
};
