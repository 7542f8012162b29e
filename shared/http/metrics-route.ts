import { Type } from '@sinclair/typebox';
import type { HttpMetrics } from './metrics';
import { defineRoute, type RouteDefinition } from './route';

const EXAMPLE = `# HELP http_requests_total Requests answered, by method, route (path template) and status.
# TYPE http_requests_total counter
http_requests_total{method="GET",route="/agents/jobs/search",status="200"} 1027
`;

/** GET /metrics: the process's metrics for Prometheus (requests and latency by route; outbox and indexer on the write side). */
export function metricsRoute(metrics: HttpMetrics): RouteDefinition<any, any, any> {
  return defineRoute({
    operationId: 'getMetrics',
    method: 'GET',
    path: '/metrics',
    summary: 'Metrics in the Prometheus text format',
    description:
      'Requests and latency by route (path template), method and status; where the write service runs, the outbox backlog ' +
      '(rows waiting, age of the oldest) and the indexer throughput; process metrics. Counts are per process.',
    tags: ['Operations'],
    responses: {
      200: {
        description: 'The metrics (text exposition format 0.0.4)',
        schema: Type.String({ contentMediaType: 'text/plain' }),
        example: EXAMPLE,
      },
    },
    errors: [],
    handle: async (ctx) => {
      ctx.type = metrics.contentType;
      ctx.body = await metrics.render();
    },
  });
}
