import './env';
import { Client } from 'pg';
import { migrateUp } from '../../shared/db/migrate';
import { TEST_DB_NAME, TEST_PG_ADMIN_URL } from './env';
import { externalCluster, nodeIsUp, startNode, stopNode } from './elasticsearch-node';
import { closeTestContext, deleteTestIndices } from './context';
import { takeContractViolations } from './contract';
import { holdToday } from '../../shared/runtime/calendar';

// Fixtures count closing dates from today, some as the spec files load; the services in this
// process must judge them by the same day, even when the run crosses midnight UTC.
holdToday();

let startedNode = false;

async function recreateDatabase(): Promise<void> {
  const admin = new Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${TEST_DB_NAME}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${TEST_DB_NAME}"`);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(): Promise<void> {
  const admin = new Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${TEST_DB_NAME}" WITH (FORCE)`).finally(() => admin.end());
}

/** Mocha root hooks: a fresh database and a running Elasticsearch node for the whole run. */
export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(600_000);
    if (!externalCluster && !(await nodeIsUp())) {
      await startNode();
      startedNode = true;
    }
    await recreateDatabase();
    await migrateUp(process.env.DATABASE_URL!);
    await deleteTestIndices();
  },
  /** Fails the test during which a response broke the OpenAPI contract (./contract). */
  async afterEach(this: Mocha.Context) {
    const violations = await takeContractViolations();
    // Hook#error fails the current test without aborting the rest of its suite, as a thrown error would.
    if (violations.length > 0) (this.test as Mocha.Hook).error(contractError(violations));
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(120_000);
    // Responses received in `after` hooks belong to no test: they fail the run here.
    const leftover = await takeContractViolations().catch((err: Error) => [err.message]);
    await deleteTestIndices().catch(() => undefined);
    await closeTestContext();
    await dropDatabase().catch(() => undefined);
    // Leave a node that was already running (npm start's) alone; stop only ours.
    if (startedNode) await stopNode();
    if (leftover.length > 0) throw contractError(leftover);
  },
};

function contractError(violations: string[]): Error {
  return new Error(`responses differ from the OpenAPI document (GET /openapi.json):\n  ${violations.join('\n  ')}`);
}
