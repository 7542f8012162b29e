import { ApiError, errors } from '../../../shared/errors';
import { canonicalUuid } from '../../../shared/schemas/common';
import type { SavedSearchCreateRequest, SavedSearchParams } from '../../../shared/schemas/saved-search';
import { readSearchParams } from '../../read';
import type { WriteDeps } from '../deps';
import { deleteSavedSearch, findSavedSearch, saveSearch as storeSearch, type SavedSearchRow } from '../store/saved-searches';

/** Something the embedding model can read: a letter or a digit of any script. */
const READABLE = /[\p{L}\p{N}]/u;

/**
 * Checks a saved search's parameters as GET /agents/jobs/search checks its query (the read
 * service's own rules: q's length, each list value, salary_min with currency), so a search that
 * could not run is refused when it is saved. Problems are named as body fields (`params.q`).
 */
export function checkSearchParams(params: SavedSearchParams): void {
  try {
    readSearchParams({ ...params, limit: 10 });
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'invalid_request') throw err;
    throw errors.invalidBody((err.details ?? [{ field: '', message: err.message }]).map((d) => ({ ...d, field: `params.${d.field}` })));
  }
  // The search answers this 400 only once the model has read the query; a saved search must not wait for that.
  if (params.mode !== undefined && params.mode !== 'keyword' && !READABLE.test(params.q)) {
    throw errors.invalidBody([
      { field: 'params.q', message: `has nothing the embedding model can read (mode ${params.mode} needs letters or digits)` },
    ]);
  }
}

/**
 * Saves a search for the caller: parameters the search would run (400), within the caller's limit
 * (409 limit_reached). The same name and parameters saved before answer that saved search
 * (`created` false) instead of a second one.
 */
export async function saveSearch(
  deps: Pick<WriteDeps, 'db' | 'config'>,
  userId: string,
  body: SavedSearchCreateRequest,
): Promise<{ search: SavedSearchRow; created: boolean }> {
  checkSearchParams(body.params);
  const limit = deps.config.savedSearchLimit;
  const outcome = await storeSearch(deps.db, userId, body.name, body.params, limit);
  if ('limitReached' in outcome) throw errors.limitReached('saved searches', limit, '/agents/saved-searches');
  return 'created' in outcome ? { search: outcome.created, created: true } : { search: outcome.existing, created: false };
}

/** The canonical id of one of the caller's saved searches as given in a path; 404 for a malformed one, as for an unknown one. */
export function savedSearchId(given: string): string {
  const id = canonicalUuid(given);
  if (!id) throw errors.savedSearchNotFound(given);
  return id;
}

/** One of the caller's saved searches; 404 when it is another user's, unknown or malformed. */
export async function getSavedSearch(deps: Pick<WriteDeps, 'db'>, userId: string, given: string): Promise<SavedSearchRow> {
  const found = await findSavedSearch(deps.db, userId, savedSearchId(given));
  if (!found) throw errors.savedSearchNotFound(given);
  return found;
}

/** Deletes one of the caller's saved searches; 404 when it is another user's, unknown, malformed or deleted already. */
export async function removeSavedSearch(deps: Pick<WriteDeps, 'db'>, userId: string, given: string): Promise<void> {
  if (!(await deleteSavedSearch(deps.db, userId, savedSearchId(given)))) throw errors.savedSearchNotFound(given);
}
