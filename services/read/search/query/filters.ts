import type { estypes } from '@elastic/elasticsearch';
import { todayUtc } from '../../../../shared/jobs/job-document';
import type { FacetName } from '../../../../shared/schemas/job-search';
import type { BrowseFilterName, Constraints } from '../params/params';
import { calendarNow } from '../../../../shared/runtime/calendar';

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
  workplace_types: 'workplace_type',
};

/** Jobs whose field holds any of the values (OR within one parameter). */
export function anyOf(field: string, values: readonly string[]): Query {
  return values.length === 1 ? { term: { [field]: values[0] } } : { terms: { [field]: [...values] } };
}

/** One filter clause per parameter that has values; clauses combine with AND. */
export function filterClauses(filters: Partial<Record<BrowseFilterName | FacetName, readonly string[]>>): Query[] {
  const clauses: Query[] = [];
  for (const [name, values] of Object.entries(filters) as [BrowseFilterName | FacetName, readonly string[] | undefined][]) {
    if (values && values.length > 0) clauses.push(anyOf(FILTER_FIELDS[name], values));
  }
  return clauses;
}

/**
 * What makes a job inactive (DESIGN.md 3): its flag unset, or a closing date before today
 * (UTC). Browse and search exclude these (must_not) instead of requiring the active ones: on a
 * board where most jobs are open, requiring them walks the postings of nearly every job beside
 * the query (a four-word search over a million postings: 31 ms against 24), while excluding them
 * only skips the few. Today is a date, not "now/d": a request that mentions `now` is never
 * answered from the shard request cache, which repeated facet counts rely on.
 */
export function inactiveJobs(now = calendarNow()): Query[] {
  return [{ term: { is_active: false } }, { range: { closing_date: { lt: todayUtc(now) } } }];
}

/** The jobs an `exclude_ids` leaves out, as must_not clauses (none when it lists none). */
export function excludedJobs(ids: readonly string[] | undefined): Query[] {
  return ids && ids.length > 0 ? [{ ids: { values: [...ids] } }] : [];
}

/**
 * The clauses of issue 19's constraints: remote work, the currency and the least annual pay
 * (the job's upper bound reaches it), changes since a time. They narrow hits and facets alike.
 */
export function constraintClauses(constraints: Constraints): Query[] {
  const clauses: Query[] = [];
  if (constraints.remote !== undefined) clauses.push({ term: { is_remote: constraints.remote } });
  if (constraints.currency !== undefined) clauses.push({ term: { salary_currency: constraints.currency } });
  if (constraints.salaryMin !== undefined) clauses.push({ range: { salary_annual_max: { gte: constraints.salaryMin } } });
  if (constraints.updatedSince !== undefined)
    clauses.push({ range: { updated_at: { gte: constraints.updatedSince, format: 'epoch_millis' } } });
  return clauses;
}

/** All the clauses together as one query (match_all when there are none). */
export function allOf(clauses: readonly Query[]): Query {
  return clauses.length === 0 ? { match_all: {} } : { bool: { filter: [...clauses] } };
}
