import { Pool, type PoolClient, type QueryResultRow } from 'pg';
import type { Config } from '../config';
import { errors } from '../errors';
import { isPostgresUnavailable } from '../http/dependency-errors';

/** Connections whose server ended the session, with the error that said so. */
const connectionLost = new WeakMap<PoolClient, Error>();

/**
 * The Postgres pool with timeouts on every connection and statement. Failures to reach the
 * server become 503 `unavailable`, so callers only see errors that mean something.
 */
export class Database {
  readonly pool: Pool;

  constructor(config: Pick<Config, 'databaseUrl' | 'pgStatementTimeoutMs' | 'pgConnectTimeoutMs' | 'pgPoolMax'>) {
    this.pool = new Pool({
      connectionString: config.databaseUrl,
      max: config.pgPoolMax,
      connectionTimeoutMillis: config.pgConnectTimeoutMs,
      statement_timeout: config.pgStatementTimeoutMs,
      query_timeout: config.pgStatementTimeoutMs + 1000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client that loses its server must not crash the process; the pool drops it.
    this.pool.on('error', () => undefined);
    // From its first moment, each connection records its loss instead of throwing it: the pool
    // hands a client over (and stops listening) a few ticks before withClient can listen itself.
    this.pool.on('connect', (client) => client.on('error', (err) => connectionLost.set(client, err)));
  }

  private async connect(): Promise<PoolClient> {
    try {
      return await this.pool.connect();
    } catch (err) {
      throw errors.unavailable('PostgreSQL', 5, err);
    }
  }

  /**
   * Runs `work` on one pooled connection. pg emits 'error' on a client whose server ends the
   * session (an admin's pg_terminate_backend, a failover, idle_in_transaction_session_timeout, a
   * network reset) and the pool listens only while the client is idle: a checked-out client
   * without a listener would take the whole process down. Every client has one (see the
   * constructor), so a loss fails only the work that used the connection, as 503 `unavailable`,
   * and the client is discarded: the pool heals with a fresh connection. `work` calls `discard`
   * when it leaves the connection in a state no later user should inherit.
   */
  async withClient<T>(work: (client: PoolClient, discard: (reason: Error) => void) => Promise<T>): Promise<T> {
    const client = await this.connect();
    let unusable: Error | undefined;
    try {
      return await work(client, (reason) => (unusable = reason));
    } catch (err) {
      // After a loss, later errors on this client ("not queryable") say nothing about the request.
      const lost = connectionLost.get(client);
      throw lost || isPostgresUnavailable(err) ? errors.unavailable('PostgreSQL', 5, lost ?? err) : err;
    } finally {
      client.release(connectionLost.get(client) ?? unusable);
    }
  }

  /** Runs one statement. */
  async query<R extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    return this.withClient(async (client) => (await client.query<R>(text, values)).rows);
  }

  /** Runs `work` in one transaction, committed when it returns and rolled back when it throws. */
  async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return this.withClient(async (client, discard) => {
      await client.query('BEGIN');
      try {
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        // A connection that cannot even roll back is in an unknown state: never pool it again.
        await client.query('ROLLBACK').catch(discard);
        throw err;
      }
    });
  }

  /** True when the server answers a trivial query. */
  async ping(): Promise<boolean> {
    try {
      await this.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  /** Ends the pool once its clients are returned (on shutdown). */
  async close(): Promise<void> {
    await this.pool.end();
  }
}
