import { createWriteApp } from '../../services/write';
import { testConfig, testDb, testLogger, testSearch } from './context';
import { httpClient } from './http';
import type { Database } from '../../shared/db/database';

/** The paths of the two RPC List calls. */
export const ORGANIZATIONS_PATH = '/organization.v1.OrganizationService/List';
export const LOCATIONS_PATH = '/location.v1.LocationService/List';

/** The write service over the contract-checked test client, optionally with another database. */
export function writeClient(db: Database = testDb()) {
  return httpClient(createWriteApp({ config: testConfig(), db, search: testSearch(), logger: testLogger }).app);
}

/** POSTs `body` as JSON to an RPC path; without a body, sends none (no Content-Type either). */
export function rpc(path: string, body?: unknown, db?: Database) {
  const request = writeClient(db).post(path);
  return body === undefined ? request : request.set('content-type', 'application/json').send(JSON.stringify(body));
}

/** The body of a 400 invalid_argument for schema problems. */
export function invalidArgument(details: { field: string; message: string }[]) {
  return {
    code: 'invalid_argument',
    message: `The request body is invalid: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}.`,
    hint: 'Fix the fields named in details.',
    details,
  };
}
