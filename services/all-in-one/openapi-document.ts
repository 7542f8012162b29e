import { inject } from 'light-my-request';
import { loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { createLogger } from '../../shared/logger';
import type { OpenApiDocument } from '../../shared/openapi/document-types';
import { createSearchClient } from '../../shared/search/client';
import { createAllInOneApp } from './app';

/**
 * The whole API's OpenAPI document exactly as GET /openapi.json serves it at the base URL, built
 * without listening or connecting (the pools connect on first use, and nothing here uses them):
 * what the checked-in client is generated from.
 */
export async function wholeApiDocument(): Promise<OpenApiDocument> {
  const config = loadConfig();
  const db = new Database(config);
  const search = createSearchClient(config);
  try {
    const { handler } = createAllInOneApp({ config, db, search, logger: createLogger('silent', 'openapi') });
    const res = await inject(handler, { method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /openapi.json answered ${res.statusCode}: ${res.payload}`);
    return JSON.parse(res.payload) as OpenApiDocument;
  } finally {
    await Promise.all([db.close(), search.close()]);
  }
}
