import { Type, type Static } from '@sinclair/typebox';
import { JOB_TYPES, JobType, Pagination } from './common';
import { Job } from './job';

/** Most values one comma-separated parameter may carry (DESIGN.md 4). */
export const MAX_LIST_VALUES = 20;
/** Longest single value of a list or text filter, in characters. */
export const MAX_FILTER_VALUE_LENGTH = 200;
/** Longest search query, in characters after trimming. */
export const MAX_QUERY_LENGTH = 200;
/** Deepest reachable result: page * limit may not exceed it (the index's max_result_window). */
export const MAX_RESULT_WINDOW = 10_000;
/** Most values listed per facet, before the selected values are added. */
export const FACET_SIZE = 20;

const list = (what: string) =>
  Type.String({
    description: `comma-separated ${what}; values are trimmed, empty ones dropped, at most ${MAX_LIST_VALUES}; a job matches when it has any of them`,
  });

const paging = {
  page: Type.Integer({ minimum: 1, default: 1, description: 'page number, from 1' }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10, description: `results per page; page * limit may not exceed ${MAX_RESULT_WINDOW}` }),
};

/** Query parameters of GET /agents/jobs (spec 4.1). Filters combine with AND. */
export const BrowseQuery = Type.Object(
  {
    organization_id: Type.Optional(Type.String({ format: 'uuid', description: 'only jobs of this organization' })),
    location_id: Type.Optional(Type.String({ format: 'uuid', description: 'only jobs at this location' })),
    job_type: Type.Optional(JobType),
    experience: Type.Optional(Type.String({ maxLength: MAX_FILTER_VALUE_LENGTH, description: 'experience level, matched case-insensitively; blank means no filter' })),
    hashtags: Type.Optional(
      Type.String({ description: `comma-separated tags, matched case-insensitively with any leading "#" ignored; a job matches when it has any of them (at most ${MAX_LIST_VALUES})` }),
    ),
    project_id: Type.Optional(Type.String({ format: 'uuid', description: 'only jobs of this project' })),
    ...paging,
  },
  { additionalProperties: false },
);
export type BrowseQuery = Static<typeof BrowseQuery>;

/** Query parameters of GET /agents/jobs/search (spec 4.2). OR within a parameter, AND across. */
export const SearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, description: `search words; trimmed, then 1 to ${MAX_QUERY_LENGTH} characters` }),
    job_types: Type.Optional(list(`job types of spec 2.5 (${JOB_TYPES.join(', ')})`)),
    location_ids: Type.Optional(list('location ids (UUIDs)')),
    experiences: Type.Optional(list('experience levels, matched case-insensitively')),
    skills: Type.Optional(list('skills, matched case-insensitively')),
    organization_ids: Type.Optional(list('organization ids (UUIDs)')),
    ...paging,
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

/** One value of a facet with the number of results it would give. */
export const FacetValue = Type.Object(
  {
    value: Type.String({ description: 'the value to pass in the matching filter parameter' }),
    label: Type.Optional(Type.String({ description: 'display name, for location and organization ids' })),
    count: Type.Integer({ minimum: 0 }),
  },
  { $id: 'FacetValue', additionalProperties: false },
);
export type FacetValue = Static<typeof FacetValue>;

const facetList = (what: string) =>
  Type.Array(FacetValue, {
    description: `${what}: the top ${FACET_SIZE} values by count (ties by value), plus every value the request selected, even at count 0. Counts apply every filter except this facet's own.`,
  });

/**
 * Disjunctive facets of a search or browse (DESIGN.md 4), keyed by the search filter parameter
 * they feed (browse's job_type, location_id, organization_id and experience take the same values).
 */
export const SearchFacets = Type.Object(
  {
    job_types: facetList('employment types'),
    location_ids: facetList('locations, with their names as labels'),
    organization_ids: facetList('organizations, with their names as labels'),
    experiences: facetList('experience levels, in lowercase (filters match case-insensitively)'),
    skills: facetList('skills, in lowercase (filters match case-insensitively)'),
  },
  { $id: 'SearchFacets', additionalProperties: false },
);
export type SearchFacets = Static<typeof SearchFacets>;

/** The facet names, which are also the names of the search filter parameters. */
export type FacetName = keyof SearchFacets;
export const FACET_NAMES: readonly FacetName[] = ['job_types', 'location_ids', 'organization_ids', 'experiences', 'skills'];

/**
 * Response of GET /agents/jobs (newest first) and GET /agents/jobs/search (best match first): a
 * page of active jobs, spec 4.1's `jobs` and `pagination`, with facets (DESIGN.md 4).
 */
export const JobSearchResult = Type.Object(
  { jobs: Type.Array(Job), pagination: Pagination, facets: SearchFacets },
  { $id: 'JobSearchResult', additionalProperties: false },
);
export type JobSearchResult = Static<typeof JobSearchResult>;
