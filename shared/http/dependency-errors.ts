import { errors as esErrors } from '@elastic/elasticsearch';
import { ApiError, errors } from '../errors';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
/** SQLSTATEs meaning "the database is not there right now", not "your query is wrong". */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** True when an Elasticsearch client error means the cluster is down, overloaded or too slow. */
function isElasticsearchUnavailable(err: unknown): boolean {
  if (err instanceof esErrors.ConnectionError || err instanceof esErrors.TimeoutError) return true;
  if (err instanceof esErrors.NoLivingConnectionsError) return true;
  if (err instanceof esErrors.ResponseError) {
    return err.statusCode === 429 || err.statusCode === 502 || err.statusCode === 503 || err.statusCode === 504;
  }
  return false;
}

/** True when a pg error means Postgres is unreachable, restarting or timed out. */
export function isPostgresUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string') return false;
  return NETWORK_CODES.has(code) || PG_UNAVAILABLE.has(code) || code.startsWith('08');
}

/**
 * Turns any thrown value into the ApiError the client should see: a dependency that does not
 * answer is 503; anything else that is not already an ApiError is an opaque 500. (Errors of the
 * body parser are mapped where it runs, in route.ts.)
 */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isElasticsearchUnavailable(err)) return errors.unavailable('Elasticsearch', 5, err);
  if (isPostgresUnavailable(err)) return errors.unavailable('PostgreSQL', 5, err);
  return errors.internal(err);
}
