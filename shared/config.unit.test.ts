import { expect } from 'chai';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has a default for every setting', () => {
    const config = loadConfig({});
    expect(config).to.include({ port: 3000, baseUrl: 'http://localhost:3000', elasticsearchUrl: 'http://127.0.0.1:9200', indexAlias: 'jobs', logLevel: 'info' });
    expect(config.elasticsearchExternal).to.equal(false);
  });

  it('reads numbers, switches and URLs, trimming them', () => {
    const config = loadConfig({ PORT: ' 8080 ', RUN_INDEXER: 'off', ELASTICSEARCH_URL: 'http://es:9200/', LOG_LEVEL: 'WARN' });
    expect(config).to.include({ port: 8080, runIndexer: false, elasticsearchUrl: 'http://es:9200', elasticsearchExternal: true, logLevel: 'warn' });
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
