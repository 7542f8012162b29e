import type { Database } from '../../shared/db/database';
import { ApiError } from '../../shared/errors';
import type { Logger } from '../../shared/logger';
import { compileSearch, conditionsFromStore, storedConditions, wordsOf, type CompileContext, type CompiledSearch } from './compile';
import type { SearchCandidates } from './candidates';

interface SavedSearchRow {
  id: string;
  user_id: string;
  params: Record<string, unknown>;
  match_query: CompiledSearch['query'] | null;
  anchors: string[][] | null;
  created_at: Date;
}

/** What the matcher keeps of a saved search besides its query: when it was saved (jobs queued before it are not its matches). */
export type KnownSearch = CompiledSearch & { createdAt: Date };

/** A query that matches nothing, for a saved search whose parameters no longer compile. */
const MATCH_NONE = { bool: { must_not: [{ match_all: {} }] } };

/**
 * Brings the matcher's saved searches in step with the table: drops the deleted ones, loads the
 * new ones, and compiles those never compiled (storing the query and anchors, so a restart, or
 * another matcher, reads them instead of compiling again). `beforeAdd` sees each batch of loaded
 * searches first (the matcher counts their condition terms there, to file each under its rarest).
 */
export async function syncSavedSearches(
  db: Database,
  searches: SearchCandidates,
  context: CompileContext,
  logger: Logger,
  beforeAdd: (loaded: readonly KnownSearch[]) => Promise<void> = () => Promise.resolve(),
): Promise<{ added: number; removed: number; compiled: number }> {
  const ids = new Set((await db.query<{ id: string }>('SELECT id FROM saved_searches')).map((r) => r.id));
  let removed = 0;
  for (const id of [...searches.ids()]) {
    if (ids.has(id)) continue;
    searches.remove(id);
    removed++;
  }
  const added = [...ids].filter((id) => !searches.has(id));
  let compiled = 0;
  for (let start = 0; start < added.length; start += 5000) {
    const rows = await db.query<SavedSearchRow>(
      'SELECT id, user_id, params, match_query, anchors, created_at FROM saved_searches WHERE id = ANY($1::uuid[])',
      [added.slice(start, start + 5000)],
    );
    const fresh: { id: string; query: unknown; anchors: string[][] }[] = [];
    const loaded: KnownSearch[] = [];
    for (const row of rows) {
      let { match_query: query, anchors } = row;
      if (query === null) {
        const compiled = await compileRow(row, context, logger);
        ({ query, anchors } = compiled);
        fresh.push({ id: row.id, query, anchors: compiled.anchors });
      }
      loaded.push({
        id: row.id,
        userId: row.user_id,
        query,
        conditions: conditionsFromStore(anchors),
        words: wordsOf(query),
        createdAt: row.created_at,
      });
    }
    await beforeAdd(loaded);
    for (const search of loaded) searches.add(search);
    if (fresh.length > 0) {
      await db.query(
        'UPDATE saved_searches s SET match_query = c.q, anchors = c.a FROM unnest($1::uuid[], $2::jsonb[], $3::jsonb[]) AS c(id, q, a) WHERE s.id = c.id',
        [fresh.map((f) => f.id), fresh.map((f) => JSON.stringify(f.query)), fresh.map((f) => JSON.stringify(f.anchors))],
      );
      compiled += fresh.length;
    }
  }
  return { added: added.length, removed, compiled };
}

async function compileRow(row: SavedSearchRow, context: CompileContext, logger: Logger) {
  try {
    const { query, conditions } = await compileSearch(row.params, context);
    return { query, anchors: storedConditions(conditions) };
  } catch (err) {
    // Elasticsearch down: the pass fails and is tried again. Parameters validated when saved can
    // only be refused here after a change of the search rules: such a search matches nothing, and the log says so.
    if (!(err instanceof ApiError) || err.status >= 500) throw err;
    logger.warn({ err, savedSearchId: row.id }, 'a saved search no longer compiles; it matches nothing');
    return { query: MATCH_NONE, anchors: [[]] as string[][] };
  }
}
