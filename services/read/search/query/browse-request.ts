import type { estypes } from '@elastic/elasticsearch';
import type { FacetName } from '../../../../shared/schemas/job-search';
import { facetAggregations } from './facets';
import { allOf, constraintClauses, filterClauses, inactiveJobs } from './filters';
import type { BrowseFilterName, BrowseFilters, BrowseParams, SearchFilters } from '../params/params';
import { pageWindow } from './page-window';
import { snippetRequest } from './snippet';
import { sourceFieldsFor } from './source-fields';

/** Newest first, then by id, so pages never overlap or skip when jobs share a timestamp. */
export const NEWEST_FIRST: estypes.SortCombinations[] = [{ created_at: { order: 'desc' } }, { id: { order: 'asc' } }];

/**
 * Best paid first (the annual upper bound; a job without one, which the currency filter that
 * sort=salary needs leaves out anyway, counts as 0), then newest, then id.
 */
export const BEST_PAID_FIRST: estypes.SortCombinations[] = [{ salary_annual_max: { order: 'desc', missing: 0 } }, ...NEWEST_FIRST];

/** Oldest change first, then by id: updated_since pages, which a mirror follows forwards. */
export const OLDEST_CHANGE_FIRST: estypes.SortCombinations[] = [{ updated_at: { order: 'asc' } }, { id: { order: 'asc' } }];

/** The sort of each order but relevance (search-request's). */
export const SORT_ORDERS = { newest: NEWEST_FIRST, salary: BEST_PAID_FIRST, updated: OLDEST_CHANGE_FIRST } as const;

/** The facet each single-valued browse filter selects a value of (hashtags and project_id have none). */
const FACET_OF: Partial<Record<BrowseFilterName, FacetName>> = {
  workplace_types: 'workplace_types',
  job_type: 'job_types',
  location_id: 'location_ids',
  organization_id: 'organization_ids',
  experience: 'experiences',
};

/** A browse's filters in two parts: the values selected in a facet, and the rest, which narrow everything. */
export interface SplitBrowseFilters {
  selected: SearchFilters;
  narrowing: BrowseFilters;
}

/** Sorts the browse filters into facet selections and plain narrowing filters. */
export function splitBrowseFilters(filters: BrowseFilters): SplitBrowseFilters {
  const selected: SearchFilters = {
    job_types: [],
    location_ids: [],
    organization_ids: [],
    experiences: [],
    skills: [],
    workplace_types: [],
  };
  const narrowing: BrowseFilters = {};
  for (const [name, values] of Object.entries(filters) as [BrowseFilterName, string[]][]) {
    const facet = FACET_OF[name];
    if (facet) selected[facet] = values;
    else narrowing[name] = values;
  }
  return { selected, narrowing };
}

/**
 * The one search request of a browse: active jobs matching every filter, newest first, and the
 * facets asked for. Without facets every filter narrows the query itself, which the index sort
 * (created_at, id) lets Elasticsearch stop early on. With facets, filters with a facet of their
 * own go to the post_filter, so that facet counts what each other value would give (disjunctive
 * facets); hashtags and project_id narrow the hits and every facet alike.
 */
export function buildBrowseRequest(params: BrowseParams): estypes.SearchRequest {
  const { selected, narrowing } = splitBrowseFilters(params.filters);
  const faceted = params.facets.length > 0;
  const postFilter = faceted ? filterClauses(selected) : [];
  const filter = [...(faceted ? filterClauses(narrowing) : filterClauses(params.filters)), ...constraintClauses(params.constraints)];
  // A mirror's sync (updated_since) must see the jobs that became inactive too.
  const mustNot = params.sort === 'updated' ? [] : inactiveJobs();
  return {
    query: { bool: { filter, must_not: mustNot } },
    ...(postFilter.length > 0 ? { post_filter: allOf(postFilter) } : {}),
    ...(faceted ? { aggs: facetAggregations(selected, params.facets) } : {}),
    sort: SORT_ORDERS[params.sort],
    ...pageWindow(params.paging),
    _source: sourceFieldsFor(params.fields),
    ...snippetRequest(params.snippet),
  };
}
