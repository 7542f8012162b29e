import type { estypes } from '@elastic/elasticsearch';
import type { FacetName } from '../../../shared/schemas/job-search';
import { facetAggregations } from './facets';
import { ACTIVE_JOBS, allOf, filterClauses } from './filters';
import type { BrowseFilterName, BrowseFilters, BrowseParams, SearchFilters } from './params';
import { JOB_SOURCE_FIELDS } from './source-fields';

/** Newest first, then by id, so pages never overlap or skip when jobs share a timestamp. */
export const NEWEST_FIRST: estypes.SortCombinations[] = [{ created_at: { order: 'desc' } }, { id: { order: 'asc' } }];

/** The facet each single-valued browse filter selects a value of (hashtags and project_id have none). */
const FACET_OF: Partial<Record<BrowseFilterName, FacetName>> = {
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
  const selected: SearchFilters = { job_types: [], location_ids: [], organization_ids: [], experiences: [], skills: [] };
  const narrowing: BrowseFilters = {};
  for (const [name, values] of Object.entries(filters) as [BrowseFilterName, string[]][]) {
    const facet = FACET_OF[name];
    if (facet) selected[facet] = values;
    else narrowing[name] = values;
  }
  return { selected, narrowing };
}

/**
 * The one search request of a browse: active jobs matching every filter, newest first, with the
 * facets of the search response. Filters with a facet of their own go to the post_filter, so that
 * facet counts what each other value would give (disjunctive facets); hashtags and project_id
 * narrow the hits and every facet alike.
 */
export function buildBrowseRequest(params: BrowseParams): estypes.SearchRequest {
  const { page, limit } = params.paging;
  const { selected, narrowing } = splitBrowseFilters(params.filters);
  const postFilter = filterClauses(selected);
  return {
    query: { bool: { filter: [ACTIVE_JOBS, ...filterClauses(narrowing)] } },
    ...(postFilter.length > 0 ? { post_filter: allOf(postFilter) } : {}),
    aggs: facetAggregations(selected),
    sort: NEWEST_FIRST,
    from: (page - 1) * limit,
    size: limit,
    track_total_hits: true,
    _source: JOB_SOURCE_FIELDS,
  };
}
