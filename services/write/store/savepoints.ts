import type { PoolClient } from 'pg';

/** The savepoints of one transaction: part of it can be undone while the rest goes on. */
export interface Savepoints {
  set(name: string): Promise<void>;
  release(name: string): Promise<void>;
  rollbackTo(name: string): Promise<void>;
}

/** Savepoints on the client of a transaction in progress (`name` is the caller's constant, never input). */
export function savepointsOf(client: PoolClient): Savepoints {
  return {
    set: async (name) => void (await client.query(`SAVEPOINT ${name}`)),
    release: async (name) => void (await client.query(`RELEASE SAVEPOINT ${name}`)),
    rollbackTo: async (name) => void (await client.query(`ROLLBACK TO SAVEPOINT ${name}`)),
  };
}
