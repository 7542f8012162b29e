import type { AnyRoute } from '../../../shared/http/route';
import type { WriteDeps } from '../deps';
import { createJobRoute } from './jobs/create';
import { updateJobRoute } from './jobs/update';
import { closeJobRoute } from './jobs/close';
import { recruiterJobsRoute } from './recruiter/jobs';
import { myApplicationsRoute } from './applications/list';
import { withdrawApplicationRoute } from './applications/withdraw';
import { applyRoute } from './apply/apply';
import { listOrganizationsRoute } from './rpc/list-organizations';
import { listLocationsRoute } from './rpc/list-locations';
import { createSavedSearchRoute } from './saved-searches/create';
import { listSavedSearchesRoute } from './saved-searches/list';
import { getSavedSearchRoute } from './saved-searches/get';
import { deleteSavedSearchRoute } from './saved-searches/delete';
import { savedSearchMatchesRoute } from './saved-searches/matches';
import { createWebhookRoute } from './webhooks/create';
import { listWebhooksRoute } from './webhooks/list';
import { getWebhookRoute } from './webhooks/get';
import { deleteWebhookRoute } from './webhooks/delete';
import { rotateWebhookSecretRoute } from './webhooks/rotate-secret';
import { testWebhookRoute } from './webhooks/send-test';
import { disableWebhookRoute, enableWebhookRoute } from './webhooks/enable';
import { webhookDeliveriesRoute } from './webhooks/deliveries';

/** Every operation of the write service, in the order the OpenAPI document lists them. */
export function writeRoutes(deps: WriteDeps): AnyRoute[] {
  return [
    createJobRoute(deps),
    updateJobRoute(deps),
    closeJobRoute(deps),
    applyRoute(deps),
    recruiterJobsRoute(deps),
    myApplicationsRoute(deps),
    withdrawApplicationRoute(deps),
    listOrganizationsRoute(deps),
    listLocationsRoute(deps),
    createSavedSearchRoute(deps),
    listSavedSearchesRoute(deps),
    getSavedSearchRoute(deps),
    deleteSavedSearchRoute(deps),
    savedSearchMatchesRoute(deps),
    createWebhookRoute(deps),
    listWebhooksRoute(deps),
    getWebhookRoute(deps),
    deleteWebhookRoute(deps),
    rotateWebhookSecretRoute(deps),
    testWebhookRoute(deps),
    enableWebhookRoute(deps),
    disableWebhookRoute(deps),
    webhookDeliveriesRoute(deps),
  ];
}
