import { errors, type ApiError } from '../../../shared/errors';

/** Largest match number Postgres can hold (bigint). */
const MAX_SEQ = 9_223_372_036_854_775_807n;

/** What every refusal of a cursor tells the caller to do. */
const CURSOR_HINT =
  'Pass the next_cursor of an earlier answer for this saved search unchanged, or leave cursor out to read on from your read position.';

/** A cursor this API could not have given for this saved search: 400 with the hint above. */
export function cursorRefused(problem: string): ApiError {
  return errors.invalidRequest(`The cursor is not valid here: ${problem}.`, CURSOR_HINT, [{ field: 'cursor', message: problem }]);
}

/**
 * The cursor of GET .../matches: the saved search it belongs to and the number of the last match
 * read, as base64url JSON. Opaque to callers; the saved search's id in it stops a cursor of one
 * saved search from skipping the matches of another.
 */
export function encodeMatchCursor(savedSearchId: string, seq: bigint): string {
  return Buffer.from(JSON.stringify({ s: savedSearchId, n: seq.toString() }), 'utf8').toString('base64url');
}

/** The match number a cursor of this saved search (its id in lowercase) reads after; a 400 for any other text. */
export function decodeMatchCursor(cursor: string, savedSearchId: string): bigint {
  let decoded: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw cursorRefused('it was not made by this API');
  }
  const { s, n } = (typeof decoded === 'object' && decoded !== null ? decoded : {}) as { s?: unknown; n?: unknown };
  if (typeof s !== 'string' || typeof n !== 'string' || !/^\d{1,19}$/.test(n) || BigInt(n) > MAX_SEQ) {
    throw cursorRefused('it was not made by this API');
  }
  if (s !== savedSearchId) throw cursorRefused('it belongs to another saved search');
  return BigInt(n);
}
