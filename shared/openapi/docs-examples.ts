/** One step of the getting-started section of the docs page: a working shell command. */
export interface DocsExample {
  title: string;
  explain: string;
  command: string;
}

/**
 * The getting-started commands. They use shell variables (BASE_URL, the demo keys printed by
 * `npm run seed -- --json`, ids copied from earlier answers), never real keys: keys must not appear
 * on public pages. The docs page test runs every one of them against a running service.
 */
export const DOCS_EXAMPLES: readonly DocsExample[] = [
  {
    title: 'Browse active jobs',
    explain: 'Newest first, 3 per page. Copy an id from the answer into JOB_ID.',
    command: `curl -s "$BASE_URL/agents/jobs?limit=3"`,
  },
  {
    title: 'Search',
    explain: 'Keyword search with filters; the answer carries facets with counts for each filter value.',
    command: `curl -s "$BASE_URL/agents/jobs/search?q=engineer&job_types=full_time,contract&limit=3"`,
  },
  {
    title: 'Read one job',
    explain: 'Any job by id, active or not (is_active tells which).',
    command: `curl -s "$BASE_URL/agents/jobs/$JOB_ID"`,
  },
  {
    title: 'Find organization ids',
    explain: 'An RPC call, JSON in and out, no key; `query` filters by name. Copy an id into ORG_ID.',
    command: `curl -s -X POST "$BASE_URL/organization.v1.OrganizationService/List" -H 'Content-Type: application/json' -d '{"pagination": {"pagination": {"page": 1, "limit": 10}}}'`,
  },
  {
    title: 'Find location ids',
    explain: 'The same for locations. Copy an id into LOCATION_ID.',
    command: `curl -s -X POST "$BASE_URL/location.v1.LocationService/List" -H 'Content-Type: application/json' -d '{"pagination": {"pagination": {"page": 1, "limit": 10}}}'`,
  },
  {
    title: 'Apply to a job',
    explain: "With the demo applicant's key: the application uses that user's profile and active resume. Answers 201.",
    command: `curl -s -X POST "$BASE_URL/agents/jobs/$JOB_ID/apply" -H "x-api-key: $APPLICANT_KEY"`,
  },
  {
    title: 'Create a job',
    explain:
      "With the demo recruiter's key (a member of every demo organization). Answers 201 with the job and a Location header. " +
      'Add an Idempotency-Key header (any unique string) to make a retry safe: the same key and body answer the same job.',
    command:
      `curl -s -X POST "$BASE_URL/agents/jobs" -H "x-api-key: $RECRUITER_KEY" -H 'Content-Type: application/json' \\\n` +
      `  -d '{"title": "Backend Engineer", "organization_id": "'"$ORG_ID"'", "location_id": "'"$LOCATION_ID"'", "type": "full_time", "salary": "EUR 70,000 - 90,000", "skills": ["TypeScript", "PostgreSQL"]}'`,
  },
];

/** Shell lines that set the variables the examples use, with placeholders for the keys. */
export function examplesSetup(baseUrl: string): string {
  return [
    'npm run -s seed -- --json      # prints the demo keys and ids as one JSON object',
    `export BASE_URL='${baseUrl}'`,
    "export APPLICANT_KEY='<applicant_key from the seed output>'",
    "export RECRUITER_KEY='<recruiter_key from the seed output>'",
  ].join('\n');
}
