import { defineRoute } from '../../../../shared/http/route';
import { paginate } from '../../../../shared/schemas/common';
import { SavedSearchList, SavedSearchListQuery } from '../../../../shared/schemas/saved-search';
import { authenticate } from '../../auth/authenticate';
import type { WriteDeps } from '../../deps';
import { presentSavedSearch } from '../../presenters/saved-searches';
import { listSavedSearches } from '../../store/saved-searches';
import { EXAMPLE_SAVED_SEARCH } from './examples';

/** GET /agents/saved-searches (issue 31): the caller's saved searches, newest first. */
export function listSavedSearchesRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'listSavedSearches',
    method: 'GET',
    path: '/agents/saved-searches',
    summary: 'List your saved searches',
    description:
      'The saved searches of the user who owns the API key, newest first, each with how many of its matches are not read yet ' +
      '(`new_matches`) and where to read them (`matches_url`). Numbered pages, as your other lists. Checks: a valid key ' +
      '(401 unauthenticated), valid parameters (400 invalid_request).',
    tags: ['Saved searches'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    query: SavedSearchListQuery,
    responses: {
      200: {
        description: 'A page of your saved searches, newest first',
        schema: SavedSearchList,
        example: { saved_searches: [EXAMPLE_SAVED_SEARCH], pagination: { current_page: 1, total_pages: 1, total_items: 1 } },
      },
    },
    errors: ['unauthenticated', 'invalid_request', 'unavailable', 'internal'],
    handle: async (ctx, { query, auth }) => {
      const { page, limit } = query;
      const { rows, total } = await listSavedSearches(deps.db, auth.userId, limit, (page - 1) * limit);
      ctx.body = {
        saved_searches: rows.map((row) => presentSavedSearch(row, deps.config.baseUrl)),
        pagination: paginate(total, page, limit),
      };
    },
  });
}
