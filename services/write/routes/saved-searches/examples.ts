import type { Job } from '../../../../shared/schemas/job';
import type { SavedSearch, SavedSearchMatches } from '../../../../shared/schemas/saved-search';
import { EXAMPLE_MANAGED_JOB } from '../jobs/manage-examples';

/** A saved search as the OpenAPI document shows it. */
export const EXAMPLE_SAVED_SEARCH: SavedSearch = {
  id: '8c4f2a1e-6d3b-4e7a-9f10-2b3c4d5e6f71',
  name: 'Data engineering in Berlin',
  params: { q: 'data engineer', location_ids: EXAMPLE_MANAGED_JOB.location_id, job_types: 'full_time,contract', mode: 'hybrid' },
  created_at: '2026-11-25T08:00:00.000Z',
  new_matches: 3,
  matches_url: 'https://api.example.com/agents/saved-searches/8c4f2a1e-6d3b-4e7a-9f10-2b3c4d5e6f71/matches',
};

/** The body that saved it. */
export const EXAMPLE_SAVED_SEARCH_REQUEST = { name: EXAMPLE_SAVED_SEARCH.name, params: EXAMPLE_SAVED_SEARCH.params };

/** A job that matched it, as GET /agents/jobs/{job_id} shows it. */
const EXAMPLE_MATCHED_JOB: Job = {
  id: EXAMPLE_MANAGED_JOB.id,
  title: 'Data Engineer',
  description: 'Build the pipelines behind our search.',
  organization: 'Acme',
  location: 'Berlin',
  type: 'full_time',
  salary: '€70,000 - €85,000 a year',
  skills: ['Python', 'Spark'],
  organization_id: EXAMPLE_MANAGED_JOB.organization_id,
  location_id: EXAMPLE_MANAGED_JOB.location_id,
  tags: [],
  responsibilities: [],
  is_active: true,
  created_at: '2026-11-25T09:12:00.000Z',
  updated_at: '2026-11-25T09:12:00.000Z',
  salary_min: 70000,
  salary_max: 85000,
  salary_currency: 'EUR',
  salary_period: 'year',
  workplace_type: 'hybrid',
  is_remote: false,
};

/** A read of its new matches. */
export const EXAMPLE_MATCHES: SavedSearchMatches = {
  matches: [{ matched_at: '2026-11-25T09:12:03.000Z', job: EXAMPLE_MATCHED_JOB }],
  next_cursor: 'eyJzIjoiOGM0ZjJhMWUtNmQzYi00ZTdhLTlmMTAtMmIzYzRkNWU2ZjcxIiwibiI6IjcifQ',
  has_more: false,
};
