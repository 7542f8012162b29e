import type { Job } from '../../../../shared/schemas/job';
import type { SearchFacets } from '../../../../shared/schemas/job-search';

/** A Job as the read operations show it in the OpenAPI document. */
export const EXAMPLE_JOB: Job = {
  id: '3f0e7c1a-8b9d-4c2e-9f1a-2b3c4d5e6f70',
  title: 'Senior TypeScript Engineer',
  description: 'Build the services that match people with jobs.',
  organization: 'Acme',
  location: 'Berlin',
  type: 'full_time',
  salary: '€70,000 - €90,000',
  experience: 'Senior',
  skills: ['TypeScript', 'PostgreSQL'],
  closing_date: '2026-12-31',
  organization_id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  location_id: '7b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  tags: ['remote-friendly'],
  responsibilities: ['Run the search service'],
  is_active: true,
  created_at: '2026-01-15T09:30:00.000Z',
  updated_at: '2026-01-15T09:30:00.000Z',
};

/** The facets of a page holding only EXAMPLE_JOB. */
export const EXAMPLE_FACETS: SearchFacets = {
  job_types: [{ value: 'full_time', count: 1 }],
  location_ids: [{ value: EXAMPLE_JOB.location_id, label: 'Berlin', count: 1 }],
  organization_ids: [{ value: EXAMPLE_JOB.organization_id, label: 'Acme', count: 1 }],
  experiences: [{ value: 'senior', count: 1 }],
  skills: [
    { value: 'postgresql', count: 1 },
    { value: 'typescript', count: 1 },
  ],
};

/** A next_cursor as the API issues it (opaque to clients). */
export const EXAMPLE_CURSOR =
  'eyJ2IjoxLCJoIjoiVDFmUHV4dVZ0Z3NiIiwiYSI6WzE3Njg0Njk0MDAwMDAsIjNmMGU3YzFhLThiOWQtNGMyZS05ZjFhLTJiM2M0ZDVlNmY3MCJdLCJvIjoxMH0';

/** How browse and search page, count and trim their answers: said once for both operations. */
export const PAGING_DESCRIPTION =
  'total_items is exact up to 10 000; above that it is 10 000 with total_relation "gte". Numbered pages (page, limit) reach the first ' +
  '10 000 results; every page that has a next one carries pagination.next_cursor, and the same request with cursor=<it> instead of page ' +
  'answers that next page, as cheaply as the first, however deep: follow cursors to read past 10 000. `fields` returns only the Job ' +
  'fields named (id always), to keep pages small, e.g. fields=title,organization,location,salary; `snippet=N` adds at most N ' +
  'characters of each description, around the matched words (search) or from its start.';
