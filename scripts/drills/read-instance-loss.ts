import { ReadTier } from '../read-tier/read-tier';
import type { DrillContext, DrillResult } from './drill';
import { PhaseRecorder, readLoop, sleep } from './load';
import { seedJobs } from './services';
import { createDrillWorld } from './world';

/**
 * read-instance-loss: two read instances behind nginx (deploy/nginx.conf), 8 agents looping over
 * search, browse and get through the edge; one instance is killed (kill -9). Passes with 0 failed
 * GETs: nginx sends a request that failed on the dead instance to the other one.
 */
export async function readInstanceLoss(ctx: DrillContext): Promise<DrillResult> {
  const { cluster, log } = ctx;
  await cluster.start();
  const world = await createDrillWorld('read-instance-loss', cluster.urls);
  const tier = new ReadTier({ instances: 2, port: ctx.port, writerPort: ctx.port + 3, env: { ...world.env, RUN_INDEXER: 'true' }, log });
  try {
    await tier.start();
    const ids = await seedJobs(tier.url, world, 30);
    const recorder = new PhaseRecorder();
    let running = true;
    const load = readLoop({ base: tier.url, ids, concurrency: 8, recorder, running: () => running });
    await sleep(ctx.phaseSeconds * 1000);
    recorder.enter('during');
    await tier.killReader(0);
    log(`killed the read instance on ${tier.readers[0].port}`);
    await sleep((ctx.faultSeconds ?? ctx.phaseSeconds) * 1000);
    recorder.enter('after');
    await sleep(ctx.phaseSeconds * 1000);
    running = false;
    await load;
    const totals = recorder.totals();
    return {
      drill: 'read-instance-loss',
      passed: totals.failed === 0,
      ...totals,
      phases: recorder.figures(),
      killed_instance_port: tier.readers[0].port,
    };
  } finally {
    await tier.stop();
    await world.close();
  }
}
