import type { Client } from '@elastic/elasticsearch';
import type { Config } from '../../shared/config';
import type { TextEmbedder } from '../../shared/embedding';
import type { HttpState } from '../../shared/http/http-state';
import type { Logger } from '../../shared/logger';

/** What every read route gets: the read service talks only to Elasticsearch, and runs the embedding model for queries. */
export interface ReadDeps {
  config: Config;
  search: Client;
  logger: Logger;
  /** Metrics and rate-limit windows shared with other apps of the process (else the app makes its own). */
  http?: HttpState;
  /**
   * What embeds the queries of hybrid and semantic searches: the model behind its LRU cache, which
   * the service loads at start (loadQueryEmbedder). Absent (tests, tools): the model is loaded on
   * the first search that needs it, once per process.
   */
  embedder?: TextEmbedder;
}

/** The read routes' dependencies, the embedder settled. */
export type ReadRouteDeps = ReadDeps & { embedder: TextEmbedder };
