import type { DrillContext, DrillResult } from './drill';
import { PhaseRecorder, readLoop, sleep } from './load';
import { seedJobs, startDrillService } from './services';
import { createDrillWorld } from './world';

/**
 * es-node-loss: a 3-node cluster, the jobs index with one replica, 8 agents looping over search,
 * browse and get through a read service; the node holding the primary is killed (kill -9), left
 * down, started again. Passes with 0 failed reads and the cluster back to green.
 */
export async function esNodeLoss(ctx: DrillContext): Promise<DrillResult> {
  const { cluster, log } = ctx;
  await cluster.start();
  const world = await createDrillWorld('es-node-loss', cluster.urls);
  const writer = await startDrillService('all-in-one', ctx.port, world);
  const reader = await startDrillService('read', ctx.port + 1, world);
  try {
    const ids = await seedJobs(writer.url, world, 30);
    await writer.stop();
    await cluster.waitForGreen();
    const [index] = Object.keys(await world.search.indices.getAlias({ name: world.alias }));
    const recorder = new PhaseRecorder();
    let running = true;
    const load = readLoop({ base: reader.url, ids, concurrency: 8, recorder, running: () => running });
    log(`before: ${ctx.phaseSeconds} s of reads`);
    await sleep(ctx.phaseSeconds * 1000);
    const killed = await cluster.primaryNodePort(index);
    recorder.enter('during');
    const killedAt = Date.now();
    await cluster.signal(killed, 'SIGKILL');
    log(`killed the node on ${killed} (it held the primary); down for ${ctx.faultSeconds ?? 15} s`);
    await sleep((ctx.faultSeconds ?? 15) * 1000);
    const degraded = await cluster.health();
    await cluster.start();
    const green = await cluster.waitForGreen();
    const recoveryMs = Date.now() - killedAt;
    log(`node ${killed} back, cluster green ${Math.round(recoveryMs / 1000)} s after the kill`);
    recorder.enter('after');
    await sleep(ctx.phaseSeconds * 1000);
    running = false;
    await load;
    const totals = recorder.totals();
    const final = await cluster.health();
    return {
      drill: 'es-node-loss',
      passed: totals.failed === 0 && final?.status === 'green',
      ...totals,
      phases: recorder.figures(),
      killed_node_port: killed,
      health_while_down: degraded && { status: degraded.status, nodes: degraded.number_of_nodes },
      cluster_status_after: final?.status,
      ms_from_kill_to_green: recoveryMs,
      ms_from_restart_to_green: green,
    };
  } finally {
    await Promise.all([writer.stop(), reader.stop()]);
    await world.close();
  }
}
