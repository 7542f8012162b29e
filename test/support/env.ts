/**
 * Test environment: its own database and its own index alias, so `npm test` never touches the
 * data of a running `npm start`. TEST_DB_NAME lets several suites run side by side.
 */
const dbName = process.env.TEST_DB_NAME ?? 'jla_test';
const pgBase = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

process.env.DATABASE_URL = `${pgBase}/${dbName}`;
// Tests run their own Elasticsearch node (unless ELASTICSEARCH_URL names one), on a port apart
// from `npm start`'s, so stopping it at the end of a run never takes a serving API's node away.
if (!process.env.ELASTICSEARCH_URL?.trim()) process.env.ES_PORT = process.env.TEST_ES_PORT ?? '9250';
process.env.ES_INDEX_ALIAS = `${dbName}_jobs`;
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.RUN_INDEXER = 'false';
// Fail fast in tests: a stopped dependency should give 503 quickly.
process.env.ES_REQUEST_TIMEOUT_MS ??= '3000';
process.env.PG_CONNECT_TIMEOUT_MS ??= '2000';

export const TEST_DB_NAME = dbName;
export const TEST_PG_ADMIN_URL = `${pgBase}/postgres`;
