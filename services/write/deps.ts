import type { Client } from '@elastic/elasticsearch';
import type { Config } from '../../shared/config';
import type { Database } from '../../shared/db/database';
import type { HttpState } from '../../shared/http/http-state';
import type { Logger } from '../../shared/logger';

/** What every write route gets: Postgres is the source of truth; Elasticsearch is fed from it. */
export interface WriteDeps {
  config: Config;
  db: Database;
  search: Client;
  logger: Logger;
  /** Metrics and rate-limit windows shared with other apps of the process (else the app makes its own). */
  http?: HttpState;
}
