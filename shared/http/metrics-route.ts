import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { ApiError } from '../errors';
import type { HttpMetrics } from './metrics';
import { defineRoute, type AnyRoute } from './route';

const EXAMPLE = `# HELP http_requests_total Requests answered, by method, route (path template) and status.
# TYPE http_requests_total counter
http_requests_total{method="GET",route="/agents/jobs/search",status="200"} 1027
`;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Admits a request whose Authorization is `Bearer <token>`; anything else, and every request when
 * no token is configured, is 401 with a WWW-Authenticate challenge (RFC 6750). The digests are
 * compared in constant time, so the answer's timing says nothing about how much of a guess matched.
 */
export function requireBearerToken(token: string | undefined): (ctx: Context) => Promise<void> {
  const expected = token === undefined ? undefined : digest(token);
  return (ctx) => {
    const sent = /^Bearer +(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
    if (expected && sent !== undefined && timingSafeEqual(digest(sent), expected)) return Promise.resolve();
    return Promise.reject(
      new ApiError('unauthenticated', 'Metrics need the bearer token of this process.', {
        hint: 'Send Authorization: Bearer <METRICS_TOKEN>, the token the process was started with. Without METRICS_TOKEN, /metrics is closed.',
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      }),
    );
  };
}

/**
 * GET /metrics: the process's metrics for Prometheus (requests and latency by route; outbox and
 * indexer on the write side), for holders of METRICS_TOKEN only: the base URL is public, and the
 * metrics tell an outsider the traffic, the backlog and the process's memory.
 */
export function metricsRoute(metrics: HttpMetrics, token: string | undefined): AnyRoute {
  return defineRoute({
    operationId: 'getMetrics',
    method: 'GET',
    path: '/metrics',
    summary: 'Metrics in the Prometheus text format',
    description:
      'Requests and latency by route (path template), method and status; where the write service runs, the outbox backlog ' +
      '(rows waiting, age of the oldest) and the indexer throughput; process metrics. Counts are per process. ' +
      'Needs `Authorization: Bearer <token>` with the METRICS_TOKEN the process was started with (401 otherwise, and always when none is set).',
    tags: ['Operations'],
    authenticate: requireBearerToken(token),
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
