import { Pool, type PoolClient, type QueryResultRow } from 'pg';
import type { Config } from '../config';
import { errors } from '../errors';
import { isPostgresUnavailable } from '../http/dependency-errors';

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
    // An idle client that loses its server must not crash the process.
    this.pool.on('error', () => undefined);
  }

  private async connect(): Promise<PoolClient> {
    try {
      return await this.pool.connect();
    } catch (err) {
      throw errors.unavailable('PostgreSQL', 5, err);
    }
  }

  /** Runs one statement. */
  async query<R extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    const client = await this.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } catch (err) {
      throw isPostgresUnavailable(err) ? errors.unavailable('PostgreSQL', 5, err) : err;
    } finally {
      client.release();
    }
  }

  /** Runs `work` in one transaction, committed when it returns and rolled back when it throws. */
  async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw isPostgresUnavailable(err) ? errors.unavailable('PostgreSQL', 5, err) : err;
    } finally {
      client.release(broken);
    }
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
