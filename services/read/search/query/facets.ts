import type { estypes } from '@elastic/elasticsearch';
import { FACET_SIZE, type FacetName, type FacetValue, type SearchFacets } from '../../../../shared/schemas/job-search';
import { FILTER_FIELDS, allOf, filterClauses } from './filters';
import type { SearchFilters } from '../params/params';

type Aggregation = estypes.AggregationsAggregationContainer;

/** Where each facet takes the display name of its values from (ids only). */
const LABEL_FIELDS: Partial<Record<FacetName, string>> = {
  location_ids: 'location.keyword',
  organization_ids: 'organization.keyword',
};

/** Name of the aggregation that finds labels of selected ids no result carries. */
const SELECTED_LABELS = 'selected_labels';

const labelOf = (facet: FacetName): Record<string, Aggregation> | undefined => {
  const field = LABEL_FIELDS[facet];
  return field ? { label: { terms: { field, size: 1 } } } : undefined;
};

/** Every filter but the facet's own: what makes the facet disjunctive. */
function othersThan(filters: SearchFilters, facet: FacetName): SearchFilters {
  return { ...filters, [facet]: [] };
}

/**
 * The aggregations of a search, one per facet asked for. Each runs over the jobs that match the query,
 * narrowed by every filter except its own (the selected filters reach the hits through the
 * post_filter), and holds the top values plus the counts of the selected values, which may lie
 * outside the top. A global aggregation looks up labels of selected ids that match nothing.
 */
export function facetAggregations(filters: SearchFilters, names: readonly FacetName[]): Record<string, Aggregation> {
  const aggs: Record<string, Aggregation> = {};
  const labels: Record<string, Aggregation> = {};
  for (const facet of names) {
    const field = FILTER_FIELDS[facet];
    const selected = filters[facet] ?? [];
    const label = labelOf(facet);
    aggs[facet] = {
      filter: allOf(filterClauses(othersThan(filters, facet))),
      aggs: {
        top: { terms: { field, size: FACET_SIZE, order: [{ _count: 'desc' }, { _key: 'asc' }] }, ...(label ? { aggs: label } : {}) },
        ...(selected.length > 0 ? { selected: { terms: { field, include: selected, size: selected.length } } } : {}),
      },
    };
    if (label && selected.length > 0) labels[facet] = { terms: { field, include: selected, size: selected.length }, aggs: label };
  }
  if (Object.keys(labels).length > 0) aggs[SELECTED_LABELS] = { global: {}, aggs: labels };
  return aggs;
}

interface Bucket {
  key: string;
  doc_count: number;
  label?: { buckets?: { key: string }[] };
}
/** The aggregations part of a response, as trimmed by SEARCH_FILTER_PATH (empty bucket lists vanish). */
export type FacetAggregationsResult = Record<string, Record<string, { buckets?: Bucket[] } | undefined> | undefined>;

const byCountThenValue = (a: FacetValue, b: FacetValue) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

function toValue(bucket: Bucket): FacetValue {
  const label = bucket.label?.buckets?.[0]?.key;
  return { value: String(bucket.key), ...(label !== undefined ? { label } : {}), count: bucket.doc_count };
}

/**
 * Reads the facets asked for from the aggregations (absent when no index exists yet: then all
 * counts are 0); undefined when none were asked for, so the response has no `facets` key.
 */
export function readFacets(
  aggregations: FacetAggregationsResult | undefined,
  filters: SearchFilters,
  names: readonly FacetName[],
): SearchFacets | undefined {
  if (names.length === 0) return undefined;
  const facets: SearchFacets = {};
  for (const facet of names) {
    const values = (aggregations?.[facet]?.top?.buckets ?? []).map(toValue);
    const selectedCounts = new Map((aggregations?.[facet]?.selected?.buckets ?? []).map((b) => [String(b.key), b.doc_count]));
    const knownLabels = new Map((aggregations?.[SELECTED_LABELS]?.[facet]?.buckets ?? []).map((b) => [String(b.key), toValue(b).label]));
    for (const value of filters[facet] ?? []) {
      if (values.some((v) => v.value === value)) continue;
      const label = knownLabels.get(value);
      values.push({ value, ...(label !== undefined ? { label } : {}), count: selectedCounts.get(value) ?? 0 });
    }
    facets[facet] = values.sort(byCountThenValue);
  }
  return facets;
}
