import path from 'node:path';
import { loadConfig } from '../shared/config';
import { describeStartError } from '../shared/runtime/serve';
import { superviseWorker } from '../shared/runtime/supervisor';
import { loadEmbedderConfig } from '../services/embedder';
import { describeDemoKeys } from './seed/demo-keys';
import type { SeedResult } from './seed/seed-database';
import { startElasticsearch } from './stack/elasticsearch';
import { onNpmShellGone } from './stack/npm-shell';
import { ensurePostgres } from './stack/postgres';
import { prepareStack } from './stack/prepare';
import { exitAfterStop, StackRun } from './stack/stack-run';

const log = (msg: string) => console.error(`[start] ${msg}`);

/** The worker `npm start` supervises: the whole API in one process (services/all-in-one/server.ts). */
const WORKER = path.resolve(__dirname, '../services/all-in-one/server');
/**
 * The embedding worker beside it (services/embedder/main.ts), unless RUN_EMBEDDER=false: a process
 * of its own, because the model's runs block the event loop they run on.
 */
const EMBEDDER = path.resolve(__dirname, '../services/embedder/main');

/** What the banner says of the demo data: new keys are shown this once. */
function demoLines(seed: SeedResult, seedDemo: boolean): string[] {
  if (seed.seeded)
    return ['  demo keys (x-api-key), shown once; `npm run seed -- --json` issues new ones:', ...describeDemoKeys(seed.keys, '    ')];
  if (seedDemo) return ['  demo keys: shown when the demo was seeded; `npm run seed -- --json` revokes them and prints new ones'];
  return ['  no demo data (SEED_DEMO=1 fills an empty database with it)'];
}

/**
 * Runs the embedding worker under supervision (restarted with backoff if it crashes), stopped with
 * the run before the API. One that cannot start (a bad setting) is reported and left: the API
 * serves without it, and jobs are found by keyword until they have vectors.
 */
function superviseEmbedder(run: StackRun): void {
  const say = (msg: string) => log(`embedder: ${msg}`);
  let failedStart = false;
  const supervisor = superviseWorker({
    modulePath: EMBEDDER,
    log: say,
    onFirstReady: () => say('embedding the jobs that have no vector yet; keyword search finds them meanwhile'),
    onFailedStart: () => {
      failedStart = true;
      say('it did not start (see above): search by meaning finds only the jobs embedded before; `npm run start:embedder` runs it alone');
    },
  });
  run.own('the embedding worker', async (signal) => {
    if (failedStart) return false;
    const code = await supervisor.stop(signal);
    if (code !== 0) throw new Error(`it exited with code ${code}`);
    return true;
  });
}

/**
 * `npm start`: the whole product on one machine — PostgreSQL (DATABASE_URL, else the local
 * server, else an embedded one), Elasticsearch (unless ELASTICSEARCH_URL is set), the migrated
 * database with demo data when it chose the database itself, the index, and the API at one base
 * URL, served by a worker process this one supervises (restarted with backoff if it crashes),
 * with the embedding worker in a second one (RUN_EMBEDDER).
 * Ctrl-C stops the API and the embedded PostgreSQL and leaves the Elasticsearch node running for
 * the next start; SIGTERM stops the node too when this run launched it (see StackRun).
 */
async function main(run: StackRun) {
  let config = loadConfig();
  const { runEmbedder } = loadEmbedderConfig();
  // A database someone named is theirs: demo users go into it only when asked.
  const seedDemo = config.seedDemo ?? !config.databaseUrlGiven;
  const postgres = await run.start(ensurePostgres(config, log), (pg) =>
    pg.source === 'embedded' ? { name: 'the embedded PostgreSQL', stop: pg.stop } : undefined,
  );
  if (run.stopping) return;
  if (postgres.source === 'embedded') {
    // The worker inherits this environment (and loads its configuration from it), so it reaches the same server.
    process.env.DATABASE_URL = postgres.databaseUrl;
    config = { ...config, databaseUrl: postgres.databaseUrl };
  }
  const elasticsearch = startElasticsearch(config, { ownProcessGroup: true });
  await run.start(
    elasticsearch.done,
    (node) =>
      node?.launchedHere
        ? {
            name: `the Elasticsearch node on port ${node.port}`,
            // Ctrl-C keeps it, so the next start finds it up; SIGTERM asks for everything to stop.
            stop: async (signal) => {
              if (signal === 'SIGTERM') return node.stop();
              const stopCommand = node.port === '9200' ? 'npm run es:stop' : `ES_PORT=${node.port} npm run es:stop`;
              log(`the Elasticsearch node on port ${node.port} keeps running for the next start (\`${stopCommand}\` stops it)`);
              return false;
            },
          }
        : undefined,
    elasticsearch.interrupt,
  );
  if (run.stopping) return;
  // Waited for by a stop as well: cut short, it would leave a half-filled index behind its alias,
  // which the next start would take as complete.
  const seed = await run.start(prepareStack(config, log, { seedDemo }), () => undefined);
  if (run.stopping) return;
  const banner = [
    '',
    `Job Listing Agent API serving at ${config.baseUrl}`,
    `  docs:        ${config.baseUrl}/docs`,
    `  readiness:   ${config.baseUrl}/readyz`,
    `  database:    ${postgres.description}`,
    ...demoLines(seed, seedDemo),
    `  try: curl '${config.baseUrl}/agents/jobs/search?q=engineer&limit=3'`,
    '',
  ].join('\n');
  let failedStart = false;
  const supervisor = superviseWorker({
    modulePath: WORKER,
    log,
    onFirstReady: () => console.log(banner),
    onFailedStart: (code) => {
      failedStart = true;
      void run.stop('SIGINT').then(() => process.exit(code));
    },
  });
  run.own('the API worker', async (signal) => {
    // A worker that failed to start is gone already, and said why.
    if (failedStart) return false;
    const code = await supervisor.stop(signal);
    if (code !== 0) throw new Error(`it exited with code ${code}`);
    return true;
  });
  if (runEmbedder) superviseEmbedder(run);
}

const run = new StackRun(log);
const end = (signal: NodeJS.Signals) => {
  if (run.stopping) return;
  log(`${signal}: stopping`);
  void run.stop(signal).then(exitAfterStop);
};
process.on('SIGINT', end);
process.on('SIGTERM', end);
onNpmShellGone(() => end('SIGTERM'));

main(run).catch((err) => {
  // A step cut short by the stop under way fails as expected: that stop ends the process.
  if (run.stopping) return;
  // Only a configuration that loaded can be asked for its port again (a bad one would throw here).
  console.error(`[start] failed: ${describeStartError(err)}`);
  void run.stop('SIGINT').then(() => process.exit(1));
});
