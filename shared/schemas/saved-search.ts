import { Type, type Static } from '@sinclair/typebox';
import type { ErrorDetail } from '../errors';
import { OwnListPaging } from './recruiter-jobs';
import { Pagination, Uuid } from './common';
import { Job } from './job';
import { SearchQuery } from './job-search';

/** Longest name of a saved search, in characters after trimming (the table's check says the same). */
export const MAX_SAVED_SEARCH_NAME = 200;

/**
 * The parameters of GET /agents/jobs/search that say which jobs match (issue 31): q, the filters,
 * the work-and-pay constraints and the mode, picked from SearchQuery so each keeps its one
 * definition. Paging, sort, fields, facets, snippet and exclude_ids say how a page is shown, not
 * what matches, so a saved search has none of them.
 */
export const SAVED_SEARCH_PARAMS = [
  'q',
  'job_types',
  'location_ids',
  'organization_ids',
  'experiences',
  'skills',
  'workplace_types',
  'remote',
  'salary_min',
  'currency',
  'mode',
] as const;

/** A saved search's parameters, as the query string of GET /agents/jobs/search carries them. */
export const SavedSearchParams = Type.Pick(SearchQuery, SAVED_SEARCH_PARAMS, {
  $id: 'SavedSearchParams',
  additionalProperties: false,
  description:
    'The search, as GET /agents/jobs/search takes it: q and any of its filters and mode, with the same values and rules. ' +
    'Values are written as in the query string: a list filter is one comma-separated string ("full_time,contract"), ' +
    'remote is "true" or "false". The parameters are checked as the search checks them, so a search that could not run is refused here (400). ' +
    'Paging, sort, fields, facets, snippet and exclude_ids are not part of a saved search.',
  examples: [{ q: 'data engineer', location_ids: '6b2e3d4c-5f6a-4b7c-9d8e-0f1a2b3c4d5e', job_types: 'full_time,contract' }],
});
export type SavedSearchParams = Static<typeof SavedSearchParams>;

/** Body of POST /agents/saved-searches. */
export const SavedSearchCreateRequest = Type.Object(
  {
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_SAVED_SEARCH_NAME,
        description: `your name for it, 1 to ${MAX_SAVED_SEARCH_NAME} characters after trimming; blank or null counts as none`,
        examples: ['Data engineering in Berlin'],
      }),
    ),
    params: SavedSearchParams,
  },
  {
    additionalProperties: false,
    examples: [{ name: 'Data engineering in Berlin', params: { q: 'data engineer', job_types: 'full_time,contract' } }],
  },
);
export type SavedSearchCreateRequest = Static<typeof SavedSearchCreateRequest>;

/** What a string Postgres cannot store (jsonb and text refuse U+0000) is told. */
const NUL_PROBLEM = 'must not contain the NUL character (U+0000), which cannot be stored';

/**
 * Trims the name and the parameters' strings in place, and drops a blank or null name and null
 * parameters (they count as absent). Run before the schema check; returns what the schema cannot
 * say: a NUL character, valid JSON that Postgres refuses.
 */
export function prepareSavedSearchCreate(body: Record<string, unknown>): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (typeof body.name === 'string') body.name = body.name.trim();
  if (body.name === '' || body.name === null) delete body.name;
  if (typeof body.name === 'string' && body.name.includes('\u0000')) problems.push({ field: 'name', message: NUL_PROBLEM });
  const params = body.params;
  if (typeof params === 'object' && params !== null && !Array.isArray(params)) {
    const record = params as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (value === null) delete record[key];
      if (typeof value !== 'string') continue;
      record[key] = value.trim();
      if (value.includes('\u0000')) problems.push({ field: `params.${key}`, message: NUL_PROBLEM });
    }
  }
  return problems;
}

/** A saved search as the API answers it. */
export const SavedSearch = Type.Object(
  {
    id: Uuid,
    name: Type.Optional(Type.String({ description: 'the name given; absent when none was' })),
    params: SavedSearchParams,
    created_at: Type.String({ format: 'date-time' }),
    new_matches: Type.Integer({
      minimum: 0,
      description: 'matches not read yet: those after your read position, which GET matches_url without a cursor starts from',
    }),
    matches_url: Type.String({ format: 'uri', description: 'where its new matches are read: GET /agents/saved-searches/{id}/matches' }),
  },
  { $id: 'SavedSearch', additionalProperties: false },
);
export type SavedSearch = Static<typeof SavedSearch>;

/** Path parameter of the operations on one saved search. */
export const SavedSearchIdParam = Type.Object({
  saved_search_id: Type.String({ description: 'saved search id (UUID); a malformed id answers 404 not_found' }),
});

/** Deepest page of GET /agents/saved-searches: past SAVED_SEARCH_LIMIT's bound every page is empty, and the offset stays a number Postgres takes. */
const MAX_SAVED_SEARCH_PAGE = 100_000;

/** Query of GET /agents/saved-searches: numbered pages, newest first, as the caller's other lists. */
export const SavedSearchListQuery = Type.Object(
  { ...OwnListPaging, page: Type.Integer({ ...OwnListPaging.page, maximum: MAX_SAVED_SEARCH_PAGE }) },
  { additionalProperties: false },
);
export type SavedSearchListQuery = Static<typeof SavedSearchListQuery>;

/** Response of GET /agents/saved-searches. */
export const SavedSearchList = Type.Object(
  { saved_searches: Type.Array(SavedSearch), pagination: Pagination },
  { $id: 'SavedSearchList', additionalProperties: false },
);
export type SavedSearchList = Static<typeof SavedSearchList>;

/** Most matches one page of GET .../matches holds. */
export const MAX_MATCHES_PAGE = 100;

/** Query of GET /agents/saved-searches/{saved_search_id}/matches. */
export const SavedSearchMatchesQuery = Type.Object(
  {
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'the `next_cursor` of an earlier answer for this saved search, unchanged: the matches after the last one that answer held ' +
          '(again, if you read them before). Absent: the matches after your read position (every answer moves it past what it held).',
      }),
    ),
    limit: Type.Integer({ minimum: 1, maximum: MAX_MATCHES_PAGE, default: 20, description: 'matches per answer' }),
  },
  { additionalProperties: false },
);
export type SavedSearchMatchesQuery = Static<typeof SavedSearchMatchesQuery>;

/** One job that started matching a saved search. */
export const SavedSearchMatch = Type.Object(
  {
    matched_at: Type.String({ format: 'date-time', description: 'when the job was found to match' }),
    job: Job,
  },
  {
    $id: 'SavedSearchMatch',
    additionalProperties: false,
    description:
      'A job that started matching the saved search, as it is now (as GET /agents/jobs/{job_id} shows it): a job closed or expired since ' +
      'it matched is still listed, with is_active false.',
  },
);
export type SavedSearchMatch = Static<typeof SavedSearchMatch>;

/** Response of GET /agents/saved-searches/{saved_search_id}/matches. */
export const SavedSearchMatches = Type.Object(
  {
    matches: Type.Array(SavedSearchMatch, { description: 'oldest match first, each match once' }),
    next_cursor: Type.String({
      description:
        'where this answer ended: pass it as `cursor` to read on from here (the next matches, or the same ones again after a crash). ' +
        'Always present; when no match was new it points where the request started.',
    }),
    has_more: Type.Boolean({ description: 'true when more matches follow at once: ask again with next_cursor' }),
  },
  { $id: 'SavedSearchMatches', additionalProperties: false },
);
export type SavedSearchMatches = Static<typeof SavedSearchMatches>;
