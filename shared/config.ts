/** Configuration: read once from the environment, validated at start-up; a bad value stops the process. */

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
  /** Alias the read service queries; versioned indices live behind it. */
  indexAlias: string;
  esRequestTimeoutMs: number;
  pgStatementTimeoutMs: number;
  pgConnectTimeoutMs: number;
  pgPoolMax: number;
  /** Run the outbox indexer inside the write process. */
  runIndexer: boolean;
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
}

/** A setting that cannot be used; its message names the variable and the value. */
export class ConfigError extends Error {}

/** pino's levels; `silent` mutes the logs. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** A comma-separated list of URLs (the nodes of a cluster); the first one names the list in messages. */
function urls(env: NodeJS.ProcessEnv, name: string, fallback: string): string[] {
  const list = (env[name]?.trim() || fallback).split(',').map((one) => one.trim()).filter(Boolean);
  if (list.length === 0) throw new ConfigError(`${name} must list one or more URLs, got "${env[name]}"`);
  return list.map((one) => url({ [name]: one }, name, fallback));
}

/** A token clients send in a header: unset, or 16 to 512 visible ASCII characters (a short one is guessable). */
function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^[\x21-\x7E]{16,512}$/.test(raw)) throw new ConfigError(`${name} must be 16 to 512 visible ASCII characters (no spaces)`);
  return raw;
}

/** A comma-separated list of web origins (scheme://host[:port], as browsers send them in Origin). */
function origins(env: NodeJS.ProcessEnv, name: string): string[] {
  const list = (env[name] ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of list) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    // Browsers send Origin as scheme://host[:port] and it is compared as a string: a path, a
    // trailing slash or "*" would never match.
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(`${name} must list origins such as https://app.example.com (no path, no trailing slash), got "${origin}"`);
    }
  }
  return list;
}

/** Reads and validates the configuration; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT', 3000, 1, 65535);
  const esPort = int(env, 'ES_PORT', 9200, 1, 65535);
  const indexAlias = (env.ES_INDEX_ALIAS ?? 'jobs').trim();
  const logLevel = env.LOG_LEVEL?.trim().toLowerCase() || 'info';
  // Checked here so a typo stops the start with the variable's name, not with pino's "unknown level".
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  if (!/^[a-z][a-z0-9_-]{0,100}$/.test(indexAlias)) {
    throw new ConfigError(`ES_INDEX_ALIAS must be a lowercase index name, got "${indexAlias}"`);
  }
  return {
    port,
    readPort: int(env, 'READ_PORT', 3001, 1, 65535),
    writePort: int(env, 'WRITE_PORT', 3002, 1, 65535),
    baseUrl: url(env, 'BASE_URL', `http://localhost:${port}`),
    databaseUrl: url(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/job_listing'),
    databaseUrlGiven: Boolean(env.DATABASE_URL?.trim()),
    embeddedPostgres: bool(env, 'EMBEDDED_POSTGRES', false),
    embeddedPostgresPort: int(env, 'EMBEDDED_POSTGRES_PORT', 5433, 1, 65535),
    embeddedPostgresDir: env.EMBEDDED_POSTGRES_DIR?.trim() || undefined,
    seedDemo: env.SEED_DEMO?.trim() ? bool(env, 'SEED_DEMO', false) : undefined,
    ...elasticsearchNodes(env, esPort),
    elasticsearchExternal: Boolean(env.ELASTICSEARCH_URL?.trim()),
    indexAlias,
    esRequestTimeoutMs: int(env, 'ES_REQUEST_TIMEOUT_MS', 3000, 100),
    pgStatementTimeoutMs: int(env, 'PG_STATEMENT_TIMEOUT_MS', 5000, 100),
    pgConnectTimeoutMs: int(env, 'PG_CONNECT_TIMEOUT_MS', 3000, 100),
    pgPoolMax: int(env, 'PG_POOL_MAX', 10, 1, 1000),
    runIndexer: bool(env, 'RUN_INDEXER', true),
    indexerBatchSize: int(env, 'INDEXER_BATCH_SIZE', 500, 1, 10000),
    indexerPollMs: int(env, 'INDEXER_POLL_MS', 250, 10),
    readRateLimitPerMinute: int(env, 'READ_RATE_LIMIT_PER_MINUTE', 0),
    writeRateLimitPerMinute: int(env, 'WRITE_RATE_LIMIT_PER_MINUTE', 0),
    // Turning the write limit on turns on the address limits too, so a per-key limit is never
    // left open to rotating keys; each can still be set on its own (0 turns it off).
    writeAddressRateLimitPerMinute: int(env, 'WRITE_ADDRESS_RATE_LIMIT_PER_MINUTE', 10 * int(env, 'WRITE_RATE_LIMIT_PER_MINUTE', 0)),
    authFailureLimitPerMinute: int(env, 'AUTH_FAILURE_LIMIT_PER_MINUTE', int(env, 'WRITE_RATE_LIMIT_PER_MINUTE', 0) > 0 ? 10 : 0),
    logLevel,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    redisUrl: env.REDIS_URL?.trim() ? url(env, 'REDIS_URL', '') : undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX?.trim() || 'jla:rate-limit',
    metricsToken: secret(env, 'METRICS_TOKEN'),
    corsWriteOrigins: origins(env, 'CORS_WRITE_ORIGINS'),
    ...httpTimeouts(env),
  };
}

/** ELASTICSEARCH_URL's nodes (or the project's own node on ES_PORT); the first is `elasticsearchUrl`. */
function elasticsearchNodes(env: NodeJS.ProcessEnv, esPort: number): Pick<Config, 'elasticsearchUrl' | 'elasticsearchNodes'> {
  const nodes = urls(env, 'ELASTICSEARCH_URL', `http://127.0.0.1:${esPort}`);
  return { elasticsearchUrl: nodes[0], elasticsearchNodes: nodes };
}

/**
 * Replicas of a new index: ES_REPLICAS when set; otherwise one as soon as the cluster has a second
 * data node and none on a lone node (`auto_expand_replicas`), so a single development node stays
 * green and a cluster survives the loss of any one node without a setting.
 */
export function replicaSettings(env: NodeJS.ProcessEnv = process.env): { number_of_replicas: number; auto_expand_replicas?: string } {
  const fixed = env.ES_REPLICAS?.trim();
  if (fixed) return { number_of_replicas: int(env, 'ES_REPLICAS', 0, 0, 10) };
  return { number_of_replicas: 0, auto_expand_replicas: '0-1' };
}

/** The two request timeouts; the headers' must not exceed the whole request's (Node refuses that too, less clearly). */
function httpTimeouts(env: NodeJS.ProcessEnv): Pick<Config, 'httpHeadersTimeoutMs' | 'httpRequestTimeoutMs'> {
  const httpHeadersTimeoutMs = int(env, 'HTTP_HEADERS_TIMEOUT_MS', 15_000, 1_000, 600_000);
  const httpRequestTimeoutMs = int(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000);
  if (httpHeadersTimeoutMs > httpRequestTimeoutMs) {
    throw new ConfigError(`HTTP_HEADERS_TIMEOUT_MS (${httpHeadersTimeoutMs}) must not be above HTTP_REQUEST_TIMEOUT_MS (${httpRequestTimeoutMs})`);
  }
  return { httpHeadersTimeoutMs, httpRequestTimeoutMs };
}
