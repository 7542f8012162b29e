/**
 * The scale benchmark's scenarios, each request in three forms: the read service over HTTP
 * (the product); the Elasticsearch request the product builds for it, made with the product's own
 * functions from the query the route's own reader gives, sent directly (direct); and the cheapest
 * Elasticsearch request that answers the same need (bare): for search a multi_match on title^3 and
 * description, 10 hits, no total; for browse the active filter and newest first, 20 hits, no
 * total; for get a plain GET of the document.
 *
 * Issue 30's scenarios: hybrid search against the bare keyword request, once with the query's
 * vector cached and once embedded on every request (a read service whose query cache is off);
 * semantic search and similar jobs against a bare kNN request (the vector given, k 10, the
 * product's num_candidates for k 10, no filter, the 10 documents whole as the bare search has them). Their direct forms take the query's vector from
 * this process (embedded at set-up), so they time Elasticsearch's part alone.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import { buildBrowseRequest, NEWEST_FIRST } from '../services/read';
import { filterClauses, inactiveJobs } from '../services/read';
import { findJob } from '../services/read';
import { readBrowseParams, readSearchParams } from '../services/read';
import { runJobSearch, type JobHits } from '../services/read';
import { queryWords } from '../services/read';
import type { TypoPolicy } from '../services/read';
import { buildSearchRequest, inBestMatchOrder } from '../services/read';
import { findSimilarJobs, hybridSearch, numCandidates, readSimilarParams, VECTOR_FIELD, vectorJson } from '../services/read';
import { buildSemanticRequest } from '../services/read';
import { queryReader } from '../shared/http/query-input';
import { BrowseQuery, SearchQuery } from '../shared/schemas/job-search';

/** The scenarios of the issue, in the order they run and are reported. */
export const SCENARIO_NAMES = [
  'search, 1 common word',
  'search, 3-4 words',
  'search + 3 filters',
  'browse, page 1',
  'browse + 2 filters',
  'browse, facets=all',
  'search, facets=all',
  'browse, cursor near 100 000',
  'get by id',
  'mixed agent load',
  'hybrid search, cached embedding',
  'hybrid search, cold embedding',
  'semantic search',
  'similar jobs',
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/**
 * The scenarios --scenario names (each by a part of its name that fits one scenario alone), or
 * all of them. A part that fits none or several is refused before anything is measured.
 */
export function chosenScenarios<S extends { name: string }>(scenarios: readonly S[], parts: readonly string[]): S[] {
  if (parts.length === 0) return [...scenarios];
  const chosen = new Set<S>();
  for (const part of parts) {
    const fits = scenarios.filter((s) => s.name.includes(part));
    if (fits.length !== 1) {
      throw new Error(
        `--scenario "${part}" fits ${fits.length === 0 ? 'no scenario' : `${fits.length} scenarios`}; choose a part of one of: ${scenarios.map((s) => `"${s.name}"`).join(', ')}`,
      );
    }
    chosen.add(fits[0]);
  }
  return scenarios.filter((s) => chosen.has(s));
}

/** What a page (or a get) answered, reduced to what the set-up check compares: the job ids. */
export type Ids = string[];

/** One request of a scenario in its three forms. Direct and bare resolve with the ids they found. */
export interface ScenarioRequest {
  /** Path and query string on the read service. */
  path: string;
  direct: () => Promise<Ids>;
  bare: () => Promise<Ids>;
}

/** A scenario: request i of it, and whether its bare request must list the very jobs the product lists. */
export interface Scenario {
  name: ScenarioName;
  requestAt: (i: number) => ScenarioRequest;
  /** True for browses: same filter and order, so the same page; a search's bare query ranks otherwise. */
  bareListsSame: boolean;
  /** Sent to the read service whose query cache is off (every query embedded), not the usual one. */
  uncached?: true;
}

/** What the scenarios are built from, found in the world at set-up. */
export interface ScenarioData {
  /** The request path's client (the product's timeout, no retries), for direct and bare alike. */
  search: Client;
  alias: string;
  /** Job ids to get. */
  ids: string[];
  /** The locations with the most jobs, for the browse filters. */
  locations: string[];
  /** Cursors of pages near result 100 000 (empty when the read service gives none). */
  cursors: string[];
  /** Which search words get typo tolerance, as the read service decides it (KnownWords over SEARCH_WORDS). */
  typos: TypoPolicy;
  /** The vector of each of MEANING_QUERIES, embedded at set-up (empty: the world has no vectors, and issue 30's scenarios are skipped). */
  queryVectors: ReadonlyMap<string, Float32Array>;
  /** The stored vectors of the jobs of `ids` that have one, for similar jobs' bare kNN request. */
  jobVectors: ReadonlyMap<string, Float32Array>;
}

/** Words of every generated title (scripts/seed/vocabulary.ts: `<level prefix> <role>`). */
const COMMON_WORDS = ['engineer', 'developer', 'manager', 'analyst', 'designer'];
/** Level, family, role and skill of one role family each, as an agent would type them. */
const SEVERAL_WORDS = [
  'senior backend engineer python',
  'lead data engineer spark',
  'junior react developer typescript',
  'senior devops engineer kubernetes',
  'ux designer figma',
];
/**
 * What agents send in hybrid and semantic mode: role words as with keyword search, and wishes in
 * other words than the generated postings use.
 */
export const MEANING_QUERIES = [
  ...SEVERAL_WORDS,
  'someone to build our data pipelines',
  'keep our servers running at night',
  'make our app easy to use for older people',
  'find out what customers need before we build it',
  'protect the company from hackers',
];
/** Every word the search scenarios send, for the typo policy of their direct requests. */
export const SEARCH_WORDS: readonly string[] = [
  ...new Set([...COMMON_WORDS, ...SEVERAL_WORDS, ...MEANING_QUERIES].flatMap((q) => queryWords(q).words)),
];
const SKILL_SETS = ['python,sql,aws', 'typescript,react,node.js', 'kubernetes,terraform,go'];
const EXPERIENCES = ['senior', 'mid', 'junior'];

/** Which kind of request the mixed load sends as its i-th: 6 searches, 2 browses and 2 gets in every 10. */
const MIX: readonly ('search' | 'browse' | 'get')[] = [
  'search',
  'browse',
  'search',
  'get',
  'search',
  'search',
  'browse',
  'search',
  'get',
  'search',
];
export function mixKindAt(i: number): 'search' | 'browse' | 'get' {
  return MIX[i % MIX.length];
}

// The route's own readers: unknown parameters refused, integers read, defaults applied, schema checked.
const readBrowseQuery = queryReader(BrowseQuery);
const readSearchQuery = queryReader(SearchQuery);

const pathOf = (route: string, query: Record<string, string>) => `${route}?${new URLSearchParams(query).toString()}`;
const hitIds = (result: JobHits): Ids => result.hits.map((h) => h.doc.id);
const sourceIds = (response: { hits?: { hits?: { _source?: unknown }[] } }): Ids =>
  (response.hits?.hits ?? []).map((h) => (h._source as { id: string }).id);

/** Builds the scenarios over the data. A scenario whose parameters this checkout's schema refuses is left out with the reason. */
export function buildScenarios(data: ScenarioData): { scenarios: Scenario[]; skipped: { name: ScenarioName; reason: string }[] } {
  const { search: client, alias } = data;
  const filterPath = 'hits.hits._source';

  const product = {
    search: (query: Record<string, string>) => {
      // Built before the clock starts: what is timed is the request alone, as Elasticsearch gets it.
      const request = buildSearchRequest(readSearchParams(readSearchQuery(query) as SearchQuery), data.typos);
      // The route orders equal scores of a page newest first: part of the product's own work.
      return {
        path: pathOf('/agents/jobs/search', query),
        request,
        direct: () => runJobSearch(client, alias, request).then(inBestMatchOrder).then(hitIds),
      };
    },
    browse: (query: Record<string, string>) => {
      const params = readBrowseParams(readBrowseQuery(query) as BrowseQuery);
      const request = buildBrowseRequest(params);
      return { path: pathOf('/agents/jobs', query), params, request, direct: () => runJobSearch(client, alias, request).then(hitIds) };
    },
  };
  const bare = {
    search: (q: string, filters: estypes.QueryDslQueryContainer[] = []) => {
      const match: estypes.QueryDslQueryContainer = { multi_match: { query: q, fields: ['title^3', 'description'] } };
      const query = filters.length > 0 ? { bool: { must: match, filter: filters } } : match;
      return () => client.search({ index: alias, query, size: 10, track_total_hits: false, filter_path: filterPath }).then(sourceIds);
    },
    browse:
      (filters: estypes.QueryDslQueryContainer[] = [], searchAfter?: estypes.SortResults) =>
      () =>
        client
          .search({
            index: alias,
            query: { bool: { filter: filters, must_not: inactiveJobs() } },
            sort: NEWEST_FIRST,
            size: 20,
            track_total_hits: false,
            ...(searchAfter ? { search_after: searchAfter } : {}),
            filter_path: filterPath,
          })
          .then(sourceIds),
  };

  const searchWords =
    (words: readonly string[], extra: Record<string, string> = {}) =>
    (i: number): ScenarioRequest => {
      const q = words[i % words.length];
      const built = product.search({ q, limit: '10', ...extra });
      return { path: built.path, direct: built.direct, bare: bare.search(q) };
    };
  const browseWith =
    (filtersAt: (i: number) => Record<string, string>, extra: Record<string, string> = {}) =>
    (i: number): ScenarioRequest => {
      const built = product.browse({ ...filtersAt(i), limit: '20', ...extra });
      // The product's own reading of the filters (ids checked, values lowercased), as plain filter clauses.
      return { path: built.path, direct: built.direct, bare: bare.browse(filterClauses(built.params.filters)) };
    };

  const vectorOf = (q: string) => {
    const vector = data.queryVectors.get(q);
    if (!vector) throw new Error(`no vector for "${q}"`);
    return vector;
  };
  // The 10 nearest documents, whole (as the bare search answers them), with no filter: the cheapest kNN request for the need.
  const bareKnn = (vector: Float32Array) => () =>
    client
      .search({
        index: alias,
        query: { knn: { field: VECTOR_FIELD, query_vector: vectorJson(vector), k: 10, num_candidates: numCandidates(10) } },
        size: 10,
        filter_path: filterPath,
      })
      .then(sourceIds);
  const hybridAt = (i: number): ScenarioRequest => {
    const q = MEANING_QUERIES[i % MEANING_QUERIES.length];
    const query = { q, mode: 'hybrid', limit: '10' };
    const params = readSearchParams(readSearchQuery(query) as SearchQuery);
    const vector = vectorOf(q);
    return {
      path: pathOf('/agents/jobs/search', query),
      direct: async () =>
        hitIds(
          await hybridSearch(
            client,
            alias,
            params,
            () => Promise.resolve(vector),
            () => Promise.resolve(data.typos),
          ),
        ),
      bare: bare.search(q),
    };
  };
  const vectorScenarios: Record<
    'hybrid search, cached embedding' | 'hybrid search, cold embedding' | 'semantic search' | 'similar jobs',
    Omit<Scenario, 'name'>
  > = {
    'hybrid search, cached embedding': { requestAt: hybridAt, bareListsSame: false },
    'hybrid search, cold embedding': { requestAt: hybridAt, bareListsSame: false, uncached: true },
    'semantic search': {
      requestAt: (i) => {
        const q = MEANING_QUERIES[i % MEANING_QUERIES.length];
        const query = { q, mode: 'semantic', limit: '10' };
        const request = buildSemanticRequest(readSearchParams(readSearchQuery(query) as SearchQuery), vectorOf(q));
        return {
          path: pathOf('/agents/jobs/search', query),
          direct: () => runJobSearch(client, alias, request).then(inBestMatchOrder).then(hitIds),
          bare: bareKnn(vectorOf(q)),
        };
      },
      bareListsSame: false,
    },
    'similar jobs': {
      requestAt: (i) => {
        const ids = [...data.jobVectors.keys()];
        const id = ids[(i * 7919) % ids.length];
        const params = readSimilarParams({ limit: 10 });
        return {
          path: `/agents/jobs/${id}/similar`,
          direct: () => findSimilarJobs(client, alias, id, params).then((hits) => hits.map((hit) => hit.doc.id)),
          bare: bareKnn(data.jobVectors.get(id)!),
        };
      },
      bareListsSame: false,
    },
  };

  // Every scenario but the mixed load, which is made of them (below).
  const single: Record<
    Exclude<ScenarioName, 'mixed agent load' | keyof typeof vectorScenarios>,
    Omit<Scenario, 'name'> | { unavailable: string }
  > = {
    'search, 1 common word': { requestAt: searchWords(COMMON_WORDS), bareListsSame: false },
    'search, 3-4 words': { requestAt: searchWords(SEVERAL_WORDS), bareListsSame: false },
    'search + 3 filters': {
      requestAt: (i) => {
        const q = COMMON_WORDS[i % COMMON_WORDS.length];
        const query = {
          q,
          job_types: 'full_time,contract',
          experiences: 'senior,lead',
          skills: SKILL_SETS[i % SKILL_SETS.length],
          limit: '10',
        };
        const built = product.search(query);
        const filters = filterClauses(readSearchParams(readSearchQuery(query) as SearchQuery).filters);
        return { path: built.path, direct: built.direct, bare: bare.search(q, filters) };
      },
      bareListsSame: false,
    },
    'browse, page 1': { requestAt: browseWith(() => ({})), bareListsSame: true },
    'browse + 2 filters': {
      requestAt: browseWith((i) => ({
        location_id: data.locations[i % data.locations.length],
        experience: EXPERIENCES[i % EXPERIENCES.length],
      })),
      bareListsSame: true,
    },
    'browse, facets=all': { requestAt: browseWith(() => ({}), { facets: 'all' }), bareListsSame: true },
    'search, facets=all': { requestAt: searchWords(COMMON_WORDS, { facets: 'all' }), bareListsSame: false },
    'browse, cursor near 100 000':
      data.cursors.length === 0
        ? { unavailable: 'the read service gave no pagination.next_cursor to follow' }
        : {
            requestAt: (i) => {
              const built = product.browse({ cursor: data.cursors[i % data.cursors.length], limit: '20' });
              const searchAfter = built.request.search_after;
              if (!searchAfter) throw new Error('the product built a cursor page without search_after');
              return { path: built.path, direct: built.direct, bare: bare.browse([], searchAfter) };
            },
            bareListsSame: true,
          },
    'get by id': {
      requestAt: (i) => {
        // A stride through the ids, so consecutive gets hit different documents.
        const id = data.ids[(i * 7919) % data.ids.length];
        return {
          path: `/agents/jobs/${id}`,
          direct: () => findJob(client, alias, id).then((found) => (found ? [found.doc.id] : [])),
          bare: () => client.get<{ id: string }>({ index: alias, id }).then((r) => [r._id]),
        };
      },
      bareListsSame: true,
    },
  };

  const scenarios: Scenario[] = [];
  const skipped: { name: ScenarioName; reason: string }[] = [];
  for (const [name, s] of Object.entries(single) as [keyof typeof single, (typeof single)[keyof typeof single]][]) {
    if ('unavailable' in s) {
      skipped.push({ name, reason: s.unavailable });
      continue;
    }
    try {
      s.requestAt(0);
      scenarios.push({ name, ...s });
    } catch (err) {
      // An older read contract (no facets or cursor parameter) refuses the scenario's query.
      skipped.push({ name, reason: (err as Error).message });
    }
  }
  for (const [name, s] of Object.entries(vectorScenarios) as [keyof typeof vectorScenarios, Omit<Scenario, 'name'>][]) {
    if (data.queryVectors.size === 0 || data.jobVectors.size === 0) skipped.push({ name, reason: 'the world has no vectors' });
    else scenarios.push({ name, ...s });
  }
  const pick = (name: ScenarioName) => scenarios.find((s) => s.name === name)?.requestAt;
  const parts = {
    common: pick('search, 1 common word'),
    words: pick('search, 3-4 words'),
    page1: pick('browse, page 1'),
    filtered: pick('browse + 2 filters'),
    get: pick('get by id'),
  };
  if (Object.values(parts).every(Boolean)) {
    // No facets anywhere: the load agents put on the service most of the time.
    const mixed = (i: number): ScenarioRequest => {
      const kind = mixKindAt(i);
      if (kind === 'get') return parts.get!(i);
      if (kind === 'browse') return (Math.floor(i / 10) % 2 === 0 ? parts.page1 : parts.filtered)!(i);
      return (i % 2 === 0 ? parts.common : parts.words)!(i);
    };
    scenarios.push({ name: 'mixed agent load', requestAt: mixed, bareListsSame: false });
  } else {
    skipped.push({ name: 'mixed agent load', reason: 'a scenario it mixes is skipped' });
  }
  return { scenarios, skipped };
}
