/**
 * The cheapest HTTP hop a Node service could put in front of Elasticsearch's GET: plain node:http,
 * one undici pool, the stored document parsed and serialized once, nothing else (no framework, no
 * validation, no headers of its own, no logs, no metrics). The scale benchmark runs it as its own
 * process beside the read service to show what any Node hop costs on the same machine, so the
 * get target can be read against that floor. Not product code: it serves only the benchmark.
 *   HOP_PORT, HOP_ELASTICSEARCH_URL, HOP_INDEX  where to listen, and the node and alias to read
 */
import http from 'node:http';
import { Type } from '@sinclair/typebox';
import { Pool } from 'undici';
import { loadEnv, setting } from '../../shared/config';

const HopSettings = Type.Object({
  HOP_PORT: Type.Integer({ minimum: 1, maximum: 65535, description: 'where the hop listens (127.0.0.1)' }),
  HOP_ELASTICSEARCH_URL: setting.url('the Elasticsearch node it reads from'),
  HOP_INDEX: Type.String({ minLength: 1, description: 'the alias (or index) it reads documents from' }),
});
const { HOP_PORT: port, HOP_INDEX: index, HOP_ELASTICSEARCH_URL: elasticsearchUrl } = loadEnv(HopSettings);
const pool = new Pool(elasticsearchUrl, { connections: 32 });
const JOB_PATH = '/agents/jobs/';

const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  const answer = (status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  if (req.url === '/healthz') return answer(200, '{"status":"ok"}');
  if (!req.url?.startsWith(JOB_PATH)) return answer(404, '{}');
  const id = encodeURIComponent(req.url.slice(JOB_PATH.length));
  pool
    .request({ method: 'GET', path: `/${index}/_doc/${id}` })
    .then((r) => r.body.text())
    .then((text) => {
      const doc = JSON.parse(text) as { found?: boolean; _source?: unknown };
      answer(doc.found ? 200 : 404, doc.found ? JSON.stringify(doc._source) : '{}');
    })
    .catch((err: Error) => answer(503, JSON.stringify({ message: err.message })));
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.close().then(() => process.exit(0));
});
