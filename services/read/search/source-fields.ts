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

/** What of a search response the read service reads: trimmed by Elasticsearch before it is sent. */
export const SEARCH_FILTER_PATH = [
  'hits.total.value',
  'hits.hits._source',
  'aggregations.**.buckets.key',
  'aggregations.**.buckets.doc_count',
].join(',');
