import type { estypes } from '@elastic/elasticsearch';
import { RANKED_DEPTH } from '../../../../shared/schemas/job-search';
import type { Constraints, SearchFilters, SearchParams, SimilarParams } from '../params/params';
import { SORT_ORDERS } from './browse-request';
import { facetAggregations } from './facets';
import { constraintClauses, excludedJobs, filterClauses, inactiveJobs } from './filters';
import { pageWindow } from './page-window';
import { sourceOf } from './search-request';
import { withSnippet, wordsOf } from './snippet';
import { ID_ONLY, sourceFieldsFor } from './source-fields';

type Query = estypes.QueryDslQueryContainer;

/** The index field that holds a job's vector (dense_vector, 384 dims, cosine; written by the embedding worker). */
export const VECTOR_FIELD = 'embedding';

/**
 * Candidates the HNSW graph visits per shard for each of the k nearest wanted, and the fewest it
 * visits: more finds the true nearest more often (recall) and costs more. Measured on the real
 * postings against exact search (docs/decisions.md, "Hybrid search: kNN candidates"): over the
 * 1 597 queries of every judged set, recall@10 was 0.945 at 100 candidates (below the 0.95 issue 30
 * asks for; 0.959 over the first 355) and 0.961 at 200, no slower there.
 */
export const CANDIDATES_PER_RESULT = 3;
export const MIN_CANDIDATES = 200;

/** num_candidates for k results: CANDIDATES_PER_RESULT per result, at least MIN_CANDIDATES, at most Elasticsearch's 10 000. */
export function numCandidates(k: number): number {
  return Math.min(10_000, Math.max(MIN_CANDIDATES, k * CANDIDATES_PER_RESULT));
}

/** Where a kNN search takes its vector from: the query's, or a stored job's (looked up by Elasticsearch itself). */
export type VectorSource = { vector: Float32Array } | { job: { index: string; id: string } };

/**
 * A vector as JSON numbers, rounded to 6 decimals: half the bytes of a float's full digits, and
 * far finer than the int8 quantization of the index (a step of about 1/127 of each dimension's range).
 */
export function vectorJson(vector: Float32Array): number[] {
  return Array.from(vector, (value) => Math.round(value * 1e6) / 1e6);
}

/**
 * What a kNN search may return: the jobs of the filters and constraints, active, not left out.
 * It is the knn query's own filter, applied while the graph is searched, so the k nearest are
 * k jobs that pass it (a filter after the search would leave fewer, or none).
 */
export function knnFilter(filters: SearchFilters, constraints: Constraints, excludeIds: readonly string[] = []): Query {
  return { bool: { filter: chosenClauses(filters, constraints), must_not: standingExclusions(excludeIds) } };
}

/** The clauses of the filters and constraints the caller chose. */
function chosenClauses(filters: SearchFilters, constraints: Constraints): Query[] {
  return [...filterClauses(filters), ...constraintClauses(constraints)];
}

/** What every kNN search leaves out, chosen or not: inactive jobs and the ids left out. */
function standingExclusions(excludeIds: readonly string[]): Query[] {
  return [...inactiveJobs(), ...excludedJobs(excludeIds)];
}

/** The knn query for the k nearest jobs (that pass `filter`, when given); `candidates`: num_candidates (the benchmark tries others). */
export function knnQuery(source: VectorSource, k: number, filter?: Query, candidates = numCandidates(k)): Query {
  const vector =
    'vector' in source
      ? { query_vector: vectorJson(source.vector) }
      : { query_vector_builder: { lookup: { index: source.job.index, id: source.job.id, path: VECTOR_FIELD } } };
  return { knn: { field: VECTOR_FIELD, ...vector, k, num_candidates: candidates, ...(filter ? { filter } : {}) } };
}

/**
 * Where a kNN search applies its filter: `inside` the graph search (the nearest are found among the
 * jobs that pass), or `after` it (the nearest of all jobs are found, and those that fail dropped).
 */
export type KnnFiltering = 'inside' | 'after';

/**
 * How a kNN search is filtered first. A filter the caller chose (a place, a type, a salary) may
 * pass few jobs, so it goes inside the search. Without one, the only filter is the standing one
 * (active jobs, not left out), which nearly every job passes, and filtering inside the graph
 * search costs more than the search itself: at 400 000 postings, similar jobs took 4.6 ms against
 * 2.5 and hybrid's k 100 list 8.8 against 6.0 (client-side medians, docs/decisions.md). So it is
 * applied after, to a few more than k; the caller runs the search again filtered inside when that
 * leaves fewer than it needs (searchNearest).
 */
export function firstKnnFiltering(filters: SearchFilters, constraints: Constraints): KnnFiltering {
  return chosenClauses(filters, constraints).length === 0 ? 'after' : 'inside';
}

/** Nearest jobs asked for past k when the standing filter is applied after the search: one in five more, for closed jobs among them. */
const AFTER_FILTER_MARGIN = 0.2;

/**
 * The query for the k nearest jobs that pass the filters and are not left out, the filter applied
 * inside or after the graph search. `within`, a further clause (the place a keyword query names:
 * ../run/meaning-fill), passes few jobs, so it always goes inside.
 */
export function nearestJobsQuery(
  source: VectorSource,
  k: number,
  { filters, constraints, excludeIds = [] }: { filters: SearchFilters; constraints: Constraints; excludeIds?: readonly string[] },
  filtering: KnnFiltering,
  within?: Query,
): Query {
  if (within)
    return knnQuery(source, k, {
      bool: { filter: [...chosenClauses(filters, constraints), within], must_not: standingExclusions(excludeIds) },
    });
  if (filtering === 'inside') return knnQuery(source, k, knnFilter(filters, constraints, excludeIds));
  const asked = k + excludeIds.length + Math.ceil(k * AFTER_FILTER_MARGIN);
  // firstKnnFiltering picks `after` only without chosen clauses; any given still apply, after the search too.
  const chosen = chosenClauses(filters, constraints);
  return {
    bool: { must: knnQuery(source, asked), ...(chosen.length > 0 ? { filter: chosen } : {}), must_not: standingExclusions(excludeIds) },
  };
}

/**
 * The page of a semantic search: the RANKED_DEPTH jobs nearest the query's vector under every
 * filter, paged by offset, ordered by nearness or by the sort asked for, with the facets counted
 * over those jobs (run-job-search counts them with the same query) and a snippet around the
 * query's words where the description has them.
 */
export function buildSemanticRequest(params: SearchParams, vector: Float32Array): estypes.SearchRequest {
  const filter = knnFilter(params.filters, params.constraints, params.excludeIds);
  const request: estypes.SearchRequest = {
    query: knnQuery({ vector }, RANKED_DEPTH, filter),
    ...(params.facets.length > 0 ? { aggs: facetAggregations(params.filters, params.facets) } : {}),
    ...(params.sort !== 'relevance' ? { sort: SORT_ORDERS[params.sort] } : {}),
    ...pageWindow(params.paging),
    _source: sourceOf(params),
  };
  return withSnippet(request, params.snippet, wordsOf(params.q));
}

/** The kNN list of a hybrid search: the ids and scores of the `k` nearest jobs under every filter (and `within`: nearestJobsQuery), nothing stored. */
export function buildKnnListRequest(
  params: SearchParams,
  vector: Float32Array,
  k: number,
  filtering: KnnFiltering = firstKnnFiltering(params.filters, params.constraints),
  within?: Query,
): estypes.SearchRequest {
  return {
    query: nearestJobsQuery({ vector }, k, params, filtering, within),
    size: k,
    ...ID_ONLY,
    track_total_hits: false,
  };
}

/**
 * Similar jobs: the `limit` jobs nearest the stored vector of job `id` (Elasticsearch looks it up
 * in `index` itself, in the same request), active, under the filters, never the job itself nor
 * those left out; a snippet from the start of each description.
 */
export function buildSimilarRequest(
  index: string,
  id: string,
  params: SimilarParams,
  filtering: KnnFiltering = firstKnnFiltering(params.filters, params.constraints),
): estypes.SearchRequest {
  const fields = sourceFieldsFor(params.fields);
  const request: estypes.SearchRequest = {
    query: nearestJobsQuery({ job: { index, id } }, params.limit, { ...params, excludeIds: [id, ...params.excludeIds] }, filtering),
    size: params.limit,
    track_total_hits: false,
    _source: fields === true ? true : [...new Set([...fields, 'id', 'created_at'])],
  };
  return withSnippet(request, params.snippet);
}
