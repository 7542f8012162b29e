import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../../../shared/http/route';
import { SavedSearchIdParam, SavedSearchMatches, SavedSearchMatchesQuery } from '../../../../shared/schemas/saved-search';
import { authenticate } from '../../auth/authenticate';
import { readNewMatches } from '../../commands/read-new-matches';
import type { WriteDeps } from '../../deps';
import { presentMatches } from '../../presenters/saved-searches';
import { EXAMPLE_MATCHES } from './examples';

/** GET /agents/saved-searches/{saved_search_id}/matches (issue 31): the jobs that started matching since the last read. */
export function savedSearchMatchesRoute(deps: WriteDeps) {
  return defineRoute({
    operationId: 'listSavedSearchMatches',
    method: 'GET',
    path: '/agents/saved-searches/{saved_search_id}/matches',
    summary: 'Read the new matches of a saved search',
    description:
      'The jobs that started matching one of your saved searches since your last read, oldest match first, each job as ' +
      'GET /agents/jobs/{job_id} shows it now (one closed or expired since it matched is still listed, with is_active false). ' +
      'A job is a match of a saved search once: it is not listed again when it is edited and still matches. ' +
      "Without `cursor`, the read starts after your read position, the server's record of what you have read; with `cursor` (a " +
      '`next_cursor` you kept), after that cursor. Every answer moves your read position past the matches it holds, in the same ' +
      'transaction, and gives `next_cursor`, which points after them (or where it started, when none was new), and `has_more`, true ' +
      'when more follow at once. So polling without a cursor gives each match once, with no repeats and none missed, across restarts ' +
      'of either side; an answer lost on the way (a crash, a timeout) has moved the read position all the same, so an agent that must ' +
      'not lose one keeps each next_cursor and asks with it: asking again with a cursor re-reads from there, as often as needed. ' +
      'Matches are numbered in the order they are found and a number is never taken back, so reading after a number can skip none. ' +
      'Checks: a valid key (401 unauthenticated), valid parameters (400 invalid_request), a saved search of yours (404 not_found, also ' +
      "for another user's or a malformed id), a cursor this API gave for this saved search (400 invalid_request, with a hint).",
    tags: ['Saved searches'],
    auth: 'apiKey',
    authenticate: (ctx) => authenticate(ctx, deps.db),
    params: SavedSearchIdParam,
    query: SavedSearchMatchesQuery,
    responses: {
      200: {
        description: 'The next matches, oldest first (none when nothing new matched)',
        schema: SavedSearchMatches,
        headers: {
          'Cache-Control': {
            description: 'no-store: each answer moves the read position, so no cache may answer in its place',
            schema: Type.Literal('no-store'),
          },
        },
        example: EXAMPLE_MATCHES,
      },
    },
    errors: ['unauthenticated', 'invalid_request', 'not_found', 'unavailable', 'internal'],
    handle: async (ctx, { params, query, auth }) => {
      const { id, read } = await readNewMatches(deps, auth.userId, params.saved_search_id, query);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentMatches(id, read);
    },
  });
}
