import type { PoolClient, QueryResultRow } from 'pg';

/** Anything that runs a query and returns rows: the Database, or a client inside a transaction. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
}

/** A transaction's client seen as a Queryable, so the same SQL helpers run inside or outside one. */
export function queryableClient(client: PoolClient): Queryable {
  return {
    query: async <R extends QueryResultRow>(text: string, values: unknown[] = []) => (await client.query<R>(text, values)).rows,
  };
}
