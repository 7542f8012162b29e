import { ERROR_STATUS, type ErrorCode } from '../errors';
import type { AnyRoute } from '../http/route';

/**
 * Tags of operations that report on the process itself (health, the document, the docs page):
 * they are not rate limited, so probes and readers of the docs are never throttled, and they
 * touch no dependency unless they say so (readiness lists `unavailable` itself).
 */
export const OPERATIONAL_TAGS: readonly string[] = ['Operations', 'Documentation'];

const CATALOGUE_ORDER = Object.keys(ERROR_STATUS) as ErrorCode[];

/** True for the operations of the API proper (not health or documentation). */
export function isApiOperation(route: AnyRoute): boolean {
  return !route.tags.some((tag) => OPERATIONAL_TAGS.includes(tag));
}

/**
 * Every error code an operation can answer: the ones its route lists, plus the ones the shared
 * machinery answers for it. Unknown query parameters are refused on every operation; a declared
 * body brings 415, 413 and malformed-JSON 400; a key brings 401; every API operation can be rate
 * limited (429) and depends on Postgres or Elasticsearch (503); anything can fail (500).
 * Unknown routes (404) and wrong methods (405) belong to no operation: the document's
 * description and components.responses cover them.
 */
export function operationErrorCodes(route: AnyRoute): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.errors);
  codes.add(route.invalidInputCode ?? 'invalid_request');
  if (route.body) {
    codes.add('unsupported_media_type');
    codes.add('payload_too_large');
  }
  if (route.auth === 'apiKey' || route.authenticate) codes.add('unauthenticated');
  if (isApiOperation(route)) {
    codes.add('rate_limited');
    codes.add('unavailable');
  }
  codes.add('internal');
  return CATALOGUE_ORDER.filter((code) => codes.has(code));
}

/** The codes of an operation grouped by HTTP status, statuses ascending. */
export function errorsByStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b])) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}
