import { Type } from '@sinclair/typebox';
import { SavedSearchMatches, SavedSearchMatchesQuery } from '../../../shared/schemas/saved-search';
import type { ToolDefinition } from '../tool';
import { toolResult } from '../tool-result';
import { toolSchema } from '../tool-schema';
import { SavedSearchIdArgument } from './saved-search-input';

/** The saved search's id beside the query of the matches, each optional (limit has its default). */
const GetNewMatchesInput = Type.Composite([SavedSearchIdArgument, Type.Partial(SavedSearchMatchesQuery)], { additionalProperties: false });

/** The short text beside the matches: how many, whether more follow, one line per job. */
function summary(data: SavedSearchMatches): string {
  const more = data.has_more ? 'more follow: call again' : 'no more for now';
  return [
    `${data.matches.length} new matches; ${more} (next_cursor=${data.next_cursor})`,
    ...data.matches.map(
      ({ job }) => `- ${job.title} | ${job.organization} | ${job.location}${job.is_active ? '' : ' (closed)'} (id ${job.id})`,
    ),
  ].join('\n');
}

/** get_new_matches: GET /agents/saved-searches/{saved_search_id}/matches. */
export const getNewMatchesTool: ToolDefinition = {
  name: 'get_new_matches',
  title: 'Get the new matches of a saved search',
  description:
    'The jobs that started matching a saved search (its id from save_search or list_saved_searches) since they were last ' +
    'returned, oldest first, each job once: call it again later for the next ones, with no repeats. Jobs are compact (no ' +
    'description: get_job has the posting in full); one closed since it matched shows is_active false. When has_more is true, ' +
    'call again at once. Each call marks what it returns as read; if an answer was lost, pass the `cursor` (next_cursor) of the ' +
    'answer before it to read those matches again. `limit`: matches per call (default 20, at most 100).',
  inputSchema: toolSchema(GetNewMatchesInput),
  outputSchema: toolSchema(SavedSearchMatches),
  // Not read-only: each call moves the user's read position past what it returns.
  annotations: {
    title: 'Get the new matches of a saved search',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
  call: async (api, args) => {
    const { saved_search_id: id, ...query } = args;
    const answer = await api.GET('/agents/saved-searches/{saved_search_id}/matches', {
      params: { path: { saved_search_id: id as string }, query },
    });
    // Compact, as the other job lists: the descriptions stay out (Job.description is optional, so the shape holds).
    const data = answer.data && {
      ...answer.data,
      matches: answer.data.matches.map(({ job: { description: _, ...job }, ...match }) => ({ ...match, job })),
    };
    return toolResult({ ...answer, data }, summary);
  },
};
