import { Type } from '@sinclair/typebox';
import { loadEnv, setting } from '../../shared/config';

/** The test run's own settings, read once as the run loads. */
const TestSettings = Type.Object({
  TEST_DB_NAME: Type.String({
    pattern: '^[a-z][a-z0-9_]{0,50}$',
    must: 'be a lowercase database name',
    default: 'jla_test',
    description: "the tests' database (its index alias is <name>_jobs)",
  }),
  TEST_PG_URL: Type.String({
    format: 'url',
    must: 'be a URL',
    default: 'postgres://postgres@127.0.0.1:5432',
    description: 'Postgres server (no database) the tests make their databases in',
  }),
  TEST_ES_PORT: setting.port(9250, "port of the tests' own Elasticsearch node (unless ELASTICSEARCH_URL names a cluster)"),
  TEST_LOG_LEVEL: setting.logLevel('silent', 'log level of the code under test (LOG_LEVEL)'),
});
const test = loadEnv(TestSettings);

/**
 * Test environment: its own database and its own index alias, so `npm test` never touches the
 * data of a running `npm start`. TEST_DB_NAME lets several suites run side by side. What is set
 * here is the environment the code under test loads its configuration from (loadConfig), and
 * the one the processes a test starts inherit.
 */
const dbName = test.TEST_DB_NAME;
const pgBase = test.TEST_PG_URL.replace(/\/+$/, '');

process.env.DATABASE_URL = `${pgBase}/${dbName}`;
// Tests run their own Elasticsearch node (unless ELASTICSEARCH_URL names one), on a port apart
// from `npm start`'s, so stopping it at the end of a run never takes a serving API's node away.
if (!process.env.ELASTICSEARCH_URL?.trim()) process.env.ES_PORT = String(test.TEST_ES_PORT);
process.env.ES_INDEX_ALIAS = `${dbName}_jobs`;
process.env.LOG_LEVEL = test.TEST_LOG_LEVEL;
process.env.RUN_INDEXER = 'false';
// Fail fast in tests: a stopped dependency should give 503 quickly.
process.env.ES_REQUEST_TIMEOUT_MS ??= '3000';
process.env.PG_CONNECT_TIMEOUT_MS ??= '2000';

export const TEST_DB_NAME = dbName;
export const TEST_PG_ADMIN_URL = `${pgBase}/postgres`;
