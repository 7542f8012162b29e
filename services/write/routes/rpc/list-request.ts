import type { ErrorDetail } from '../../../../shared/errors';
import { RPC_DEFAULT_LIMIT, RPC_DEFAULT_PAGE } from '../../../../shared/schemas/rpc';
import { normalizeFieldNames, type FieldsSchema } from './field-names';

/** The parts of an RPC List body every call shares (already validated against its schema). */
export interface ListEnvelope {
  pagination?: { pagination?: { page?: number; limit?: number } };
  query?: string;
}

/** A List request with its defaults applied. */
export interface ListRequest {
  page: number;
  limit: number;
  offset: number;
  /** ILIKE pattern for the name filter, or null when there is none. */
  namePattern: string | null;
}

/** `text` as an ILIKE pattern matching names that contain it: %, _ and \ match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Applies the defaults of DESIGN.md 7 (page 1, limit 10) and turns the query into a name pattern. */
export function readListRequest(body: ListEnvelope): ListRequest {
  const page = body.pagination?.pagination?.page ?? RPC_DEFAULT_PAGE;
  const limit = body.pagination?.pagination?.limit ?? RPC_DEFAULT_LIMIT;
  const query = body.query?.trim() ?? '';
  return { page, limit, offset: (page - 1) * limit, namePattern: query === '' ? null : containsPattern(query) };
}

/**
 * The prepareBody of an RPC List route: field names read as protobuf JSON does (normalizeFieldNames),
 * and a name filter holding U+0000 refused, since Postgres text cannot hold it (the query would fail).
 */
export function prepareListBody(schema: FieldsSchema): (body: Record<string, unknown>) => ErrorDetail[] {
  return (body) => {
    const problems = normalizeFieldNames(body, schema);
    if (typeof body.query === 'string' && body.query.includes('\u0000'))
      problems.push({ field: 'query', message: 'must not contain U+0000 (NUL)' });
    return problems;
  };
}
