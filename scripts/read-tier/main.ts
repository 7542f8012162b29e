import { Command } from 'commander';
import { loadConfig } from '../../shared/config';
import { describeStartError } from '../../shared/runtime/serve';
import { parseCommandLine, wholeNumber } from '../lib/command-line';
import { ensureElasticsearch } from '../stack/elasticsearch';
import { prepareStack } from '../stack/prepare';
import { ReadTier } from './read-tier';

const log = (msg: string) => console.error(`[read-tier] ${msg}`);

const program = new Command('npm run read-tier --')
  .description(
    'Runs the API as it is deployed: N read instances behind nginx at http://127.0.0.1:P, with ' +
      'deploy/nginx.conf (passive health checks, reads retried on another instance, keep-alive to the ' +
      'instances), and one all-in-one process behind the same edge for writes, /docs and the indexer. ' +
      'The read instances listen on P+1 .. P+N, the all-in-one on P+N+1. Set REDIS_URL so that rate ' +
      'limits hold across the instances. Ctrl-C stops everything.',
  )
  .option('--instances <N>', 'read instances', wholeNumber(1, 16), 2)
  .option('--port <P>', "the edge's port (default PORT, 3000)", wholeNumber(1, 65535))
  .showHelpAfterError();

/** Runs the tier until Ctrl-C; resolves with an exit status when it does not start (0 after --help, 2 on a usage error). */
async function main(): Promise<number | undefined> {
  const exit = parseCommandLine(program, process.argv.slice(2));
  if (exit !== undefined) return exit;
  const { instances, port: portOption } = program.opts<{ instances: number; port?: number }>();
  const config = loadConfig();
  const port = portOption ?? config.port;
  if (port + instances + 1 > 65535) {
    console.error(`error: --port ${port} leaves no room for ${instances} read instance(s) and the all-in-one above it`);
    return 2;
  }
  await ensureElasticsearch(config);
  await prepareStack(config, log, { seedDemo: false });
  const tier = new ReadTier({ instances, port, writerPort: port + instances + 1, log, env: { BASE_URL: `http://localhost:${port}` } });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    tier.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await tier.start();
  console.log(`\nJob Listing Agent API serving at ${tier.url} (${instances} read instance(s) behind nginx)\n`);
  return undefined;
}

main().then(
  (exit) => {
    if (exit !== undefined) process.exitCode = exit;
  },
  (err) => {
    console.error(`[read-tier] failed: ${describeStartError(err)}`);
    process.exit(1);
  },
);
