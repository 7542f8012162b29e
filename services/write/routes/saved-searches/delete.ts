import { defineRoute } from '../../../../shared/http/route';
import { SavedSearchIdParam } from '../../../../shared/schemas/saved-search';
import { authenticate } from '../../auth/authenticate';
import { removeSavedSearch } from '../../commands/saved-searches';
import type { WriteDeps } from '../../deps';

/** DELETE /agents/saved-searches/{saved_search_id} (issue 31): the caller stops a saved search. */
export function deleteSavedSearchRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'deleteSavedSearch',
    method: 'DELETE',
    path: '/agents/saved-searches/{saved_search_id}',
    summary: 'Delete one of your saved searches',
    description:
      'Deletes one of your saved searches with its matches, and the webhook subscriptions made for it: no match of it is collected or ' +
      'announced any more, and it no longer counts against your limit. Checks: a valid key (401 unauthenticated), a saved search ' +
      "of yours (404 not_found, also for another user's, a malformed id, or one deleted already). No request body.",
    tags: ['Saved searches'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: SavedSearchIdParam,
    responses: { 204: { description: 'Deleted' } },
    errors: ['unauthenticated', 'not_found', 'unavailable', 'internal'],
    handle: async (ctx, { params, auth }) => {
      await removeSavedSearch(deps, auth.userId, params.saved_search_id);
      ctx.status = 204;
    },
  });
}
