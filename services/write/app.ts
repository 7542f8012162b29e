import { healthRoutes } from '../../shared/http/health-routes';
import { createHttpState } from '../../shared/http/http-state';
import { metricsRoute } from '../../shared/http/metrics-route';
import { createServiceApp } from '../../shared/http/service-app';
import { withOpenApi } from '../../shared/openapi/api-docs-routes';
import { WRITE_SERVICE } from '../../shared/openapi/document-info';
import type { WriteDeps } from './deps';
import { registerOutboxMetrics } from '../indexer';
import { registerMatchQueueMetrics } from '../matcher';
import { registerDeliveryMetrics } from '../webhooks';
import { writeRoutes } from './routes';

/** Builds the write service (create, apply, RPC lists) from its dependencies. */
export function createWriteApp(deps: WriteDeps) {
  // Readiness needs Postgres only: creates still succeed while Elasticsearch is down (the outbox catches up).
  const http = deps.http ?? createHttpState(deps.config);
  // Backlogs read from Postgres at scrape time: shown here whichever process drains each queue.
  registerOutboxMetrics(http.metrics.registry, deps.db, deps.logger);
  registerMatchQueueMetrics(http.metrics.registry, deps.db, deps.logger);
  registerDeliveryMetrics(http.metrics.registry, deps.db, deps.logger);
  const routes = withOpenApi(
    [...writeRoutes(deps), ...healthRoutes({ postgres: () => deps.db.ping() }), metricsRoute(http.metrics, deps.config.metricsToken)],
    WRITE_SERVICE,
  );
  return { ...createServiceApp({ logger: deps.logger, routes, http, config: deps.config }), routes, http };
}
