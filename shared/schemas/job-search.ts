import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { JOB_TYPES, JobType, Pagination, Uuid } from './common';
import { Job, JOB_FIELDS } from './job';

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

/**
 * Jobs a hybrid or semantic search ranks at most: its pages, numbered or by cursor, reach this
 * deep, and `exclude_ids` goes on past it. Meaning has no edge (every job is some distance from a
 * query), so these modes rank the nearest jobs rather than count every match.
 */
export const RANKED_DEPTH = 100;
/** Shortest and longest description snippet, in characters. */
export const SNIPPET_LENGTH = { min: 40, max: 500 } as const;

/**
 * The keyword that marks a string parameter as a comma-separated list, with the schema of one
 * value. The query string carries "a,b"; the read service splits it and checks each value against
 * that schema and the count against maxItems (services/read/search/params/list-param); the
 * OpenAPI document and the MCP tools show it as an array of such values (style form, explode
 * false), so generated clients type each value and send the comma list.
 */
export const COMMA_LIST = 'x-comma-list';

/** What COMMA_LIST holds: the schema of one value, how many values may be given, and an example list. */
export interface CommaListSpec {
  items: Record<string, unknown>;
  maxItems: number;
  example?: string[];
}

/** A comma-separated list parameter: a string on the wire, an array of `item` in the document. */
export function commaList(item: TSchema, description: string, options: { maxItems?: number; example?: string[] } = {}) {
  const spec: CommaListSpec = {
    items: JSON.parse(JSON.stringify(item)) as Record<string, unknown>,
    maxItems: options.maxItems ?? MAX_LIST_VALUES,
    ...(options.example ? { example: options.example } : {}),
  };
  return Type.String({ description, ...(options.example ? { examples: [options.example.join(',')] } : {}), [COMMA_LIST]: spec });
}

const list = (what: string, item: TSchema) =>
  commaList(item, `${what}; values are trimmed, empty ones dropped, at most ${MAX_LIST_VALUES}; a job matches when it has any of them`);

const filterWord = Type.String({ minLength: 1, maxLength: MAX_FILTER_VALUE_LENGTH });

/** What `facets=all` asks for: every facet. */
export const ALL_FACETS = 'all';

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
    job_types: Type.Optional(facetList('employment types')),
    location_ids: Type.Optional(facetList('locations, with their names as labels')),
    organization_ids: Type.Optional(facetList('organizations, with their names as labels')),
    experiences: Type.Optional(facetList('experience levels, in lowercase (filters match case-insensitively)')),
    skills: Type.Optional(facetList('skills, in lowercase (filters match case-insensitively)')),
    workplace_types: Type.Optional(facetList('workplace types of the locations (onsite, hybrid, remote)')),
  },
  { $id: 'SearchFacets', additionalProperties: false },
);
export type SearchFacets = Static<typeof SearchFacets>;

/** The facet names, which are also the names of the search filter parameters. */
export type FacetName = keyof SearchFacets;
/**
 * The facets, in the order a response lists them: the keys of SearchFacets, their one
 * definition (the `facets` parameter's values and description come from these).
 */
export const FACET_NAMES = Object.keys(SearchFacets.properties) as readonly FacetName[];

/**
 * Paging, opt-in facets and field selection: the parameters browse and search share (DESIGN.md 4).
 * `page` has no schema default, so a request that sends it with `cursor` can be told apart.
 */
const pageShape = {
  page: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: `page number, from 1 (absent: 1); page * limit may not exceed ${MAX_RESULT_WINDOW}: past that, follow \`next_cursor\` instead. Not with \`cursor\`.`,
      examples: [2],
    }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'results per page' }),
  cursor: Type.Optional(
    Type.String({
      maxLength: 1000,
      description:
        'the `pagination.next_cursor` of the previous page, unchanged, with the same q and filters: the next page, at the cost of a first page ' +
        `however deep it lies (cursors reach every result, past 10 000; in hybrid and semantic search, up to the ${RANKED_DEPTH}th). Not with \`page\`.`,
      examples: ['eyJ2IjoxLCJrIjoiYiIsImgiOiJkOGY0YjEiLCJhIjpbMTc2ODQ2OTQwMDAwMCwiM2YwZSJdLCJvIjoxMH0'],
    }),
  ),
  facets: Type.Optional(
    commaList(
      Type.String({ enum: [ALL_FACETS, ...FACET_NAMES] }),
      `facets to count: \`${ALL_FACETS}\`, or a comma-separated list of ${FACET_NAMES.join(', ')}. ` +
        'Absent: no facets are counted and the response has no `facets` key (counting costs more than the page itself).',
      { maxItems: FACET_NAMES.length + 1, example: ['job_types', 'location_ids'] },
    ),
  ),
  fields: Type.Optional(
    commaList(
      Type.String({ enum: [...JOB_FIELDS] }),
      `comma-separated Job fields to return (\`id\` is always included); absent: every field. Known fields: ${JOB_FIELDS.join(', ')}.`,
      { maxItems: JOB_FIELDS.length, example: ['title', 'organization', 'location', 'type', 'salary'] },
    ),
  ),
  snippet: Type.Optional(
    Type.Integer({
      minimum: SNIPPET_LENGTH.min,
      maximum: SNIPPET_LENGTH.max,
      description:
        `adds \`snippet\` to each job: at most this many characters of its description, cut at word boundaries: around the words ` +
        'that matched (search), else from its start. With `fields` that leave out `description`, a page stays small and still says ' +
        'what each job is; GET /agents/jobs/{job_id} has the whole description.',
      examples: [160],
    }),
  ),
};

/** How a search finds its jobs (issue 30): by the words, by meaning, or both fused. */
export const SEARCH_MODES = ['keyword', 'hybrid', 'semantic'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];
/** Most job ids one `exclude_ids` may list. */
export const MAX_EXCLUDED_IDS = 100;

/** `exclude_ids` of search and similar jobs: jobs already seen, left out ("show more" without repeats). */
export const ExcludeIds = commaList(
  Uuid,
  `comma-separated job ids (UUIDs) to leave out of the results, at most ${MAX_EXCLUDED_IDS}: the jobs an agent has already seen, ` +
    'so that asking again shows more without repeats (in hybrid and semantic modes, the way past their ' +
    `${RANKED_DEPTH} ranked jobs). Unknown ids are ignored.`,
  { maxItems: MAX_EXCLUDED_IDS },
);

/** `mode` of search: what each mode finds, and what totals, facets, sorts and pages mean in it. */
const searchMode = Type.Unsafe<SearchMode>(
  Type.String({
    enum: [...SEARCH_MODES],
    description:
      'keyword (default): jobs that have the words, ranked as described above; a query that describes the work instead of naming it ' +
      '(five words or more, none naming a role or a place) is ranked as hybrid mode ranks it, and the response says so (`described`). ' +
      'semantic: the active jobs whose meaning is nearest the query, by the sentence-embedding model bge-small-en-v1.5 run in this ' +
      'service: "looking after elderly people in their own homes" finds domiciliary carers, with no word in common; a job indexed ' +
      'moments ago may not have its vector yet and is then found by keyword and hybrid only. ' +
      'hybrid: the keyword and the semantic results fused, so that a job found by either ranks, and one found by both ranks first. ' +
      `In hybrid and semantic modes the filters apply before the ranking, at most the ${RANKED_DEPTH} best jobs are ranked, ` +
      '`pagination.total_items` is how many were ranked (total_relation "eq"), facets count those ranked jobs (each facet under every ' +
      `filter, its own included), and pages and cursors end at the ${RANKED_DEPTH}th: pass the ids seen in \`exclude_ids\` for more. ` +
      'A query the model cannot read (no letters or digits) is 400 in these modes. Hybrid costs a few milliseconds more than keyword ' +
      '(the model reads the query once; repeated queries are cached).',
  }),
);

/** The workplace types of locations (DESIGN.md 7). */
export const WORKPLACE_TYPES = ['onsite', 'hybrid', 'remote'] as const;
/** Orders of browse and search (issue 19). */
export const SORTS = ['relevance', 'newest', 'salary'] as const;
export type SortName = (typeof SORTS)[number];

/** Filters and sorting of issue 19 that browse and search share: remote work and pay. */
const workAndPayShape = {
  remote: Type.Optional(
    Type.Unsafe<'true' | 'false'>(
      Type.String({
        enum: ['true', 'false'],
        description: 'true: only jobs worked remotely; false: only jobs worked on site or hybrid (the location decides)',
      }),
    ),
  ),
  workplace_types: Type.Optional(
    commaList(
      Type.String({ enum: [...WORKPLACE_TYPES] }),
      `comma-separated workplace types of the job's location (${WORKPLACE_TYPES.join(', ')}); a job matches when it has any of them`,
      {
        maxItems: WORKPLACE_TYPES.length,
        example: ['remote', 'hybrid'],
      },
    ),
  ),
  salary_min: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 100_000_000,
      description:
        'only jobs that pay at least this much a year (their upper bound, annualised: 2 080 hours, 260 days, 52 weeks or 12 months a year), ' +
        'in `currency`, which it requires: amounts are never converted between currencies. Jobs whose salary states no amount are left out.',
      examples: [60000],
    }),
  ),
  currency: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{3}$',
      description: 'ISO 4217 code (e.g. GBP, EUR): only jobs whose structured salary is in this currency',
      examples: ['GBP'],
    }),
  ),
};

/** Query parameters of GET /agents/jobs (spec 4.1). Filters combine with AND. */
export const BrowseQuery = Type.Object(
  {
    organization_id: Type.Optional(Type.String({ format: 'uuid', description: 'only jobs of this organization' })),
    location_id: Type.Optional(Type.String({ format: 'uuid', description: 'only jobs at this location' })),
    job_type: Type.Optional(JobType),
    experience: Type.Optional(
      Type.String({
        maxLength: MAX_FILTER_VALUE_LENGTH,
        description: 'experience level, matched case-insensitively; blank means no filter',
      }),
    ),
    hashtags: Type.Optional(
      commaList(
        filterWord,
        `comma-separated tags, matched case-insensitively with any leading "#" ignored; a job matches when it has any of them (at most ${MAX_LIST_VALUES})`,
      ),
    ),
    project_id: Type.Optional(Type.String({ format: 'uuid', description: 'only jobs of this project' })),
    ...workAndPayShape,
    sort: Type.Optional(
      Type.Unsafe<'newest' | 'salary'>(
        Type.String({
          enum: ['newest', 'salary'],
          description:
            'newest (default): newest first; salary: best paid first (annual upper bound), which needs `currency`. Not with updated_since.',
        }),
      ),
    ),
    updated_since: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'RFC 3339 time: every job changed at or after it (created, edited, closed or expired), inactive ones included (is_active false), oldest change first ' +
          '(by updated_at, then id), for keeping a copy of the board in step: follow next_cursor to the last page, then ask again from the latest updated_at seen.',
        examples: ['2026-11-23T09:00:00Z'],
      }),
    ),
    ...pageShape,
  },
  { additionalProperties: false },
);
export type BrowseQuery = Static<typeof BrowseQuery>;

/** Query parameters of GET /agents/jobs/search (spec 4.2). OR within a parameter, AND across. */
export const SearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, description: `search words; trimmed, then 1 to ${MAX_QUERY_LENGTH} characters` }),
    job_types: Type.Optional(list(`comma-separated job types of spec 2.5 (${JOB_TYPES.join(', ')})`, JobType)),
    location_ids: Type.Optional(list('comma-separated location ids (UUIDs, from POST /location.v1.LocationService/List)', Uuid)),
    experiences: Type.Optional(list('comma-separated experience levels, matched case-insensitively', filterWord)),
    skills: Type.Optional(list('comma-separated skills, matched case-insensitively', filterWord)),
    organization_ids: Type.Optional(
      list('comma-separated organization ids (UUIDs, from POST /organization.v1.OrganizationService/List)', Uuid),
    ),
    ...workAndPayShape,
    sort: Type.Optional(
      Type.Unsafe<SortName>(
        Type.String({
          enum: [...SORTS],
          description:
            'relevance (default): best match first (keyword: by the words; semantic: nearest in meaning; hybrid: by the fused rank); ' +
            'newest: newest first; salary: best paid first (annual upper bound), which needs `currency`. ' +
            `In keyword mode newest and salary order every match; in hybrid and semantic modes they order the same ${RANKED_DEPTH} jobs that ` +
            'relevance would rank.',
        }),
      ),
    ),
    mode: Type.Optional(searchMode),
    exclude_ids: Type.Optional(ExcludeIds),
    ...pageShape,
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

/**
 * Pagination of browse and search: spec 2.4's object, a total capped at MAX_RESULT_WINDOW with
 * its relation, and the cursor of the next page (DESIGN.md 4).
 */
export const JobPagination = Type.Object(
  {
    ...Pagination.properties,
    total_items: Type.Integer({
      minimum: 0,
      maximum: MAX_RESULT_WINDOW,
      description: `matching jobs, counted exactly up to ${MAX_RESULT_WINDOW}; in hybrid and semantic search, the jobs ranked (at most ${RANKED_DEPTH})`,
    }),
    total_relation: Type.Union([Type.Literal('eq'), Type.Literal('gte')], {
      description: `"eq": total_items is exact; "gte": at least that many (more than ${MAX_RESULT_WINDOW} match; page with next_cursor to reach them all)`,
    }),
    next_cursor: Type.Optional(
      Type.String({ description: 'present when a next page exists: pass it as `cursor` (with the same q and filters) to get that page' }),
    ),
  },
  { $id: 'JobPagination', additionalProperties: false },
);
export type JobPagination = Static<typeof JobPagination>;

/** A Job in a page of results: every field of Job, or those `fields` chose (always with `id`). */
export const JobInPage = Type.Composite(
  [
    Type.Pick(Job, ['id']),
    Type.Partial(Type.Omit(Job, ['id'])),
    Type.Object({
      snippet: Type.Optional(
        Type.String({
          description:
            'with `snippet=N`: at most N characters of the description, around the words that matched (search) or from its start; absent when the job has no description',
        }),
      ),
    }),
  ],
  {
    $id: 'JobInPage',
    additionalProperties: false,
    description: 'A Job: every field (as in Job) unless `fields` chose some; `id` is always present; `snippet` when asked for.',
  },
);
export type JobInPage = Static<typeof JobInPage>;

/**
 * Response of GET /agents/jobs (newest first) and GET /agents/jobs/search (best match first): a
 * page of active jobs, spec 4.1's `jobs` and `pagination`, and facets when asked (DESIGN.md 4).
 */
/** Where the jobs of a search are, when its query names a place (services/read/search/run/search-jobs). */
export const SearchPlace = Type.Object(
  {
    words: Type.Array(Type.String(), { description: 'The words of the query read as a place ("leeds", "los angeles")' }),
    in_place_total: Type.Integer({
      minimum: 0,
      description: 'How many active jobs located there match the rest of the query (the filters applied)',
    }),
    includes_elsewhere: Type.Boolean({
      description:
        'true when too few jobs there match (fewer than 10): the results then hold every job located there first, then jobs elsewhere. ' +
        'false when every result is located there',
    }),
  },
  {
    $id: 'SearchPlace',
    additionalProperties: false,
    description: 'Present when the query names a place: the results are the jobs located there, or those first and then jobs elsewhere',
  },
);
export type SearchPlace = Static<typeof SearchPlace>;

/** How a search read words of its query that the index does not know (services/read/search/relevance/spelling). */
export const SearchSpelling = Type.Object(
  {
    searched: Type.String({
      description: 'The query as it was searched, each corrected word in place of the word typed ("radiographer leeds")',
    }),
    corrections: Type.Array(
      Type.Object(
        {
          typed: Type.String({ description: 'A word of the query that no job title, skill, employer or place has ("radiografer")' }),
          read_as: Type.String({
            description: 'The word one or two letters away that many jobs have, searched in its place ("radiographer")',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    $id: 'SearchSpelling',
    additionalProperties: false,
    description:
      'Present when the query has words the index does not know and that are one or two letters from a word many jobs have: the search was run as if that word had been typed',
  },
);
export type SearchSpelling = Static<typeof SearchSpelling>;

/** How a keyword search filled its page when its words found few jobs (services/read/search/run/meaning-fill). */
export const SearchMeaningFill = Type.Object(
  {
    word_matches: Type.Integer({
      minimum: 0,
      description: 'How many jobs the words of the query found (fewer than 10): they come first, in keyword order',
    }),
  },
  {
    $id: 'SearchMeaningFill',
    additionalProperties: false,
    description:
      'Present when the words of a keyword query found fewer than 10 jobs ("sdet", "hrbp"): those come first, then the jobs nearest in meaning ' +
      `to the query (as \`spelling\` read it). At most ${RANKED_DEPTH} jobs are ranked: \`total_items\`, facets and pages count those, as in hybrid mode. ` +
      'A list of skills or topics of three terms or more ("sage 50 vat returns") is filled by the jobs with half its words and those nearest in meaning, ' +
      'the two fused as hybrid mode fuses. ' +
      'With a place named, the jobs nearest in meaning located there come first, then those elsewhere (`place.includes_elsewhere`). ' +
      'Not with another sort than relevance',
  },
);
export type SearchMeaningFill = Static<typeof SearchMeaningFill>;

/** How a keyword search ranked a query that describes the work instead of naming it (services/read/search/run/search-described). */
export const SearchDescribed = Type.Object(
  {
    ranked_as: Type.Literal('hybrid', {
      description: 'The jobs were ranked as `mode=hybrid` ranks them: by the words and by meaning, the two lists fused',
    }),
  },
  {
    $id: 'SearchDescribed',
    additionalProperties: false,
    description:
      'Present when a keyword query describes the work rather than naming it: a sentence of five words or more, none of which names a role or a place ' +
      '("someone to automate how our code gets released to servers"). Postings seldom use such words for what the job does, so the jobs are ranked by ' +
      `the words and by meaning together, as in hybrid mode: at most ${RANKED_DEPTH} jobs, which \`total_items\`, facets and pages count. ` +
      'Not with another sort than relevance; without `meaning_fill` (the words do not lead)',
  },
);
export type SearchDescribed = Static<typeof SearchDescribed>;

export const JobSearchResult = Type.Object(
  {
    jobs: Type.Array(JobInPage),
    pagination: JobPagination,
    facets: Type.Optional(SearchFacets),
    place: Type.Optional(SearchPlace),
    spelling: Type.Optional(SearchSpelling),
    meaning_fill: Type.Optional(SearchMeaningFill),
    described: Type.Optional(SearchDescribed),
  },
  { $id: 'JobSearchResult', additionalProperties: false },
);
export type JobSearchResult = Static<typeof JobSearchResult>;
