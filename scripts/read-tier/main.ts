import { parseArgs } from 'node:util';
import { loadConfig } from '../../shared/config';
import { describeStartError } from '../../shared/runtime/serve';
import { ensureElasticsearch } from '../stack/elasticsearch';
import { prepareStack } from '../stack/prepare';
import { ReadTier } from './read-tier';

const log = (msg: string) => console.error(`[read-tier] ${msg}`);

const USAGE = `npm run read-tier -- [--instances N] [--port P]

Runs the API as it is deployed: N read instances (default 2) behind nginx at http://127.0.0.1:P
(default PORT, 3000), with deploy/nginx.conf (passive health checks, reads retried on another
instance, keep-alive to the instances), and one all-in-one process behind the same edge for
writes, /docs and the indexer. The read instances listen on P+1 .. P+N, the all-in-one on P+N+1.
Set REDIS_URL so that rate limits hold across the instances. Ctrl-C stops everything.`;

async function main() {
  const { values } = parseArgs({ options: { instances: { type: 'string', default: '2' }, port: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1 || instances > 16) throw new Error(`--instances must be 1 to 16, got ${values.instances}`);
  const config = loadConfig();
  const port = values.port ? Number(values.port) : config.port;
  if (!Number.isInteger(port) || port < 1 || port > 65535 - instances - 1) throw new Error(`--port must be a port number, got ${values.port}`);
  await ensureElasticsearch(config);
  await prepareStack(config, log, { seedDemo: false });
  const tier = new ReadTier({ instances, port, writerPort: port + instances + 1, log, env: { BASE_URL: `http://localhost:${port}` } });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    tier.stop().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await tier.start();
  console.log(`\nJob Listing Agent API serving at ${tier.url} (${instances} read instance(s) behind nginx)\n`);
}

main().catch((err) => {
  console.error(`[read-tier] failed: ${describeStartError(err)}`);
  process.exit(1);
});
