import type { estypes } from '@elastic/elasticsearch';
import type { FacetName } from '../../../shared/schemas/job-search';
import type { BrowseFilterName } from './params';

type Query = estypes.QueryDslQueryContainer;

/**
 * The index field each filter parameter matches. Experience, skills and tags use their `.lower`
 * sub-fields (a lowercase normalizer), which makes those filters case-insensitive.
 */
export const FILTER_FIELDS: Record<BrowseFilterName | FacetName, string> = {
  organization_id: 'organization_id',
  location_id: 'location_id',
  job_type: 'type',
  experience: 'experience.lower',
  hashtags: 'tags.lower',
  project_id: 'project_id',
  organization_ids: 'organization_id',
  location_ids: 'location_id',
  job_types: 'type',
  experiences: 'experience.lower',
  skills: 'skills.lower',
};

/** Jobs whose field holds any of the values (OR within one parameter). */
export function anyOf(field: string, values: readonly string[]): Query {
  return values.length === 1 ? { term: { [field]: values[0] } } : { terms: { [field]: [...values] } };
}

/** One filter clause per parameter that has values; clauses combine with AND. */
export function filterClauses(filters: Partial<Record<BrowseFilterName | FacetName, readonly string[]>>): Query[] {
  const clauses: Query[] = [];
  for (const [name, values] of Object.entries(filters) as [BrowseFilterName | FacetName, readonly string[]][]) {
    if (values.length > 0) clauses.push(anyOf(FILTER_FIELDS[name], values));
  }
  return clauses;
}

/**
 * Active jobs only (DESIGN.md 3): the flag set and no closing date, or one not before today
 * (UTC). "now/d" rounds to the day, so Elasticsearch can cache the clause for the whole day.
 */
export const ACTIVE_JOBS: Query = {
  bool: {
    filter: [
      { term: { is_active: true } },
      {
        bool: {
          should: [{ bool: { must_not: { exists: { field: 'closing_date' } } } }, { range: { closing_date: { gte: 'now/d' } } }],
          minimum_should_match: 1,
        },
      },
    ],
  },
};

/** All the clauses together as one query (match_all when there are none). */
export function allOf(clauses: readonly Query[]): Query {
  return clauses.length === 0 ? { match_all: {} } : { bool: { filter: [...clauses] } };
}
