import type { Application, MyApplication } from '../../shared/schemas/application';
import type { ErrorBody } from '../../shared/schemas/common';
import type { CreatedJob, Job } from '../../shared/schemas/job';
import type { JobCreateRequest } from '../../shared/schemas/job-create';
import type { BrowseQuery, JobSearchResult, SearchQuery } from '../../shared/schemas/job-search';
import type { JobUpdateBody } from '../../shared/schemas/job-update';
import type { SimilarJobsQuery, SimilarJobsResult } from '../../shared/schemas/similar-jobs';
import type { ListLocationsRequest, ListLocationsResponse } from '../../shared/schemas/location';
import type { ListOrganizationsRequest, ListOrganizationsResponse } from '../../shared/schemas/organization';
import type { MyApplicationList, MyApplicationsQuery } from '../../shared/schemas/recruiter-jobs';
import type {
  SavedSearch,
  SavedSearchCreateRequest,
  SavedSearchList,
  SavedSearchListQuery,
  SavedSearchMatches,
  SavedSearchMatchesQuery,
} from '../../shared/schemas/saved-search';

type Json<T> = { content: { 'application/json': T } };

/** Every answer: the route's shape on 2xx, the API's error object otherwise. */
type Answers<Data> = { '2XX': Json<Data>; default: Json<ErrorBody> };

/** An operation without a body, in openapi-fetch's terms. */
type Call<Params, Data> = { parameters: Params; requestBody?: never; responses: Answers<Data> };

/** An operation with a JSON body. */
type CallWithBody<Params, Body, Data> = { parameters: Params; requestBody: Json<Body>; responses: Answers<Data> };

/**
 * A route's query as a tool passes it: what the tool's input schema (the route's own) let
 * through, every parameter optional (the route has defaults), and a comma list as an array of its
 * values, which the client's serializer sends as the one comma-separated value the route reads.
 */
type ToolQuery<T> = { [K in keyof T]?: T[K] | string[] };

type JobPath = { path: { job_id: string } };
type SavedSearchPath = { path: { saved_search_id: string } };

/**
 * The operations the MCP tools call, typed from the TypeBox schemas the routes validate and
 * answer with (shared/schemas), so the server needs nothing generated: each path as
 * openapi-fetch's `Client<Paths>` reads it.
 */
export interface ApiPaths {
  '/agents/jobs/search': { get: Call<{ query: ToolQuery<SearchQuery> }, JobSearchResult> };
  '/agents/jobs': {
    get: Call<{ query?: ToolQuery<BrowseQuery> }, JobSearchResult>;
    post: CallWithBody<object, JobCreateRequest, CreatedJob>;
  };
  '/agents/jobs/{job_id}': { get: Call<JobPath, Job>; patch: CallWithBody<JobPath, JobUpdateBody, CreatedJob> };
  '/agents/jobs/{job_id}/similar': { get: Call<JobPath & { query: ToolQuery<SimilarJobsQuery> }, SimilarJobsResult> };
  '/agents/jobs/{job_id}/apply': { post: Call<JobPath, Application> };
  '/agents/jobs/{job_id}/close': { post: Call<JobPath, CreatedJob> };
  '/agents/applications': { get: Call<{ query?: ToolQuery<MyApplicationsQuery> }, MyApplicationList> };
  '/agents/applications/{application_id}/withdraw': { post: Call<{ path: { application_id: string } }, MyApplication> };
  '/organization.v1.OrganizationService/List': { post: CallWithBody<object, ListOrganizationsRequest, ListOrganizationsResponse> };
  '/location.v1.LocationService/List': { post: CallWithBody<object, ListLocationsRequest, ListLocationsResponse> };
  '/agents/saved-searches': {
    get: Call<{ query?: ToolQuery<SavedSearchListQuery> }, SavedSearchList>;
    post: CallWithBody<object, SavedSearchCreateRequest, SavedSearch>;
  };
  '/agents/saved-searches/{saved_search_id}': { get: Call<SavedSearchPath, SavedSearch>; delete: Call<SavedSearchPath, never> };
  '/agents/saved-searches/{saved_search_id}/matches': {
    get: Call<SavedSearchPath & { query?: ToolQuery<SavedSearchMatchesQuery> }, SavedSearchMatches>;
  };
}
