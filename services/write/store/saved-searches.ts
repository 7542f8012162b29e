import type { Database } from '../../../shared/db/database';
import { queryableClient } from '../../../shared/db/queryable';
import type { SavedSearchParams } from '../../../shared/schemas/saved-search';
import { pageWithTotal } from './page-query';

/** A saved search as its owner sees it, before presenting (matches_url is added by the presenter). */
export interface SavedSearchRow {
  id: string;
  name: string | null;
  params: SavedSearchParams;
  created_at: string;
  /** Matches after the owner's read position. */
  new_matches: number;
}

const COLUMNS = `s.id, s.name, s.params,
  to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  (SELECT count(*)::int FROM saved_search_matches m WHERE m.saved_search_id = s.id AND m.seq > s.read_seq) AS new_matches`;

/** What saving a search came to: a new one, the same one saved before, or none (the user keeps `limit` already). */
export type SaveOutcome = { created: SavedSearchRow } | { existing: SavedSearchRow } | { limitReached: true };

/**
 * Saves a search for the user unless they keep `limit` already. The user's row is locked first
 * (FOR NO KEY UPDATE: it serializes this user's saves but not the foreign-key checks of their other
 * writes), so concurrent saves are counted one after the other and can never pass the limit. The
 * same name and parameters saved before answer that saved search, so a retried request makes no second one.
 */
export async function saveSearch(
  db: Database,
  userId: string,
  name: string | undefined,
  params: SavedSearchParams,
  limit: number,
): Promise<SaveOutcome> {
  return db.transaction(async (client) => {
    const q = queryableClient(client);
    await q.query(`SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
    const [same] = await q.query<SavedSearchRow>(
      `SELECT ${COLUMNS} FROM saved_searches s
        WHERE s.user_id = $1 AND s.params = $2::jsonb AND s.name IS NOT DISTINCT FROM $3
        ORDER BY s.created_at, s.id LIMIT 1`,
      [userId, JSON.stringify(params), name ?? null],
    );
    if (same) return { existing: same };
    const [{ count }] = await q.query<{ count: number }>(`SELECT count(*)::int AS count FROM saved_searches WHERE user_id = $1`, [userId]);
    if (count >= limit) return { limitReached: true };
    const [created] = await q.query<SavedSearchRow>(
      `INSERT INTO saved_searches AS s (user_id, name, params) VALUES ($1, $2, $3::jsonb) RETURNING ${COLUMNS}`,
      [userId, name ?? null, JSON.stringify(params)],
    );
    return { created };
  });
}

/** A page of the user's saved searches, newest first, and how many they keep. */
export async function listSavedSearches(
  db: Database,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ rows: SavedSearchRow[]; total: number }> {
  return pageWithTotal<SavedSearchRow>(
    db,
    { columns: COLUMNS, from: 'FROM saved_searches s WHERE s.user_id = $1', params: [userId], orderBy: 's.created_at DESC, s.id DESC' },
    limit,
    offset,
  );
}

/** One of the user's saved searches; undefined when it is not theirs or unknown. `id` must be a UUID. */
export async function findSavedSearch(db: Database, userId: string, id: string): Promise<SavedSearchRow | undefined> {
  const [row] = await db.query<SavedSearchRow>(`SELECT ${COLUMNS} FROM saved_searches s WHERE s.id = $1 AND s.user_id = $2`, [id, userId]);
  return row;
}

/**
 * Deletes one of the user's saved searches with its matches and the webhook subscriptions made
 * for it (ON DELETE CASCADE); false when it is not theirs or unknown. `id` must be a UUID.
 */
export async function deleteSavedSearch(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM saved_searches WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
  return rows.length > 0;
}
