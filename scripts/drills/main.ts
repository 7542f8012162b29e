import { Argument, Command } from 'commander';
import { parseCommandLine, wholeNumber } from '../lib/command-line';
import { DRILL_ES_PORT, DrillCluster } from './cluster';
import type { DrillContext, DrillResult } from './drill';
import { esNodeLoss } from './es-node-loss';
import { esOutageWrites } from './es-outage-writes';
import { postgresOutage } from './postgres-outage';
import { readInstanceLoss } from './read-instance-loss';
import { DRILL_SERVICE_PORT } from './services';
import { webhookReceiverOutage } from './webhook-receiver-outage';

/** Each drill by name, with the first service port of its own (3310..3319). */
export const DRILLS: Record<string, { run: (ctx: DrillContext) => Promise<DrillResult>; port: number }> = {
  'es-node-loss': { run: esNodeLoss, port: DRILL_SERVICE_PORT },
  'read-instance-loss': { run: readInstanceLoss, port: DRILL_SERVICE_PORT + 2 },
  'es-outage-writes': { run: esOutageWrites, port: DRILL_SERVICE_PORT + 6 },
  'postgres-outage': { run: postgresOutage, port: DRILL_SERVICE_PORT + 7 },
  // The API on +8, the receiver on +9.
  'webhook-receiver-outage': { run: webhookReceiverOutage, port: DRILL_SERVICE_PORT + 8 },
};

const program = new Command('npm run drill --')
  .description(
    `Failure drills against a 3-node Elasticsearch cluster of their own (ports P..P+2, default ${DRILL_ES_PORT}; ` +
      `heap ES_HEAP, default 512m each), their own databases (jla_drill_<name>_<pid>) and service ports ` +
      `(${DRILL_SERVICE_PORT}..${DRILL_SERVICE_PORT + 9}), so they run beside npm start and the tests.`,
  )
  .usage('<name> [options]')
  .addArgument(new Argument('<name>', 'the drill to run (see below), or all').choices([...Object.keys(DRILLS), 'all']))
  .option('--json', 'print the result as one line of JSON')
  .option('--phase-seconds <S>', 'load before the fault and after recovery', wholeNumber(1), 10)
  .option('--fault-seconds <S>', 'how long the fault lasts (each drill has its own default)', wholeNumber(1))
  .option('--es-port <P>', 'first port of the drill cluster', wholeNumber(1, 65533), DRILL_ES_PORT)
  .option('--keep-cluster', 'leave the cluster running at the end')
  .addHelpText(
    'after',
    `
Drills:
  es-node-loss        kill -9 the node holding the primary under 8 concurrent readers; restart it
  read-instance-loss  kill -9 one of two read instances behind nginx under 8 concurrent readers
  es-outage-writes    stop (SIGSTOP) the whole cluster while creating jobs at 5/s (default 30 s)
  postgres-outage     cut the service's Postgres sessions while creating and applying (default 10 s)
  webhook-receiver-outage
                      a webhook receiver down (connections refused) while events are produced at 2/s
                      (default 300 s); every event delivered after it returns, none lost
  all                 the five, one after the other

The cluster is stopped at the end unless it was running before or --keep-cluster is given.
Exit status 0 when every drill passed, 1 when one failed, 2 on a usage error.`,
  )
  .showHelpAfterError();

async function main(): Promise<number> {
  const exit = parseCommandLine(program, process.argv.slice(2));
  if (exit !== undefined) return exit;
  const [name] = program.processedArgs as [string];
  const values = program.opts<{ json?: boolean; phaseSeconds: number; faultSeconds?: number; esPort: number; keepCluster?: boolean }>();
  const names = name === 'all' ? Object.keys(DRILLS) : [name];
  const log = (msg: string) => console.error(`[drill] ${msg}`);
  const cluster = new DrillCluster(values.esPort, 3, process.env.ES_HEAP ?? '512m');
  const wasUp = await cluster.anyNodeRuns();
  const results: DrillResult[] = [];
  try {
    for (const drill of names) {
      log(`${drill}: starting`);
      const ctx: DrillContext = {
        cluster,
        port: DRILLS[drill].port,
        phaseSeconds: values.phaseSeconds,
        faultSeconds: values.faultSeconds,
        log: (msg) => log(`${drill}: ${msg}`),
      };
      results.push(await DRILLS[drill].run(ctx));
    }
  } finally {
    if (!wasUp && !values.keepCluster) await cluster.stop();
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
