import { entryPoint, startProcess, stopProcess, waitForReady, type TierProcess } from '../read-tier/read-tier';
import type { DrillWorld } from './world';
import { createJob, settle } from './world';

/** Drills run their services on 3310..3319 (never npm start's 3000-3002 nor a test's free ports). */
export const DRILL_SERVICE_PORT = 3310;

/** A service process of a drill: the read service alone, or the whole API (writes, indexer inside). */
export async function startDrillService(
  kind: 'read' | 'all-in-one',
  port: number,
  world: DrillWorld,
  env: NodeJS.ProcessEnv = {},
): Promise<TierProcess & { url: string; stop: (signal?: NodeJS.Signals) => Promise<void> }> {
  const portVariable = kind === 'read' ? 'READ_PORT' : 'PORT';
  const proc = startProcess(`${kind} on ${port}`, port, entryPoint(kind), {
    ...process.env,
    ...world.env,
    RUN_INDEXER: 'true',
    [portVariable]: String(port),
    BASE_URL: `http://localhost:${port}`,
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(proc, `${url}/readyz`, 60_000);
  } catch (err) {
    await stopProcess(proc, 'SIGKILL');
    throw err;
  }
  return { ...proc, url, stop: (signal) => stopProcess(proc, signal) };
}

/** Creates `count` jobs through `base` and waits until the index holds them all; answers their ids. */
export async function seedJobs(base: string, world: DrillWorld, count: number): Promise<string[]> {
  const titles = ['Backend Engineer', 'Data Engineer', 'Site Reliability Engineer', 'Platform Engineer', 'Frontend Engineer'];
  for (let i = 0; i < count; i++) {
    const { status, res } = await createJob(base, world, `${titles[i % titles.length]} ${i + 1}`);
    if (status !== 201) throw new Error(`seeding job ${i + 1} answered ${status}: ${await res.text()}`);
  }
  const { jobs, lost } = await settle(world);
  if (lost > 0) throw new Error(`${lost} seeded jobs never reached the index`);
  return jobs;
}
