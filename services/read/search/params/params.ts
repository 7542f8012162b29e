import type { ErrorObject } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { errors, type ErrorDetail } from '../../../../shared/errors';
import { JOB_FIELDS, type JobField } from '../../../../shared/schemas/job';
import {
  ALL_FACETS,
  BrowseQuery,
  FACET_NAMES,
  MAX_QUERY_LENGTH,
  MAX_RESULT_WINDOW,
  SearchQuery,
  type FacetName,
  type SearchMode,
  type SortName,
} from '../../../../shared/schemas/job-search';
import type { SimilarJobsQuery } from '../../../../shared/schemas/similar-jobs';
import { decodeCursor, fingerprintOf, type CursorScope, type SortValue } from './cursor';
import { splitList, stripHash, valueProblem, valueSchemaOf } from './list-param';

/**
 * A page of results: `limit` per page, `offset` results before it. A numbered page starts at
 * (page - 1) * limit; a cursor page starts after the sort values `after` (search_after).
 */
export interface Paging {
  limit: number;
  offset: number;
  after?: SortValue[];
  /** What a next_cursor of this request belongs to. */
  scope: CursorScope;
}

/** What a page shows besides its jobs: the facets asked for (none when empty), the Job fields (all when undefined), the snippet length (none when undefined). */
export interface Presentation {
  facets: FacetName[];
  fields?: JobField[];
  snippet?: number;
}

/** The filter parameters of browse (spec 4.1, and workplace_types of issue 19). */
export type BrowseFilterName =
  'organization_id' | 'location_id' | 'job_type' | 'experience' | 'hashtags' | 'project_id' | 'workplace_types';

/**
 * Conditions of issue 19 that narrow the hits and every facet alike (none has a facet of its
 * own): remote work, pay in one currency, and, for a mirror's sync, changes since a time.
 */
export interface Constraints {
  remote?: boolean;
  currency?: string;
  /** Annual pay at least this, in `currency`. */
  salaryMin?: number;
  /** Changed at or after this time (epoch ms); inactive jobs included. */
  updatedSince?: number;
}

/** The orders a page can come in: those of SORTS, and oldest change first (updated_since). */
export type SortOrder = SortName | 'updated';
/** Browse filters given, each a list of accepted values (one for the single-valued parameters). */
export type BrowseFilters = Partial<Record<BrowseFilterName, string[]>>;
/** A browse request, validated and normalized. */
export interface BrowseParams extends Presentation {
  filters: BrowseFilters;
  constraints: Constraints;
  sort: Exclude<SortOrder, 'relevance'>;
  paging: Paging;
}

/**
 * Search filters by facet name; an empty list means "no filter". workplace_types (issue 19) may
 * be absent, as in filters built before it existed.
 */
export type SearchFilters = Record<Exclude<FacetName, 'workplace_types'>, string[]> & { workplace_types?: string[] };
/** A search request, validated and normalized (q trimmed). */
export interface SearchParams extends Presentation {
  q: string;
  filters: SearchFilters;
  constraints: Constraints;
  sort: Exclude<SortOrder, 'updated'>;
  paging: Paging;
  /** How the jobs are found (issue 30); absent: keyword, as before modes existed. */
  mode?: SearchMode;
  /** Jobs left out (ids in lowercase); absent or empty: none. */
  excludeIds?: string[];
}

/** A similar-jobs request, validated and normalized: the search filters, the jobs left out, how many and how shown. */
export interface SimilarParams extends Omit<Presentation, 'facets'> {
  filters: SearchFilters;
  constraints: Constraints;
  excludeIds: string[];
  limit: number;
}

/** Either the normalized value or what is wrong with it. */
type Checked = { value: string } | { problem: string };
/** Checks one value of a parameter; `maxValues`: how many a list of them may have. */
type Check = ((value: string) => Checked) & { maxValues: number };

/** How a parameter's values are read; the parameter's schema decides which values are valid. */
interface ValueRule {
  /** The form the schema checks (default: the value as given). */
  checked?: (value: string) => string;
  /** The form kept of a valid value (default: the form checked). */
  kept?: (checked: string) => string;
  /** What a value outside the schema's enum is told (default: the schema's words). */
  notAllowed?: (value: string, allowed: readonly string[]) => string;
}

/** A refused value in the words of the 400: the value as given, and what its schema says. */
function describeProblem(value: string, problem: ErrorObject, rule: ValueRule): string {
  const params = problem.params as { allowedValues?: string[]; format?: string; limit?: number };
  if (problem.keyword === 'enum' && rule.notAllowed) return rule.notAllowed(value, params.allowedValues ?? []);
  if (problem.keyword === 'enum') return `"${value}" must be one of: ${(params.allowedValues ?? []).join(', ')}`;
  if (problem.keyword === 'format' && params.format === 'uuid') return `"${value}" is not a UUID`;
  if (problem.keyword === 'maxLength') return `values must be at most ${params.limit} characters`;
  return `"${value}" ${problem.message ?? 'is invalid'}`;
}

/**
 * The check of one parameter's values, from its schema in SearchQuery or BrowseQuery: the schema
 * of one value (a comma list's COMMA_LIST items, else the parameter's own) and the most values.
 * The schema checks the value; `rule` says which form of it, what is kept, and in what words a
 * refusal is told (those words are pinned by the tests, and clients read them).
 */
function valueCheck(parameter: TSchema, rule: ValueRule = {}): Check {
  const { item, maxItems } = valueSchemaOf(parameter);
  const check = (value: string): Checked => {
    const checked = rule.checked?.(value) ?? value;
    const problem = valueProblem(item, checked);
    return problem ? { problem: describeProblem(value, problem, rule) } : { value: rule.kept?.(checked) ?? checked };
  };
  return Object.assign(check, { maxValues: maxItems });
}

const lower = (v: string) => v.toLowerCase();
const facetChoices = `${ALL_FACETS}, or any of: ${FACET_NAMES.join(', ')}`;
const notOneOf = (noun: string) => (value: string, allowed: readonly string[]) =>
  `"${value}" is not ${noun}; use one of: ${allowed.join(', ')}`;
const search = SearchQuery.properties;
const browse = BrowseQuery.properties;

/** Each parameter's values: ids in canonical lowercase form; words lowercased, so facet values and the `include` lists of aggregations match the index's lowercase terms. */
const CHECKS = {
  organization_id: valueCheck(browse.organization_id, { kept: lower }),
  location_id: valueCheck(browse.location_id, { kept: lower }),
  project_id: valueCheck(browse.project_id, { kept: lower }),
  job_type: valueCheck(browse.job_type, { notAllowed: notOneOf('a job type') }),
  experience: valueCheck(browse.experience, { kept: lower }),
  hashtags: valueCheck(browse.hashtags, { kept: (v) => stripHash(v).toLowerCase() }),
  job_types: valueCheck(search.job_types, { notAllowed: notOneOf('a job type') }),
  location_ids: valueCheck(search.location_ids, { kept: lower }),
  organization_ids: valueCheck(search.organization_ids, { kept: lower }),
  experiences: valueCheck(search.experiences, { kept: lower }),
  skills: valueCheck(search.skills, { kept: lower }),
  exclude_ids: valueCheck(search.exclude_ids, { kept: lower }),
  workplace_types: valueCheck(search.workplace_types, { checked: lower, notAllowed: notOneOf('a workplace type') }),
  facets: valueCheck(search.facets, { notAllowed: (name) => `"${name}" is not a facet; use ${facetChoices}` }),
  fields: valueCheck(search.fields, { notAllowed: (name, known) => `"${name}" is not a Job field; known fields: ${known.join(', ')}` }),
} satisfies Partial<Record<keyof SearchQuery | keyof BrowseQuery, Check>>;

/** Collects every problem of a request, so one 400 names them all. */
class Problems {
  readonly details: ErrorDetail[] = [];
  add(field: string, message: string): void {
    this.details.push({ field, message });
  }
  throwIfAny(): void {
    if (this.details.length > 0) throw errors.invalidQuery(this.details);
  }
}

type ListName =
  'hashtags' | 'job_types' | 'location_ids' | 'organization_ids' | 'experiences' | 'skills' | 'workplace_types' | 'exclude_ids';
type SingleName = 'organization_id' | 'location_id' | 'project_id' | 'job_type' | 'experience';

/** Splits one comma-separated parameter, checks each value and bounds the count (its schema's maxItems). */
function readList(problems: Problems, name: ListName, raw: string | undefined): string[] {
  const check = CHECKS[name];
  const values: string[] = [];
  for (const item of splitList(raw)) {
    const checked = check(item);
    if ('problem' in checked) problems.add(name, checked.problem);
    else if (checked.value !== '' && !values.includes(checked.value)) values.push(checked.value);
  }
  if (values.length > check.maxValues) problems.add(name, `must have at most ${check.maxValues} values (got ${values.length})`);
  return values;
}

/** One value of a single-valued parameter, as a list of zero (blank) or one value. */
function readOne(problems: Problems, name: SingleName, raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const checked = CHECKS[name](raw.trim());
  if ('problem' in checked) {
    problems.add(name, checked.problem);
    return undefined;
  }
  return checked.value === '' ? undefined : [checked.value];
}

/** The types of the sort values of each order (browse-request SORT_ORDERS, search-request BEST_MATCH_FIRST). */
const SORT_TYPES: Record<SortOrder, readonly ('number' | 'string')[]> = {
  relevance: ['number', 'number', 'string'],
  newest: ['number', 'string'],
  salary: ['number', 'number', 'string'],
  updated: ['number', 'string'],
};

/** The paging parameters as they arrive, after their schema. */
type PagingQuery = Pick<BrowseQuery, 'page' | 'limit' | 'cursor'>;

/**
 * A numbered page (refused beyond the reachable window, with a hint to use the cursor) or a
 * cursor page, never both. `matching` is what decides the result list (q and filters): a cursor
 * made for other values is refused. `byOffset`: every page is read by its offset, whatever the
 * order (hybrid and semantic searches, whose ranked list is short).
 */
function readPaging(query: PagingQuery, operation: 'browse' | 'search', matching: unknown, sort: SortOrder, byOffset = false): Paging {
  const { page, limit, cursor } = query;
  const scope: CursorScope = {
    sort: SORT_TYPES[sort],
    // The order is part of what a cursor belongs to; the default orders keep their fingerprints, so cursors issued before sort existed still work.
    fingerprint: fingerprintOf(operation, sort === (operation === 'search' ? 'relevance' : 'newest') ? matching : { matching, sort }),
    // A ranked search pages by offset while it can (search-request: a sort would stop score skipping).
    ...(sort === 'relevance' || byOffset ? { offsetsBelow: MAX_RESULT_WINDOW } : {}),
  };
  if (cursor !== undefined) {
    if (page !== undefined) {
      throw errors.invalidRequest(
        'cursor and page cannot be combined.',
        'Send cursor alone to get the page after the one it came with, or page alone for a numbered page.',
        [{ field: 'page', message: 'must be absent when cursor is given' }],
      );
    }
    return { limit, ...decodeCursor(cursor, scope), scope };
  }
  const pageNumber = page ?? 1;
  if (pageNumber * limit > MAX_RESULT_WINDOW) {
    throw errors.invalidRequest(
      `page * limit must be at most ${MAX_RESULT_WINDOW} (got ${pageNumber} * ${limit} = ${pageNumber * limit}).`,
      `Numbered pages reach the first ${MAX_RESULT_WINDOW} results; to go further, follow pagination.next_cursor from page to page (pass it as cursor), or narrow the query with filters.`,
      [{ field: 'page', message: `page * limit must be at most ${MAX_RESULT_WINDOW}` }],
    );
  }
  return { limit, offset: (pageNumber - 1) * limit, scope };
}

/** Each problem the check of `name` finds with these values. */
function checkEach(problems: Problems, name: 'facets' | 'fields', values: readonly string[]): void {
  for (const value of values) {
    const checked = CHECKS[name](value);
    if ('problem' in checked) problems.add(name, checked.problem);
  }
}

/** The facets to count: none when absent, every one for "all", else the names listed. */
function readFacetNames(problems: Problems, raw: string | undefined): FacetName[] {
  const names = splitList(raw, lower);
  if (names.includes(ALL_FACETS)) return [...FACET_NAMES];
  if (raw !== undefined && names.length === 0) problems.add('facets', `must name at least one facet (${facetChoices})`);
  checkEach(problems, 'facets', names);
  return FACET_NAMES.filter((name) => names.includes(name));
}

/** The Job fields to return (undefined: all); `id` is always among them. */
function readFields(problems: Problems, raw: string | undefined): JobField[] | undefined {
  if (raw === undefined) return undefined;
  const names = splitList(raw);
  if (names.length === 0) problems.add('fields', `must name at least one Job field (known: ${JOB_FIELDS.join(', ')})`);
  checkEach(problems, 'fields', names);
  return JOB_FIELDS.filter((field) => field === 'id' || names.includes(field));
}

/** A list's values in a fixed order, so "a,b" and "b,a" give the same cursor fingerprint. */
const sortedLists = <T extends Partial<Record<string, string[]>>>(filters: T) =>
  Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v && v.length > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => [k, [...v!].sort()]),
  );

/** The snippet length asked for, as a property only when asked for. */
const snippetOf = (query: { snippet?: number }): Pick<Presentation, 'snippet'> =>
  query.snippet === undefined ? {} : { snippet: query.snippet };

type WorkAndPayQuery = Pick<SearchQuery, 'remote' | 'salary_min' | 'currency' | 'sort'>;

/** Remote work and pay: salary_min and sort=salary need one currency, since amounts are never converted. */
function readWorkAndPay(problems: Problems, query: WorkAndPayQuery): Constraints {
  const constraints: Constraints = {};
  if (query.remote !== undefined) constraints.remote = query.remote === 'true';
  if (query.currency !== undefined) constraints.currency = query.currency.toUpperCase();
  if (query.salary_min !== undefined) constraints.salaryMin = query.salary_min;
  const needsCurrency = query.salary_min !== undefined ? 'salary_min' : query.sort === 'salary' ? 'sort' : undefined;
  if (needsCurrency && !constraints.currency) {
    problems.add(
      needsCurrency,
      `${needsCurrency === 'sort' ? 'sort=salary' : 'salary_min'} needs currency (e.g. currency=GBP): pay is compared in one currency, never converted`,
    );
  }
  return constraints;
}

/**
 * What decides the result list, for a cursor's fingerprint: the filters, and the constraints in a
 * fixed form when any are given (without any, fingerprints stay those of cursors issued before constraints existed).
 */
function matchingOf(filters: Record<string, unknown>, c: Constraints): Record<string, unknown> {
  if (Object.keys(c).length === 0) return filters;
  return {
    ...filters,
    constraints: Object.fromEntries(
      Object.entries(c)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  };
}

/** Validates and normalizes the browse parameters (after their schema has checked the types). */
export function readBrowseParams(query: BrowseQuery): BrowseParams {
  const problems = new Problems();
  const entries: [BrowseFilterName, string[] | undefined][] = [
    ['organization_id', readOne(problems, 'organization_id', query.organization_id)],
    ['location_id', readOne(problems, 'location_id', query.location_id)],
    ['job_type', readOne(problems, 'job_type', query.job_type)],
    ['experience', readOne(problems, 'experience', query.experience)],
    ['hashtags', readList(problems, 'hashtags', query.hashtags)],
    ['project_id', readOne(problems, 'project_id', query.project_id)],
    ['workplace_types', readList(problems, 'workplace_types', query.workplace_types)],
  ];
  const facets = readFacetNames(problems, query.facets);
  const fields = readFields(problems, query.fields);
  const constraints = readWorkAndPay(problems, query);
  const sort = readBrowseSort(problems, query, constraints);
  problems.throwIfAny();
  const filters: BrowseFilters = {};
  for (const [name, values] of entries) if (values && values.length > 0) filters[name] = values;
  return {
    filters,
    constraints,
    sort,
    facets,
    fields,
    ...snippetOf(query),
    paging: readPaging(query, 'browse', matchingOf(sortedLists(filters), constraints), sort),
  };
}

/** Browse's order: updated_since asks for oldest change first, and takes no other order. */
function readBrowseSort(problems: Problems, query: BrowseQuery, constraints: Constraints): BrowseParams['sort'] {
  if (query.updated_since === undefined) return query.sort ?? 'newest';
  const since = Date.parse(query.updated_since);
  if (Number.isNaN(since)) problems.add('updated_since', 'must be an RFC 3339 date-time, e.g. 2026-11-23T09:00:00Z');
  else constraints.updatedSince = since;
  if (query.sort !== undefined) problems.add('sort', 'must be absent with updated_since, which lists changes oldest first (by updated_at)');
  return 'updated';
}

/** The list filters a search and similar jobs share, each validated; workplace types only when given. */
function readFilters(problems: Problems, query: SearchQuery | SimilarJobsQuery): SearchFilters {
  const filters: SearchFilters = {
    job_types: readList(problems, 'job_types', query.job_types),
    location_ids: readList(problems, 'location_ids', query.location_ids),
    organization_ids: readList(problems, 'organization_ids', query.organization_ids),
    experiences: readList(problems, 'experiences', query.experiences),
    skills: readList(problems, 'skills', query.skills),
  };
  const workplaceTypes = readList(problems, 'workplace_types', query.workplace_types);
  if (workplaceTypes.length > 0) filters.workplace_types = workplaceTypes;
  return filters;
}

/** Validates and normalizes the search parameters (after their schema has checked the types). */
export function readSearchParams(query: SearchQuery): SearchParams {
  const problems = new Problems();
  const q = query.q.trim();
  if (q === '') problems.add('q', 'must not be blank');
  else if (q.length > MAX_QUERY_LENGTH) problems.add('q', `must be at most ${MAX_QUERY_LENGTH} characters (got ${q.length})`);
  const filters = readFilters(problems, query);
  const excludeIds = readList(problems, 'exclude_ids', query.exclude_ids);
  const facets = readFacetNames(problems, query.facets);
  const fields = readFields(problems, query.fields);
  const constraints = readWorkAndPay(problems, query);
  problems.throwIfAny();
  const sort = query.sort ?? 'relevance';
  const mode = query.mode ?? 'keyword';
  // A keyword search without exclusions keeps the fingerprint of cursors issued before modes existed.
  const matching = { q, ...(mode === 'keyword' ? {} : { mode }), ...sortedLists({ ...filters, exclude_ids: excludeIds }) };
  return {
    q,
    filters,
    constraints,
    sort,
    facets,
    fields,
    ...snippetOf(query),
    mode,
    excludeIds,
    paging: readPaging(query, 'search', matchingOf(matching, constraints), sort, mode !== 'keyword'),
  };
}

/** Validates and normalizes the similar-jobs parameters (after their schema has checked the types). */
export function readSimilarParams(query: SimilarJobsQuery): SimilarParams {
  const problems = new Problems();
  const filters = readFilters(problems, query);
  const excludeIds = readList(problems, 'exclude_ids', query.exclude_ids);
  const fields = readFields(problems, query.fields);
  const constraints = readWorkAndPay(problems, query);
  problems.throwIfAny();
  return { filters, constraints, excludeIds, limit: query.limit, fields, ...snippetOf(query) };
}
