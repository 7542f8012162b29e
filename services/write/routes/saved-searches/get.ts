import { defineRoute } from '../../../../shared/http/route';
import { SavedSearch, SavedSearchIdParam } from '../../../../shared/schemas/saved-search';
import { authenticate } from '../../auth/authenticate';
import { getSavedSearch } from '../../commands/saved-searches';
import type { WriteDeps } from '../../deps';
import { presentSavedSearch } from '../../presenters/saved-searches';
import { EXAMPLE_SAVED_SEARCH } from './examples';

/** GET /agents/saved-searches/{saved_search_id} (issue 31): one of the caller's saved searches. */
export function getSavedSearchRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'getSavedSearch',
    method: 'GET',
    path: '/agents/saved-searches/{saved_search_id}',
    summary: 'Get one of your saved searches',
    description:
      'One of your saved searches, with how many of its matches are not read yet. Checks: a valid key (401 unauthenticated), ' +
      "a saved search of yours (404 not_found, also for another user's or a malformed id).",
    tags: ['Saved searches'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: SavedSearchIdParam,
    responses: { 200: { description: 'The saved search', schema: SavedSearch, example: EXAMPLE_SAVED_SEARCH } },
    errors: ['unauthenticated', 'not_found', 'unavailable', 'internal'],
    handle: async (ctx, { params, auth }) => {
      ctx.body = presentSavedSearch(await getSavedSearch(deps, auth.userId, params.saved_search_id), deps.config.baseUrl);
    },
  });
}
