import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../../../shared/http/route';
import { prepareSavedSearchCreate, SavedSearch, SavedSearchCreateRequest } from '../../../../shared/schemas/saved-search';
import { authenticate } from '../../auth/authenticate';
import { saveSearch } from '../../commands/saved-searches';
import type { WriteDeps } from '../../deps';
import { presentSavedSearch } from '../../presenters/saved-searches';
import { EXAMPLE_SAVED_SEARCH } from './examples';

/** POST /agents/saved-searches (issue 31): keeps a search whose new matches the caller can then read. */
export function createSavedSearchRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'createSavedSearch',
    method: 'POST',
    path: '/agents/saved-searches',
    summary: 'Save a search',
    description:
      'Keeps a search (q, its filters and mode, as GET /agents/jobs/search takes them) for the user who owns the API key. From then on, ' +
      'the jobs that start matching it (new jobs, and edited jobs that now match) are collected as its matches, each once, and ' +
      'GET /agents/saved-searches/{saved_search_id}/matches reads those not read yet; webhooks can announce them (job.matched). ' +
      'Checks, in this order: a valid key (401 unauthenticated), a JSON body (415 unsupported_media_type) of at most 256 KiB ' +
      "(413 payload_too_large) that matches the schema and whose parameters the search accepts, by the search's own rules " +
      '(400 invalid_request, each problem in `details`, e.g. `params.q`), then the number you keep: at most ' +
      `${deps.config.savedSearchLimit} per user (409 limit_reached; delete one first). ` +
      'Saving the same name and parameters again answers the saved search you already have (200), so a retried request never makes a second one.',
    tags: ['Saved searches'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    body: SavedSearchCreateRequest,
    prepareBody: prepareSavedSearchCreate,
    responses: {
      201: {
        description: 'The search was saved',
        schema: SavedSearch,
        headers: { Location: { description: 'URL of the saved search', schema: Type.String({ format: 'uri' }) } },
        example: { ...EXAMPLE_SAVED_SEARCH, new_matches: 0 },
      },
      200: {
        description: 'You had saved the same name and parameters already: that saved search',
        schema: SavedSearch,
        headers: { Location: { description: 'URL of the saved search', schema: Type.String({ format: 'uri' }) } },
        example: EXAMPLE_SAVED_SEARCH,
      },
    },
    errors: [
      'unauthenticated',
      'unsupported_media_type',
      'payload_too_large',
      'invalid_request',
      'limit_reached',
      'unavailable',
      'internal',
    ],
    handle: async (ctx, { body, auth }) => {
      const { search, created } = await saveSearch(deps, auth.userId, body);
      ctx.status = created ? 201 : 200;
      ctx.set('Location', `${deps.config.baseUrl}/agents/saved-searches/${search.id}`);
      ctx.body = presentSavedSearch(search, deps.config.baseUrl);
    },
  });
}
