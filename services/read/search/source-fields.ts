import type { JobField } from '../../../shared/schemas/job';

/**
 * The stored fields a Job response needs: everything but `created_by`, which never leaves the
 * server. Asking for these alone keeps the internal field out of every response.
 */
export const JOB_SOURCE_FIELDS = [
  'id',
  'title',
  'description',
  'organization',
  'organization_id',
  'location',
  'location_id',
  'type',
  'salary',
  'experience',
  'education',
  'skills',
  'tags',
  'department',
  'team',
  'reporting_to',
  'responsibilities',
  'closing_date',
  'project_id',
  'resume_score_threshold',
  'generate_screening',
  'is_active',
  'created_at',
  'updated_at',
];

/** Stored fields a Job field is computed from, where they are not the field itself. */
const COMPUTED_FROM: Partial<Record<JobField, string[]>> = { is_active: ['is_active', 'closing_date'] };

/** The stored fields the chosen Job fields need (all of JOB_SOURCE_FIELDS when none were chosen). */
export function sourceFieldsFor(fields: readonly JobField[] | undefined): string[] {
  if (!fields) return JOB_SOURCE_FIELDS;
  return [...new Set(fields.flatMap((field) => COMPUTED_FROM[field] ?? [field]))];
}

/** What of a search response the read service reads: trimmed by Elasticsearch before it is sent. */
export const SEARCH_FILTER_PATH = [
  'hits.total.value',
  'hits.total.relation',
  'hits.hits._source',
  'hits.hits._score',
  'hits.hits.sort',
  'aggregations.**.buckets.key',
  'aggregations.**.buckets.doc_count',
].join(',');
