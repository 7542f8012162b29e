import { createHash } from 'node:crypto';
import { errors } from '../../../../shared/errors';

/** One sort value of a hit as Elasticsearch returns it: a score or a date in epoch ms, or an id. */
export type SortValue = number | string;

/**
 * Where a cursor page starts: `offset` results before it, and (when the scope pages by sort
 * values there) after the hit with the sort values `after`.
 */
export interface CursorPosition {
  after?: SortValue[];
  offset: number;
}

/**
 * What a cursor may be used with. The scope names the operation and a fingerprint of the
 * parameters that decide which jobs match and in what order (q and filters; not limit, facets
 * or fields, which may change from page to page), so a cursor sent with other parameters is
 * refused instead of silently paging through another result list.
 */
export interface CursorScope {
  /** The types of the sort values, in the order of the operation's sort. */
  sort: readonly ('number' | 'string')[];
  fingerprint: string;
  /**
   * Below this offset a cursor names only the offset (a ranked search reads those pages by
   * offset, in the very order of its numbered pages); from it on, the sort values. Absent: always
   * the sort values.
   */
  offsetsBelow?: number;
}

/** A short, stable digest of the parameters a cursor belongs to. */
export function fingerprintOf(operation: string, matching: unknown): string {
  return createHash('sha256').update(operation).update('\0').update(JSON.stringify(matching)).digest('base64url').slice(0, 12);
}

interface CursorBody {
  /** Format version: a future format can still read (or clearly refuse) older cursors. */
  v: 1;
  h: string;
  a: SortValue[];
  o: number;
}

/** The opaque next_cursor for the page after the hit with sort values `after`. */
export function encodeCursor(scope: CursorScope, position: CursorPosition): string {
  const body: CursorBody = { v: 1, h: scope.fingerprint, a: position.after ?? [], o: position.offset };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const HINT =
  'Pass pagination.next_cursor of the previous page unchanged, with the same q and filters as that request (limit, facets and fields may change); ' +
  'or start again without cursor.';

function malformed(): never {
  throw errors.invalidRequest('The cursor is not one this API issued.', HINT, [{ field: 'cursor', message: 'is malformed' }]);
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return malformed();
  }
}

/** Reads a cursor the client sent back; a malformed one, or one made for other parameters, is a 400 with a hint. */
export function decodeCursor(raw: string, scope: CursorScope): CursorPosition {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) malformed();
  const body = parse(raw) as Partial<CursorBody> | null;
  if (typeof body !== 'object' || body === null || body.v !== 1 || typeof body.h !== 'string') malformed();
  const { a: after, o: offset } = body;
  if (!Number.isSafeInteger(offset) || offset! < 0 || !Array.isArray(after)) malformed();
  const byOffset = scope.offsetsBelow !== undefined && offset! < scope.offsetsBelow;
  if (after.length !== (byOffset ? 0 : scope.sort.length)) malformed();
  if (!after.every((value, i) => typeof value === scope.sort[i] && (typeof value !== 'number' || Number.isFinite(value)))) malformed();
  if (body.h !== scope.fingerprint) {
    throw errors.invalidRequest('The cursor was made for another query or other filters.', HINT, [
      { field: 'cursor', message: 'belongs to a request with other q or filters' },
    ]);
  }
  return byOffset ? { offset: offset! } : { after, offset: offset! };
}
