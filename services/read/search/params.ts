import { errors, type ErrorDetail } from '../../../shared/errors';
import { canonicalUuid, JOB_TYPES } from '../../../shared/schemas/common';
import {
  MAX_FILTER_VALUE_LENGTH,
  MAX_LIST_VALUES,
  MAX_QUERY_LENGTH,
  MAX_RESULT_WINDOW,
  type BrowseQuery,
  type FacetName,
  type SearchQuery,
} from '../../../shared/schemas/job-search';
import { splitList, stripHash } from './list-param';

/** A page of results: `page` from 1, `limit` per page. */
export interface Paging {
  page: number;
  limit: number;
}

/** The filter parameters of browse (spec 4.1). */
export type BrowseFilterName = 'organization_id' | 'location_id' | 'job_type' | 'experience' | 'hashtags' | 'project_id';
/** Browse filters given, each a list of accepted values (one for the single-valued parameters). */
export type BrowseFilters = Partial<Record<BrowseFilterName, string[]>>;
/** A browse request, validated and normalized. */
export interface BrowseParams {
  filters: BrowseFilters;
  paging: Paging;
}

/** Search filters by facet name; an empty list means "no filter". */
export type SearchFilters = Record<FacetName, string[]>;
/** A search request, validated and normalized (q trimmed). */
export interface SearchParams {
  q: string;
  filters: SearchFilters;
  paging: Paging;
}

/** Either the normalized value or what is wrong with it. */
type Checked = { value: string } | { problem: string };
type Check = (value: string) => Checked;

const tooLong = (v: string): Checked | undefined =>
  v.length > MAX_FILTER_VALUE_LENGTH ? { problem: `values must be at most ${MAX_FILTER_VALUE_LENGTH} characters` } : undefined;

/** Ids are compared in canonical lowercase form. */
const anId: Check = (v) => {
  const id = canonicalUuid(v);
  return id ? { value: id } : { problem: `"${v}" is not a UUID` };
};
const aJobType: Check = (v) =>
  (JOB_TYPES as readonly string[]).includes(v) ? { value: v } : { problem: `"${v}" is not a job type; use one of: ${JOB_TYPES.join(', ')}` };
/** Lowercased so facet values and the `include` lists of aggregations match the index's lowercase terms. */
const aWord: Check = (v) => tooLong(v) ?? { value: v.toLowerCase() };
const aHashtag: Check = (v) => tooLong(v) ?? { value: stripHash(v).toLowerCase() };

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

/** Splits one comma-separated parameter, checks each value and bounds the count. */
function readList(problems: Problems, name: string, raw: string | undefined, check: Check): string[] {
  const values: string[] = [];
  for (const item of splitList(raw)) {
    const checked = check(item);
    if ('problem' in checked) problems.add(name, checked.problem);
    else if (checked.value !== '' && !values.includes(checked.value)) values.push(checked.value);
  }
  if (values.length > MAX_LIST_VALUES) problems.add(name, `must have at most ${MAX_LIST_VALUES} values (got ${values.length})`);
  return values;
}

/** One value of a single-valued parameter, as a list of zero (blank) or one value. */
function readOne(problems: Problems, name: string, raw: string | undefined, check: Check): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const checked = check(raw.trim());
  if ('problem' in checked) {
    problems.add(name, checked.problem);
    return undefined;
  }
  return checked.value === '' ? undefined : [checked.value];
}

/** Refuses pages beyond the reachable window with a hint to narrow the query instead. */
function readPaging({ page, limit }: { page: number; limit: number }): Paging {
  if (page * limit > MAX_RESULT_WINDOW) {
    throw errors.invalidRequest(
      `page * limit must be at most ${MAX_RESULT_WINDOW} (got ${page} * ${limit} = ${page * limit}).`,
      `Only the first ${MAX_RESULT_WINDOW} results can be paged through; narrow the query with filters (or more specific search words) instead of paging this deep.`,
      [{ field: 'page', message: `page * limit must be at most ${MAX_RESULT_WINDOW}` }],
    );
  }
  return { page, limit };
}

/** Validates and normalizes the browse parameters (after their schema has checked the types). */
export function readBrowseParams(query: BrowseQuery): BrowseParams {
  const problems = new Problems();
  const entries: [BrowseFilterName, string[] | undefined][] = [
    ['organization_id', readOne(problems, 'organization_id', query.organization_id, anId)],
    ['location_id', readOne(problems, 'location_id', query.location_id, anId)],
    ['job_type', readOne(problems, 'job_type', query.job_type, aJobType)],
    ['experience', readOne(problems, 'experience', query.experience, aWord)],
    ['hashtags', readList(problems, 'hashtags', query.hashtags, aHashtag)],
    ['project_id', readOne(problems, 'project_id', query.project_id, anId)],
  ];
  problems.throwIfAny();
  const filters: BrowseFilters = {};
  for (const [name, values] of entries) if (values && values.length > 0) filters[name] = values;
  return { filters, paging: readPaging(query) };
}

/** Validates and normalizes the search parameters (after their schema has checked the types). */
export function readSearchParams(query: SearchQuery): SearchParams {
  const problems = new Problems();
  const q = query.q.trim();
  if (q === '') problems.add('q', 'must not be blank');
  else if (q.length > MAX_QUERY_LENGTH) problems.add('q', `must be at most ${MAX_QUERY_LENGTH} characters (got ${q.length})`);
  const filters: SearchFilters = {
    job_types: readList(problems, 'job_types', query.job_types, aJobType),
    location_ids: readList(problems, 'location_ids', query.location_ids, anId),
    organization_ids: readList(problems, 'organization_ids', query.organization_ids, anId),
    experiences: readList(problems, 'experiences', query.experiences, aWord),
    skills: readList(problems, 'skills', query.skills, aWord),
  };
  problems.throwIfAny();
  return { q, filters, paging: readPaging(query) };
}
