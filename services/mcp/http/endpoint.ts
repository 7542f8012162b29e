import type http from 'node:http';
import type { ProtocolEndpoint } from '../../../shared/http/service-app';
import { mcpCors } from './cors';
import { mcpRoute } from './route';

/**
 * /mcp as an endpoint of the app that serves the whole API (createServiceApp's `endpoints`): its
 * route, whose tools call `api` in process, and its CORS policy (`corsWriteOrigins` may send a key).
 */
export function mcpEndpoint(api: http.RequestListener, corsWriteOrigins: readonly string[]): ProtocolEndpoint {
  return { route: mcpRoute(api), cors: mcpCors(corsWriteOrigins) };
}
