import { presentJob } from '../../../shared/jobs/job-document';
import type { SavedSearch, SavedSearchMatches } from '../../../shared/schemas/saved-search';
import { encodeMatchCursor } from '../commands/match-cursor';
import type { MatchRead } from '../store/saved-search-matches';
import type { SavedSearchRow } from '../store/saved-searches';
import { calendarNow } from '../../../shared/runtime/calendar';

/** Where a saved search's matches are read. */
export const matchesUrl = (baseUrl: string, id: string) => `${baseUrl}/agents/saved-searches/${id}/matches`;

/** A saved search as the API answers it: the name only when one was given, and where its matches are. */
export function presentSavedSearch(row: SavedSearchRow, baseUrl: string): SavedSearch {
  return {
    id: row.id,
    ...(row.name === null ? {} : { name: row.name }),
    params: row.params,
    created_at: row.created_at,
    new_matches: row.new_matches,
    matches_url: matchesUrl(baseUrl, row.id),
  };
}

/** A read of matches: each job as GET /agents/jobs/{job_id} shows it, and the cursor of where the read ended. */
export function presentMatches(id: string, read: MatchRead, now = calendarNow()): SavedSearchMatches {
  return {
    matches: read.matches.map((match) => ({ matched_at: match.matched_at, job: presentJob(match.doc, now) })),
    next_cursor: encodeMatchCursor(id, read.last),
    has_more: read.hasMore,
  };
}
