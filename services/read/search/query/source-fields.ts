import type { estypes } from '@elastic/elasticsearch';
import type { JobField } from '../../../../shared/schemas/job';

/** Stored fields a Job field is computed from, where they are not the field itself. */
const COMPUTED_FROM: Partial<Record<JobField, string[]>> = { is_active: ['is_active', 'closing_date'] };

/**
 * The stored fields the chosen Job fields need; when none were chosen, the whole document
 * (`true`): filtering it in Elasticsearch costs more than the few bytes of the one field left
 * out, which presentJob never shows.
 */
export function sourceFieldsFor(fields: readonly JobField[] | undefined): string[] | true {
  if (!fields) return true;
  return [...new Set(fields.flatMap((field) => COMPUTED_FROM[field] ?? [field]))];
}

/**
 * What of a faceted search's answers the read service reads, trimmed by Elasticsearch before it is
 * sent: the aggregations' buckets carry much it never reads. (A page without facets is read whole:
 * run-job-search.)
 */
export const SEARCH_FILTER_PATH = [
  'hits.total.value',
  'hits.total.relation',
  'hits.hits._source',
  'hits.hits._score',
  'hits.hits.sort',
  'hits.hits.highlight',
  'aggregations.**.buckets.key',
  'aggregations.**.buckets.doc_count',
  // The count of a filter aggregation (search-request: ROLE_IN_PLACE).
  'aggregations.*.doc_count',
].join(',');

/**
 * What a request that needs only each hit's id and creation time fetches (hybrid search's two
 * lists): no stored field at all, both from doc values. Even a hit's _id is a stored field, read
 * from a compressed block per hit, which for 100-deep lists cost more than the ids are worth
 * (docs/decisions.md, "What hybrid costs"). run-job-search's hitId reads the id back.
 */
export const ID_ONLY: Pick<estypes.SearchRequest, '_source' | 'stored_fields' | 'docvalue_fields'> = {
  _source: false,
  stored_fields: '_none_',
  docvalue_fields: ['id', 'created_at'],
};
