/** Configuration: read once from the environment, validated at start-up; a bad value stops the process. */
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { ConfigError, loadEnv } from './config/load-env';
import { projectRoot } from './runtime/project-root';

export { ConfigError, loadEnv };

export interface Config {
  /** Port of the all-in-one process that serves the whole API at one base URL. */
  port: number;
  /** Ports of the read and the write service when each runs as its own process. */
  readPort: number;
  writePort: number;
  /** Public base URL printed at start-up and used in Location headers. */
  baseUrl: string;
  databaseUrl: string;
  /** True when DATABASE_URL was given: `npm start` then uses it as it is (no embedded server, no demo seed unless asked). */
  databaseUrlGiven: boolean;
  /** `npm start` runs its embedded PostgreSQL even when a server answers on 127.0.0.1:5432 (DATABASE_URL still wins). */
  embeddedPostgres: boolean;
  /** Port of that embedded server; its files live in EMBEDDED_POSTGRES_DIR when set. */
  embeddedPostgresPort: number;
  embeddedPostgresDir?: string;
  /** Fill an empty database with the demo data: unset, each command decides (`npm start` yes when it chose the database, the container setup no). */
  seedDemo?: boolean;
  /** The first node of ELASTICSEARCH_URL (what one-node tools such as the benchmark's start check look at). */
  elasticsearchUrl: string;
  /** Every node of ELASTICSEARCH_URL (comma-separated): the client spreads requests over them. */
  elasticsearchNodes: string[];
  /**
   * Redis that rate limits are counted in, shared by every instance (unset: in memory, per
   * instance). When it cannot be reached, limits are counted in memory until it answers again.
   */
  redisUrl?: string;
  /** Prefix of the rate limits' Redis keys, so several deployments can share one Redis. */
  redisKeyPrefix: string;
  /** True when ELASTICSEARCH_URL was given: the project then starts no node of its own. */
  elasticsearchExternal: boolean;
  /** Port of the project's own Elasticsearch node (scripts/elasticsearch.sh), when ELASTICSEARCH_URL is unset. */
  esPort: number;
  /** Heap of that node (ES_HEAP, e.g. 512m); unset, the script's own (512m, 2g per node of a local cluster). */
  esHeap?: string;
  /** Replicas of a new index (ES_REPLICAS); unset, one once the cluster has a second data node (see replicaSettings). */
  esReplicas?: number;
  /** Alias the read service queries; versioned indices live behind it. */
  indexAlias: string;
  esRequestTimeoutMs: number;
  pgStatementTimeoutMs: number;
  pgConnectTimeoutMs: number;
  pgPoolMax: number;
  /** Run the outbox indexer inside the write process. */
  runIndexer: boolean;
  /** Run the saved-search matcher and the webhook delivery worker inside the write process (issue 31). */
  runMatcher: boolean;
  runWebhookWorker: boolean;
  indexerBatchSize: number;
  indexerPollMs: number;
  /** Requests per minute per client address (reads) and per API key (writes); 0 disables. */
  readRateLimitPerMinute: number;
  writeRateLimitPerMinute: number;
  /** Requests per minute per client address on the operations that take a key, whatever key; 0 disables. */
  writeAddressRateLimitPerMinute: number;
  /** Failed authentications (401) per minute per client address before its keyed requests are refused unseen; 0 disables. */
  authFailureLimitPerMinute: number;
  /** pino level: fatal, error, warn, info (one line per request), debug, trace or silent. */
  logLevel: string;
  /**
   * Trust X-Forwarded-For (the client address rate limits count by) from one proxy in front.
   * Off by default: a process exposed directly would otherwise let clients pick their address.
   */
  trustProxy: boolean;
  /** Bearer token GET /metrics requires; unset, /metrics refuses everyone (401). */
  metricsToken?: string;
  /** Origins whose browser pages may call the operations that take an API key (CORS); empty: none may. */
  corsWriteOrigins: string[];
  /**
   * How long a client may take to send its request headers, and its whole request (headers and
   * body); past either it gets 408 and the connection is closed, so trickling clients cannot hold
   * sockets. Node's own defaults (60 s and 300 s) are far above what any real client needs.
   */
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
  /** Folder of the embedding model (model.onnx, tokenizer.json) the read service loads at start (issue 30). */
  embeddingModelDir: string;
  /** CPU threads one model run may use. */
  embeddingThreads: number;
  /** Query embeddings kept in memory per process (LRU); 0: none. */
  embeddingQueryCacheSize: number;
  /** Saved searches one user may keep, and webhook subscriptions (issue 31). */
  savedSearchLimit: number;
  webhookLimit: number;
  /** Accept http:// webhook URLs (else https only). */
  webhookAllowHttp: boolean;
  /** Accept webhook URLs that resolve to loopback, private, link-local or metadata addresses (tests, local development). */
  webhookAllowPrivateAddresses: boolean;
  /** Seconds from a failed delivery attempt to the next, one per retry; past the last, the delivery fails. */
  webhookRetrySchedule: number[];
  /** How long a receiver has to answer an attempt with a 2xx. */
  webhookTimeoutMs: number;
  /** How long the previous secret still signs after a rotation. */
  webhookSecretOverlapSeconds: number;
  /** How often the delivery worker and the matcher look for work when they found none. */
  webhookPollMs: number;
  matcherPollMs: number;
  /** Jobs the matcher matches against every saved search at once. */
  matcherBatchSize: number;
}

/** pino's levels; `silent` mutes the logs. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Schemas of the kinds of setting that recur (the tools' own settings use them too). */
export const setting = {
  port: (fallback: number, description: string) => Type.Integer({ minimum: 1, maximum: 65535, default: fallback, description }),
  url: (description: string) => Type.String({ format: 'url', must: 'be a URL', description }),
  /** A log level, matched in any case (loadEnv lowercases the values of an enum). */
  logLevel: (fallback: LogLevel, description: string) =>
    Type.Unsafe<LogLevel>({ type: 'string', enum: [...LOG_LEVELS], default: fallback, description }),
};
const { port, url } = setting;

/**
 * Every setting of the product, one environment variable each: its type, its default and what it
 * means (README.md's Configuration table says the same for people; a unit test keeps the two
 * together). Settings whose default depends on another one are optional here and get it in
 * loadConfig. The checks of shared/config/load-env.ts apply: see there how text becomes values.
 */
export const Settings = Type.Object({
  PORT: port(3000, 'port of the all-in-one process (`npm start`)'),
  BASE_URL: Type.Optional(url('public base URL (printed, used in Location headers); unset: http://localhost:$PORT')),
  READ_PORT: port(3001, 'port of the read service alone'),
  WRITE_PORT: port(3002, 'port of the write service alone'),
  DATABASE_URL: Type.String({
    format: 'url',
    must: 'be a URL',
    default: 'postgres://postgres@127.0.0.1:5432/job_listing',
    description: 'PostgreSQL; `npm start` without it: the local server when one answers on 127.0.0.1:5432, else the embedded one',
  }),
  EMBEDDED_POSTGRES: Type.Boolean({
    default: false,
    description: '`npm start` runs the embedded PostgreSQL even when a server answers on 127.0.0.1:5432 (DATABASE_URL still wins)',
  }),
  EMBEDDED_POSTGRES_PORT: port(5433, 'port of the embedded PostgreSQL'),
  EMBEDDED_POSTGRES_DIR: Type.Optional(
    Type.String({
      description: 'where the embedded PostgreSQL keeps its files; unset: .cache/postgres (or /var/tmp/jla-postgres/<hash> as root)',
    }),
  ),
  SEED_DEMO: Type.Optional(
    Type.Boolean({
      description: 'fill an empty database with the demo data; unset: `npm start` yes when it chose the database, the container setup no',
    }),
  ),
  ELASTICSEARCH_URL: Type.Optional(
    Type.Array(url('one node of the cluster'), {
      minItems: 1,
      must: 'list one or more URLs',
      description: 'the cluster to use, its nodes comma-separated (the project then starts none); unset: its own node on ES_PORT',
    }),
  ),
  ES_PORT: port(9200, "port of the project's own Elasticsearch node"),
  ES_HEAP: Type.Optional(
    Type.String({
      pattern: '^[1-9][0-9]*[kmgKMG]$',
      must: 'be a heap size such as 512m or 2g',
      description: "heap of the project's own node; unset: 512m (2g per node of a local cluster)",
    }),
  ),
  ES_REPLICAS: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 10,
      description: 'replicas of a new index; unset: auto_expand_replicas 0-1 (none on a lone node, one on a cluster)',
    }),
  ),
  ES_INDEX_ALIAS: Type.String({
    pattern: '^[a-z][a-z0-9_-]{0,100}$',
    must: 'be a lowercase index name',
    default: 'jobs',
    description: 'alias the read service queries; versioned indices sit behind it',
  }),
  ES_REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 3000,
    description: 'timeout of each Elasticsearch request on the request path',
  }),
  PG_STATEMENT_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 5000, description: 'statement timeout of every Postgres query' }),
  PG_CONNECT_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 3000, description: 'timeout to get a Postgres connection' }),
  PG_POOL_MAX: Type.Integer({ minimum: 1, maximum: 1000, default: 10, description: 'Postgres connections per process' }),
  HTTP_HEADERS_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    default: 15_000,
    description: 'time a client has to send its request headers (at most HTTP_REQUEST_TIMEOUT_MS)',
  }),
  HTTP_REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    default: 30_000,
    description: 'time a client has to send its whole request, body included',
  }),
  RUN_INDEXER: Type.Boolean({ default: true, description: 'run the outbox indexer inside the write process' }),
  RUN_MATCHER: Type.Boolean({ default: true, description: 'run the saved-search matcher inside the write process' }),
  RUN_WEBHOOK_WORKER: Type.Boolean({ default: true, description: 'run the webhook delivery worker inside the write process' }),
  INDEXER_BATCH_SIZE: Type.Integer({ minimum: 1, maximum: 10_000, default: 500, description: 'outbox rows per bulk request' }),
  INDEXER_POLL_MS: Type.Integer({ minimum: 10, default: 250, description: 'how often an idle indexer looks for work' }),
  READ_RATE_LIMIT_PER_MINUTE: Type.Integer({
    minimum: 0,
    default: 0,
    description: 'requests per minute per client address on reads; 0: off',
  }),
  WRITE_RATE_LIMIT_PER_MINUTE: Type.Integer({
    minimum: 0,
    default: 0,
    description: 'requests per minute per API key on create and apply; 0: off',
  }),
  WRITE_ADDRESS_RATE_LIMIT_PER_MINUTE: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'requests per minute per client address on create and apply, whatever key; unset: 10 x WRITE_RATE_LIMIT_PER_MINUTE; 0: off',
    }),
  ),
  AUTH_FAILURE_LIMIT_PER_MINUTE: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'failed authentications per minute per client address; unset: 10 when WRITE_RATE_LIMIT_PER_MINUTE is set, else 0 (off)',
    }),
  ),
  REDIS_URL: Type.Optional(url('Redis the rate limits are counted in, shared by every instance; unset: in memory, per instance')),
  REDIS_KEY_PREFIX: Type.String({ minLength: 1, default: 'jla:rate-limit', description: "prefix of the rate limits' Redis keys" }),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      pattern: '^[\\x21-\\x7E]{16,512}$',
      writeOnly: true,
      must: 'be 16 to 512 visible ASCII characters (no spaces)',
      description: 'bearer token GET /metrics requires; unset: /metrics refuses everyone',
    }),
  ),
  CORS_WRITE_ORIGINS: Type.Array(Type.String({ format: 'origin' }), {
    default: [],
    must: 'list origins such as https://app.example.com (no path, no trailing slash)',
    description: 'comma-separated origins whose browser pages may call the operations that take an API key',
  }),
  TRUST_PROXY: Type.Boolean({ default: false, description: 'take the client address from X-Forwarded-For, as set by one proxy in front' }),
  LOG_LEVEL: setting.logLevel('info', 'pino log level (silent mutes the logs)'),
  EMBEDDING_MODEL_DIR: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'folder of the embedding model (model.onnx, tokenizer.json); unset: .cache/models/bge-small-en-v15-q',
    }),
  ),
  EMBEDDING_THREADS: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 1,
    description: 'CPU threads one model run may use; 1 leaves the other cores to requests',
  }),
  EMBEDDING_QUERY_CACHE_SIZE: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 10_000,
    description: 'query embeddings kept in memory (about 1.6 KB each); 0: none',
  }),
  SAVED_SEARCH_LIMIT: Type.Integer({ minimum: 1, maximum: 100_000, default: 100, description: 'saved searches one user may keep' }),
  WEBHOOK_LIMIT: Type.Integer({ minimum: 1, maximum: 10_000, default: 20, description: 'webhook subscriptions one user may keep' }),
  WEBHOOK_ALLOW_HTTP: Type.Boolean({ default: false, description: 'accept http:// webhook URLs; unset: https only' }),
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: Type.Boolean({
    default: false,
    description: 'accept webhook URLs that resolve to loopback, private, link-local or metadata addresses (tests, local development only)',
  }),
  WEBHOOK_RETRY_SCHEDULE: Type.Array(Type.Integer({ minimum: 1, maximum: 604_800 }), {
    minItems: 1,
    maxItems: 30,
    default: [5, 300, 1800, 7200, 18000, 36000, 36000],
    must: 'list seconds between attempts, e.g. 5,300,1800',
    description:
      'comma-separated seconds from a failed delivery attempt to the next; the default retries for 27.6 hours, then the delivery fails',
  }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    default: 10_000,
    description: 'time a receiver has to answer with a 2xx before the attempt counts as failed',
  }),
  WEBHOOK_SECRET_OVERLAP_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 2_592_000,
    default: 86_400,
    description: 'how long the previous signing secret still signs after a rotation',
  }),
  WEBHOOK_POLL_MS: Type.Integer({
    minimum: 10,
    maximum: 60_000,
    default: 500,
    description: 'idle poll interval of the webhook delivery worker',
  }),
  MATCHER_POLL_MS: Type.Integer({
    minimum: 10,
    maximum: 60_000,
    default: 1000,
    description: 'idle poll interval of the saved-search matcher',
  }),
  MATCHER_BATCH_SIZE: Type.Integer({
    minimum: 1,
    maximum: 5000,
    default: 500,
    description: 'changed jobs the saved-search matcher matches at once',
  }),
});

/** Where scripts/embedding-model.sh puts the embedding model by default. */
export function defaultEmbeddingModelDir(): string {
  return path.join(projectRoot(), '.cache', 'models', 'bge-small-en-v15-q');
}

/** A URL as the code joins paths to it: without trailing slashes. */
const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

/** Reads and validates the configuration; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const s = loadEnv(Settings, env);
  if (s.HTTP_HEADERS_TIMEOUT_MS > s.HTTP_REQUEST_TIMEOUT_MS) {
    // Node refuses that too, less clearly.
    throw new ConfigError(
      `HTTP_HEADERS_TIMEOUT_MS (${s.HTTP_HEADERS_TIMEOUT_MS}) must not be above HTTP_REQUEST_TIMEOUT_MS (${s.HTTP_REQUEST_TIMEOUT_MS})`,
    );
  }
  const nodes = (s.ELASTICSEARCH_URL ?? [`http://127.0.0.1:${s.ES_PORT}`]).map(withoutTrailingSlash);
  return {
    port: s.PORT,
    readPort: s.READ_PORT,
    writePort: s.WRITE_PORT,
    baseUrl: withoutTrailingSlash(s.BASE_URL ?? `http://localhost:${s.PORT}`),
    databaseUrl: withoutTrailingSlash(s.DATABASE_URL),
    databaseUrlGiven: Boolean(env.DATABASE_URL?.trim()),
    embeddedPostgres: s.EMBEDDED_POSTGRES,
    embeddedPostgresPort: s.EMBEDDED_POSTGRES_PORT,
    embeddedPostgresDir: s.EMBEDDED_POSTGRES_DIR,
    seedDemo: s.SEED_DEMO,
    elasticsearchUrl: nodes[0],
    elasticsearchNodes: nodes,
    elasticsearchExternal: s.ELASTICSEARCH_URL !== undefined,
    esPort: s.ES_PORT,
    esHeap: s.ES_HEAP,
    esReplicas: s.ES_REPLICAS,
    indexAlias: s.ES_INDEX_ALIAS,
    esRequestTimeoutMs: s.ES_REQUEST_TIMEOUT_MS,
    pgStatementTimeoutMs: s.PG_STATEMENT_TIMEOUT_MS,
    pgConnectTimeoutMs: s.PG_CONNECT_TIMEOUT_MS,
    pgPoolMax: s.PG_POOL_MAX,
    runIndexer: s.RUN_INDEXER,
    runMatcher: s.RUN_MATCHER,
    runWebhookWorker: s.RUN_WEBHOOK_WORKER,
    indexerBatchSize: s.INDEXER_BATCH_SIZE,
    indexerPollMs: s.INDEXER_POLL_MS,
    readRateLimitPerMinute: s.READ_RATE_LIMIT_PER_MINUTE,
    writeRateLimitPerMinute: s.WRITE_RATE_LIMIT_PER_MINUTE,
    // Turning the write limit on turns on the address limits too, so a per-key limit is never
    // left open to rotating keys; each can still be set on its own (0 turns it off).
    writeAddressRateLimitPerMinute: s.WRITE_ADDRESS_RATE_LIMIT_PER_MINUTE ?? 10 * s.WRITE_RATE_LIMIT_PER_MINUTE,
    authFailureLimitPerMinute: s.AUTH_FAILURE_LIMIT_PER_MINUTE ?? (s.WRITE_RATE_LIMIT_PER_MINUTE > 0 ? 10 : 0),
    logLevel: s.LOG_LEVEL,
    trustProxy: s.TRUST_PROXY,
    redisUrl: s.REDIS_URL && withoutTrailingSlash(s.REDIS_URL),
    redisKeyPrefix: s.REDIS_KEY_PREFIX,
    metricsToken: s.METRICS_TOKEN,
    corsWriteOrigins: s.CORS_WRITE_ORIGINS,
    httpHeadersTimeoutMs: s.HTTP_HEADERS_TIMEOUT_MS,
    httpRequestTimeoutMs: s.HTTP_REQUEST_TIMEOUT_MS,
    embeddingModelDir: path.resolve(s.EMBEDDING_MODEL_DIR ?? defaultEmbeddingModelDir()),
    embeddingThreads: s.EMBEDDING_THREADS,
    embeddingQueryCacheSize: s.EMBEDDING_QUERY_CACHE_SIZE,
    savedSearchLimit: s.SAVED_SEARCH_LIMIT,
    webhookLimit: s.WEBHOOK_LIMIT,
    webhookAllowHttp: s.WEBHOOK_ALLOW_HTTP,
    webhookAllowPrivateAddresses: s.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    webhookRetrySchedule: s.WEBHOOK_RETRY_SCHEDULE,
    webhookTimeoutMs: s.WEBHOOK_TIMEOUT_MS,
    webhookSecretOverlapSeconds: s.WEBHOOK_SECRET_OVERLAP_SECONDS,
    webhookPollMs: s.WEBHOOK_POLL_MS,
    matcherPollMs: s.MATCHER_POLL_MS,
    matcherBatchSize: s.MATCHER_BATCH_SIZE,
  };
}

/** ES_REPLICAS alone, for replicaSettings(env). */
const ReplicaSetting = Type.Object({ ES_REPLICAS: Settings.properties.ES_REPLICAS });

export interface ReplicaSettings {
  number_of_replicas: number;
  auto_expand_replicas?: string;
}

/**
 * Replicas of a new index: ES_REPLICAS when set; otherwise one as soon as the cluster has a second
 * data node and none on a lone node (`auto_expand_replicas`), so a single development node stays
 * green and a cluster survives the loss of any one node without a setting.
 */
export function replicaSettings(config?: Pick<Config, 'esReplicas'>): ReplicaSettings;
/** The same from an environment's ES_REPLICAS alone (checked as loadConfig checks it). */
export function replicaSettings(env: NodeJS.ProcessEnv): ReplicaSettings;
export function replicaSettings(from: Pick<Config, 'esReplicas'> | NodeJS.ProcessEnv = {}): ReplicaSettings {
  const esReplicas =
    'esReplicas' in from ? (from as Pick<Config, 'esReplicas'>).esReplicas : loadEnv(ReplicaSetting, from as NodeJS.ProcessEnv).ES_REPLICAS;
  return esReplicas === undefined ? { number_of_replicas: 0, auto_expand_replicas: '0-1' } : { number_of_replicas: esReplicas };
}
