import { errors } from '../../../shared/errors';
import type { WriteDeps } from '../deps';
import { readMatches, type MatchRead } from '../store/saved-search-matches';
import { cursorRefused, decodeMatchCursor } from './match-cursor';
import { savedSearchId } from './saved-searches';

/**
 * Reads the next matches of one of the caller's saved searches: after the cursor when one is
 * given, else after the caller's read position, which the read moves past what it returns. 404
 * for a saved search not theirs (or malformed id), 400 for a cursor this API did not give for it.
 */
export async function readNewMatches(
  deps: Pick<WriteDeps, 'db'>,
  userId: string,
  given: string,
  query: { cursor?: string; limit: number },
): Promise<{ id: string; read: MatchRead }> {
  const id = savedSearchId(given);
  const after = query.cursor === undefined ? undefined : decodeMatchCursor(query.cursor, id);
  const read = await readMatches(deps.db, userId, id, after, query.limit);
  if (!read) throw errors.savedSearchNotFound(given);
  if (read.after > read.matchSeq) throw cursorRefused('it points past the matches of this saved search');
  return { id, read };
}
