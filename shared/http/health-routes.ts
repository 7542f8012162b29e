import { Type } from '@sinclair/typebox';
import { errors } from '../errors';
import { defineRoute, type AnyRoute } from './route';

/** A named readiness check: resolves true when the dependency answers. */
export type ReadinessChecks = Record<string, () => Promise<boolean>>;

const Health = Type.Object({ status: Type.Literal('ok') }, { $id: 'Health', additionalProperties: false });
const Readiness = Type.Object(
  { status: Type.Literal('ready'), checks: Type.Record(Type.String(), Type.Literal('up')) },
  { $id: 'Readiness', additionalProperties: false },
);

/** GET /healthz (the process is up) and GET /readyz (200 only when every dependency answers). */
export function healthRoutes(checks: ReadinessChecks): AnyRoute[] {
  return [
    defineRoute({
      operationId: 'health',
      method: 'GET',
      path: '/healthz',
      summary: 'Liveness: the process is up',
      tags: ['Operations'],
      responses: { 200: { description: 'The process is up', schema: Health, example: { status: 'ok' } } },
      errors: [],
      handle: (ctx) => {
        ctx.body = { status: 'ok' };
        return Promise.resolve();
      },
    }),
    defineRoute({
      operationId: 'readiness',
      method: 'GET',
      path: '/readyz',
      summary: 'Readiness: every dependency answers',
      tags: ['Operations'],
      responses: {
        200: { description: 'Ready to serve', schema: Readiness, example: { status: 'ready', checks: { elasticsearch: 'up' } } },
      },
      errors: ['unavailable'],
      handle: async (ctx) => {
        const names = Object.keys(checks);
        const results = await Promise.all(names.map((name) => checks[name]()));
        const down = names.filter((_, i) => !results[i]);
        if (down.length > 0) throw errors.unavailable(down.join(', '));
        ctx.body = { status: 'ready', checks: Object.fromEntries(names.map((n) => [n, 'up'])) };
      },
    }),
  ];
}
