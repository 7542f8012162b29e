import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { ConfigError, defaultEmbeddingModelDir, loadConfig, loadEnv, replicaSettings, setting, Settings } from './config';
import { indexSettingsFor } from './search/index-definition';

describe('loadConfig', () => {
  it('has a default for every setting', () => {
    const config = loadConfig({});
    expect(config).to.include({
      port: 3000,
      baseUrl: 'http://localhost:3000',
      elasticsearchUrl: 'http://127.0.0.1:9200',
      indexAlias: 'jobs',
      logLevel: 'info',
    });
    expect(config.elasticsearchExternal).to.equal(false);
  });

  it('reads numbers, switches and URLs, trimming them', () => {
    const config = loadConfig({ PORT: ' 8080 ', RUN_INDEXER: 'off', ELASTICSEARCH_URL: 'http://es:9200/', LOG_LEVEL: 'WARN' });
    expect(config).to.include({
      port: 8080,
      runIndexer: false,
      elasticsearchUrl: 'http://es:9200',
      elasticsearchExternal: true,
      logLevel: 'warn',
    });
  });

  it('stops at a bad value with a message naming the variable', () => {
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{ PORT: '80a' }, 'PORT must be a whole number, got "80a"'],
      [{ PG_POOL_MAX: '0' }, 'PG_POOL_MAX must be between 1 and 1000, got 0'],
      [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false, got "maybe"'],
      [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a URL, got "not a url"'],
      [{ ES_INDEX_ALIAS: 'Jobs' }, 'ES_INDEX_ALIAS must be a lowercase index name, got "Jobs"'],
      [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"'],
    ];
    for (const [env, message] of cases) expect(() => loadConfig(env)).to.throw(ConfigError, message);
  });
});

describe('loadConfig (the schema and env-schema)', () => {
  it('fills in every default, derived ones included', () => {
    expect(loadConfig({})).to.deep.equal({
      port: 3000,
      readPort: 3001,
      writePort: 3002,
      baseUrl: 'http://localhost:3000',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/job_listing',
      databaseUrlGiven: false,
      embeddedPostgres: false,
      embeddedPostgresPort: 5433,
      embeddedPostgresDir: undefined,
      seedDemo: undefined,
      elasticsearchUrl: 'http://127.0.0.1:9200',
      elasticsearchNodes: ['http://127.0.0.1:9200'],
      elasticsearchExternal: false,
      esPort: 9200,
      esHeap: undefined,
      esReplicas: undefined,
      indexAlias: 'jobs',
      esRequestTimeoutMs: 3000,
      pgStatementTimeoutMs: 5000,
      pgConnectTimeoutMs: 3000,
      pgPoolMax: 10,
      runIndexer: true,
      runMatcher: true,
      runWebhookWorker: true,
      indexerBatchSize: 500,
      indexerPollMs: 250,
      readRateLimitPerMinute: 0,
      writeRateLimitPerMinute: 0,
      writeAddressRateLimitPerMinute: 0,
      authFailureLimitPerMinute: 0,
      logLevel: 'info',
      trustProxy: false,
      redisUrl: undefined,
      redisKeyPrefix: 'jla:rate-limit',
      metricsToken: undefined,
      corsWriteOrigins: [],
      httpHeadersTimeoutMs: 15_000,
      httpRequestTimeoutMs: 30_000,
      embeddingModelDir: defaultEmbeddingModelDir(),
      embeddingThreads: 1,
      embeddingQueryCacheSize: 10_000,
      savedSearchLimit: 100,
      webhookLimit: 20,
      webhookAllowHttp: false,
      webhookAllowPrivateAddresses: false,
      webhookRetrySchedule: [5, 300, 1800, 7200, 18000, 36000, 36000],
      webhookTimeoutMs: 10_000,
      webhookSecretOverlapSeconds: 86_400,
      webhookPollMs: 500,
      matcherPollMs: 1000,
      matcherBatchSize: 500,
    });
  });

  it('reads a list of numbers as numbers, and names a bad item', () => {
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: '5, 30,60' }).webhookRetrySchedule).to.deep.equal([5, 30, 60]);
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '5,soon' })).to.throw(ConfigError, 'WEBHOOK_RETRY_SCHEDULE');
  });

  it('takes a blank value as unset, and derives BASE_URL from PORT and the node from ES_PORT', () => {
    const config = loadConfig({ PORT: '4000', ES_PORT: '9300', DATABASE_URL: '  ', BASE_URL: '', LOG_LEVEL: ' ' });
    expect(config).to.include({
      baseUrl: 'http://localhost:4000',
      elasticsearchUrl: 'http://127.0.0.1:9300',
      esPort: 9300,
      databaseUrlGiven: false,
      logLevel: 'info',
    });
  });

  it('reads every spelling of a switch, in any case', () => {
    for (const on of ['1', 'true', 'YES', 'On']) expect(loadConfig({ TRUST_PROXY: on }).trustProxy, on).to.equal(true);
    for (const off of ['0', 'False', 'no', 'OFF']) expect(loadConfig({ RUN_INDEXER: off }).runIndexer, off).to.equal(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).to.equal(false);
  });

  it('reads comma lists: ELASTICSEARCH_URL with several nodes, trimmed, empty items dropped', () => {
    const config = loadConfig({ ELASTICSEARCH_URL: ' http://es-a:9200/ ,, http://es-b:9201,' });
    expect(config).to.deep.include({
      elasticsearchNodes: ['http://es-a:9200', 'http://es-b:9201'],
      elasticsearchUrl: 'http://es-a:9200',
      elasticsearchExternal: true,
    });
    expect(loadConfig({ CORS_WRITE_ORIGINS: 'https://a.example,http://localhost:8080' }).corsWriteOrigins).to.deep.equal([
      'https://a.example',
      'http://localhost:8080',
    ]);
  });

  it('notes which settings were given and takes the stack settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/x/',
      ES_HEAP: '2g',
      ES_REPLICAS: '2',
      EMBEDDED_POSTGRES_DIR: ' /tmp/pg ',
    });
    expect(config).to.include({
      databaseUrl: 'postgres://u@db:5432/x',
      databaseUrlGiven: true,
      esHeap: '2g',
      esReplicas: 2,
      embeddedPostgresDir: '/tmp/pg',
    });
  });

  it('refuses each kind of bad value, naming the variable', () => {
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{ PORT: '1e3' }, 'PORT must be a whole number, got "1e3"'],
      [{ PORT: '0x50' }, 'PORT must be a whole number, got "0x50"'],
      [{ PORT: '-1' }, 'PORT must be a whole number, got "-1"'],
      [{ INDEXER_BATCH_SIZE: '2.5' }, 'INDEXER_BATCH_SIZE must be a whole number, got "2.5"'],
      [{ PORT: '70000' }, 'PORT must be between 1 and 65535, got 70000'],
      [{ ES_REQUEST_TIMEOUT_MS: '5' }, 'ES_REQUEST_TIMEOUT_MS must be at least 100, got 5'],
      [{ ES_REPLICAS: '11' }, 'ES_REPLICAS must be between 0 and 10, got 11'],
      [{ SEED_DEMO: 'sometimes' }, 'SEED_DEMO must be true or false, got "sometimes"'],
      [{ BASE_URL: 'localhost' }, 'BASE_URL must be a URL, got "localhost"'],
      [{ ELASTICSEARCH_URL: ',' }, 'ELASTICSEARCH_URL must list one or more URLs, got ","'],
      [{ ELASTICSEARCH_URL: 'http://es-a:9200, es-b' }, 'ELASTICSEARCH_URL must be a URL, got "es-b"'],
      [
        { CORS_WRITE_ORIGINS: 'https://a.example/' },
        'CORS_WRITE_ORIGINS must list origins such as https://app.example.com (no path, no trailing slash), got "https://a.example/"',
      ],
      [{ ES_HEAP: 'lots' }, 'ES_HEAP must be a heap size such as 512m or 2g, got "lots"'],
    ];
    for (const [env, message] of cases) expect(() => loadConfig(env), message).to.throw(ConfigError, message);
  });

  it('keeps a secret out of its message', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short secret' })).to.throw(
      ConfigError,
      /^METRICS_TOKEN must be 16 to 512 visible ASCII characters \(no spaces\)$/,
    );
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', TRUST_PROXY: 'maybe' })).to.throw(
      ConfigError,
      'PORT must be a whole number, got "x"; TRUST_PROXY must be true or false, got "maybe"',
    );
  });

  it('ES_REPLICAS: a fixed number, or one replica once a second data node exists', () => {
    expect(replicaSettings(loadConfig({}))).to.deep.equal({ number_of_replicas: 0, auto_expand_replicas: '0-1' });
    expect(replicaSettings(loadConfig({ ES_REPLICAS: '0' }))).to.deep.equal({ number_of_replicas: 0 });
    expect(indexSettingsFor(loadConfig({ ES_REPLICAS: '2' }))).to.include({ number_of_shards: 1, number_of_replicas: 2 });
  });
});

describe("loadEnv (a tool's own settings)", () => {
  const Tool = Type.Object({
    TOOL_PORT: setting.port(9000, 'where the tool listens'),
    TOOL_TARGET: setting.url('what it calls'),
    TOOL_LEVEL: setting.logLevel('warn', 'its log level'),
  });

  it('answers the settings typed, with their defaults', () => {
    expect(loadEnv(Tool, { TOOL_TARGET: 'http://x:1', UNRELATED: 'y' })).to.deep.equal({
      TOOL_PORT: 9000,
      TOOL_TARGET: 'http://x:1',
      TOOL_LEVEL: 'warn',
    });
  });

  it('says which required setting is missing', () => {
    expect(() => loadEnv(Tool, {})).to.throw(ConfigError, 'TOOL_TARGET must be set');
  });
});

describe("README's Configuration table", () => {
  const readme = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const rows = new Map([...section.matchAll(/^\| `([A-Z0-9_]+)` \| ([^|]*) \|/gm)].map((m) => [m[1], m[2].trim()]));

  it('lists every setting of the schema, with its default', () => {
    for (const [name, schema] of Object.entries(Settings.properties)) {
      expect(rows.has(name), `${name} is missing from README.md's Configuration table`).to.equal(true);
      // Every default is a string, a number, a boolean or a list (which the table writes its own way).
      const fallback = (schema as { default?: unknown }).default;
      if (typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean') {
        expect(rows.get(name), name).to.contain(`\`${fallback}\``);
      }
    }
  });
});
