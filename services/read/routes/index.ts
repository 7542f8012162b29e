import type { AnyRoute } from '../../../shared/http/route';
import type { ReadRouteDeps } from '../deps';
import { browseJobsRoute } from './jobs/browse';
import { getJobRoute } from './jobs/get';
import { searchJobsRoute } from './jobs/search';
import { similarJobsRoute } from './jobs/similar';

/**
 * Every operation of the read service, in the order the OpenAPI document lists them. Search
 * comes before get-by-id: the router tries routes in order, and /agents/jobs/search must not be
 * taken for a job id.
 */
export function readRoutes(deps: ReadRouteDeps): AnyRoute[] {
  return [browseJobsRoute(deps), searchJobsRoute(deps), getJobRoute(deps), similarJobsRoute(deps)];
}
