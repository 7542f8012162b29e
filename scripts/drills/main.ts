import { parseArgs } from 'node:util';
import { DRILL_ES_PORT, DrillCluster } from './cluster';
import type { DrillContext, DrillResult } from './drill';
import { esNodeLoss } from './es-node-loss';
import { esOutageWrites } from './es-outage-writes';
import { postgresOutage } from './postgres-outage';
import { readInstanceLoss } from './read-instance-loss';
import { DRILL_SERVICE_PORT } from './services';

/** Each drill by name, with the first service port of its own (3310..3319). */
export const DRILLS: Record<string, { run: (ctx: DrillContext) => Promise<DrillResult>; port: number }> = {
  'es-node-loss': { run: esNodeLoss, port: DRILL_SERVICE_PORT },
  'read-instance-loss': { run: readInstanceLoss, port: DRILL_SERVICE_PORT + 2 },
  'es-outage-writes': { run: esOutageWrites, port: DRILL_SERVICE_PORT + 6 },
  'postgres-outage': { run: postgresOutage, port: DRILL_SERVICE_PORT + 7 },
};

const USAGE = `npm run drill -- <name> [--json] [--phase-seconds S] [--fault-seconds S] [--es-port P] [--keep-cluster]

Failure drills against a 3-node Elasticsearch cluster of their own (ports P..P+2, default
${DRILL_ES_PORT}; heap ES_HEAP, default 512m each), their own databases (jla_drill_<name>_<pid>) and service
ports (${DRILL_SERVICE_PORT}..${DRILL_SERVICE_PORT + 9}), so they run beside npm start and the tests.
  es-node-loss        kill -9 the node holding the primary under 8 concurrent readers; restart it
  read-instance-loss  kill -9 one of two read instances behind nginx under 8 concurrent readers
  es-outage-writes    stop (SIGSTOP) the whole cluster while creating jobs at 5/s (default 30 s)
  postgres-outage     cut the service's Postgres sessions while creating and applying (default 10 s)
  all                 the four, one after the other
--phase-seconds: load before the fault and after recovery (default 10). The cluster is stopped at
the end unless it was running before or --keep-cluster is given. Exit status 0 when every drill passed.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      'phase-seconds': { type: 'string', default: '10' },
      'fault-seconds': { type: 'string' },
      'es-port': { type: 'string', default: String(DRILL_ES_PORT) },
      'keep-cluster': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const [name] = positionals;
  if (values.help || !name) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const names = name === 'all' ? Object.keys(DRILLS) : [name];
  const unknown = names.find((n) => !DRILLS[n]);
  if (unknown) {
    console.error(`unknown drill "${unknown}"; choose from: ${Object.keys(DRILLS).join(', ')}, all`);
    return 2;
  }
  const log = (msg: string) => console.error(`[drill] ${msg}`);
  const cluster = new DrillCluster(Number(values['es-port']), 3, process.env.ES_HEAP ?? '512m');
  const wasUp = await cluster.anyNodeRuns();
  const results: DrillResult[] = [];
  try {
    for (const drill of names) {
      log(`${drill}: starting`);
      const ctx: DrillContext = {
        cluster,
        port: DRILLS[drill].port,
        phaseSeconds: Number(values['phase-seconds']),
        faultSeconds: values['fault-seconds'] === undefined ? undefined : Number(values['fault-seconds']),
        log: (msg) => log(`${drill}: ${msg}`),
      };
      results.push(await DRILLS[drill].run(ctx));
    }
  } finally {
    if (!wasUp && !values['keep-cluster']) await cluster.stop();
  }
  const out = results.length === 1 ? results[0] : { drills: results, passed: results.every((r) => r.passed) };
  console.log(values.json ? JSON.stringify(out) : JSON.stringify(out, null, 2));
  return results.every((r) => r.passed) ? 0 : 1;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(`[drill] failed: ${(err as Error).stack ?? err}`);
      process.exit(1);
    },
  );
}
