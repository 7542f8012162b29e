import type { Client } from '@elastic/elasticsearch';
import type { Config } from '../../shared/config';
import type { HttpState } from '../../shared/http/http-state';
import type { Logger } from '../../shared/logger';

/** What every read route gets: the read service talks only to Elasticsearch. */
export interface ReadDeps {
  config: Config;
  search: Client;
  logger: Logger;
  /** Metrics and rate-limit windows shared with other apps of the process (else the app makes its own). */
  http?: HttpState;
}
