import type { DocumentInfo } from './build-document';

/** The document served at the base URL: the whole API. */
export const WHOLE_API: DocumentInfo = {
  title: 'Job Listing Agent API',
  summary: 'The whole API at one base URL.',
};

/** The read service's own document (its part of the API). */
export const READ_SERVICE: DocumentInfo = {
  title: 'Job Listing Agent API: read service',
  summary:
    "The read service's part of the API: browse, search and get jobs (served from Elasticsearch). The whole API is described at the base URL's /openapi.json.",
};

/** The write service's own document (its part of the API). */
export const WRITE_SERVICE: DocumentInfo = {
  title: 'Job Listing Agent API: write service',
  summary:
    "The write service's part of the API: create jobs, apply, and the organization and location RPC lists (Postgres). The whole API is described at the base URL's /openapi.json.",
};
