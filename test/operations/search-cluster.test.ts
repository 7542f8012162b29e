import { expect } from 'chai';
import net from 'node:net';
import { ConfigError, loadConfig, replicaSettings } from '../../shared/config';
import { createSearchClient, isReadRequest, readRetries } from '../../shared/search/client';
import { indexSettings } from '../../shared/search/index-definition';
import { resetIndex, testConfig, testSearch } from '../support/context';

/** A port that accepts connections and resets them at once: a node that dies under every request. */
async function resettingPort(): Promise<{ url: string; accepted: () => number; close: () => Promise<void> }> {
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    socket.resetAndDestroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accepted: () => accepted,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('Elasticsearch as a cluster: settings and the client', () => {
  describe('configuration', () => {
    it('ELASTICSEARCH_URL takes several comma-separated nodes; the first is elasticsearchUrl', () => {
      const config = loadConfig({ ELASTICSEARCH_URL: 'http://es-a:9200, http://es-b:9200/,http://es-c:9200' });
      expect(config.elasticsearchNodes).to.deep.equal(['http://es-a:9200', 'http://es-b:9200', 'http://es-c:9200']);
      expect(config.elasticsearchUrl).to.equal('http://es-a:9200');
      expect(config.elasticsearchExternal).to.equal(true);
      expect(loadConfig({ ES_PORT: '9310' }).elasticsearchNodes).to.deep.equal(['http://127.0.0.1:9310']);
    });

    it('refuses a list with a node that is not a URL, naming the variable', () => {
      expect(() => loadConfig({ ELASTICSEARCH_URL: 'http://es-a:9200,es-b' })).to.throw(
        ConfigError,
        /ELASTICSEARCH_URL must be a URL, got "es-b"/,
      );
    });

    it('replicas: one once a second data node exists unless ES_REPLICAS fixes them; the index definition uses that', () => {
      expect(replicaSettings({})).to.deep.equal({ number_of_replicas: 0, auto_expand_replicas: '0-1' });
      expect(replicaSettings({ ES_REPLICAS: '2' })).to.deep.equal({ number_of_replicas: 2 });
      expect(() => replicaSettings({ ES_REPLICAS: 'many' })).to.throw(ConfigError, /ES_REPLICAS/);
      expect(indexSettings).to.deep.include(replicaSettings());
    });

    it('REDIS_URL is optional and must be a URL', () => {
      expect(loadConfig({}).redisUrl).to.equal(undefined);
      expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).to.equal('redis://127.0.0.1:6379');
      expect(() => loadConfig({ REDIS_URL: 'not a url' })).to.throw(ConfigError, /REDIS_URL/);
    });
  });

  describe('which requests may go to another node', () => {
    it('reads (GET, HEAD, searches, counts, multi-gets) are; writes are not', () => {
      for (const [method, path] of [
        ['GET', '/jobs/_doc/1'],
        ['HEAD', '/jobs'],
        ['POST', '/jobs/_search'],
        ['POST', '/jobs/_count'],
        ['POST', '/_mget'],
        ['POST', '/_msearch'],
        ['POST', '/jobs/_search?typed_keys=true'],
      ]) {
        expect(isReadRequest(method, path), `${method} ${path}`).to.equal(true);
      }
      for (const [method, path] of [
        ['POST', '/_bulk'],
        ['PUT', '/jobs/_doc/1'],
        ['POST', '/jobs/_doc'],
        ['DELETE', '/jobs_v1'],
        ['POST', '/jobs/_update/1'],
        ['POST', '/_aliases'],
        ['POST', '/jobs/_delete_by_query'],
      ]) {
        expect(isReadRequest(method, path), `${method} ${path}`).to.equal(false);
      }
    });

    it('a read is retried once on each other node', () => {
      expect([readRetries(1), readRetries(3), readRetries(3, 0)]).to.deep.equal([0, 2, 0]);
    });
  });

  describe('against the real node beside a node that drops every connection', function () {
    this.timeout(30_000);
    let broken: Awaited<ReturnType<typeof resettingPort>>;
    let index: string;

    before(async () => {
      index = await resetIndex();
      broken = await resettingPort();
    });

    after(async () => broken?.close());

    const cluster = (nodes: string[]) =>
      createSearchClient({ ...testConfig(), elasticsearchUrl: nodes[0], elasticsearchNodes: nodes, esRequestTimeoutMs: 3000 });

    it('every read succeeds: the ones the broken node drops are sent to the other', async () => {
      const client = cluster([broken.url, testConfig().elasticsearchUrl]);
      try {
        for (let i = 0; i < 6; i++) {
          const found = await client.search({ index, size: 1 });
          expect(found.hits.hits).to.be.an('array');
          await client.indices.exists({ index });
        }
        expect(broken.accepted(), 'the broken node was tried').to.be.greaterThan(0);
      } finally {
        await client.close();
      }
    });

    it('a write the broken node drops fails and is not sent again', async () => {
      const client = cluster([broken.url, testConfig().elasticsearchUrl]);
      try {
        const before = broken.accepted();
        const outcomes: string[] = [];
        // Round robin: over four writes, some go to the broken node first.
        for (let i = 0; i < 4; i++) {
          const outcome = await client.index({ index, id: `w${i}`, document: { id: `w${i}`, title: 'x', is_active: true } }).then(
            () => 'ok',
            (err: Error) => err.name,
          );
          outcomes.push(outcome);
        }
        const dropped = broken.accepted() - before;
        expect(dropped, 'some writes went to the broken node').to.be.greaterThan(0);
        expect(
          outcomes.filter((o) => o !== 'ok'),
          'each of those failed, none was retried elsewhere',
        ).to.have.length(dropped);
        await testSearch().indices.refresh({ index });
        const { count } = await testSearch().count({ index });
        expect(count).to.equal(4 - dropped);
      } finally {
        await client.close();
      }
    });
  });
});
