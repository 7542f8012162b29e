import { performance } from 'node:perf_hooks';
import type { DrillContext, DrillResult } from './drill';
import { quantile, sleep } from './load';
import { startDrillService } from './services';
import { createDrillWorld, createJob, settle } from './world';

/** Each Elasticsearch request of the drill's service gives up after this: a read answers 503 within it. */
const ES_TIMEOUT_MS = 1000;
/** A read during the outage must answer within this (the timeout and some room for the loaded machine). */
const QUICK_MS = ES_TIMEOUT_MS + 1500;

/**
 * es-outage-writes: jobs are created at 5/s while the whole cluster is stopped (every node
 * SIGSTOPped: connections hang, the harder case than refused ones) for `faultSeconds` (30 by
 * default), and read every 250 ms. Passes when every 201 is indexed exactly once afterwards
 * (Postgres rows = documents: none lost, none duplicated) and every read during the outage
 * answered quickly, 503 with Retry-After.
 */
export async function esOutageWrites(ctx: DrillContext): Promise<DrillResult> {
  const { cluster, log } = ctx;
  const outageSeconds = ctx.faultSeconds ?? 30;
  await cluster.start();
  const world = await createDrillWorld('es-outage-writes', cluster.urls);
  const api = await startDrillService('all-in-one', ctx.port, world, { ES_REQUEST_TIMEOUT_MS: String(ES_TIMEOUT_MS) });
  let frozen = false;
  try {
    const creates: Promise<{ status: number; id?: string }>[] = [];
    let creating = true;
    let n = 0;
    const creator = (async () => {
      // 5 per second, each on its own: a slow answer does not slow the rate down.
      for (let next = performance.now(); creating; next += 200) {
        const i = ++n;
        creates.push(
          createJob(api.url, world, `Outage drill job ${i}`).then(
            ({ status, id, res }) => res.arrayBuffer().then(() => ({ status, id })),
            () => ({ status: 0 }),
          ),
        );
        await sleep(Math.max(0, next + 200 - performance.now()));
      }
    })();
    const probes: { status: number; ms: number; retryAfter: boolean }[] = [];
    let probing = false;
    const prober = (async () => {
      while (creating) {
        if (probing) {
          const started = performance.now();
          const res = await fetch(`${api.url}/agents/jobs/search?q=engineer`, { signal: AbortSignal.timeout(30_000) }).catch(
            () => undefined,
          );
          await res?.arrayBuffer();
          probes.push({ status: res?.status ?? 0, ms: performance.now() - started, retryAfter: Boolean(res?.headers.get('retry-after')) });
        }
        await sleep(250);
      }
    })();
    await sleep(ctx.phaseSeconds * 1000);
    await cluster.signalAll('SIGSTOP');
    frozen = true;
    probing = true;
    log(`the whole cluster stopped (SIGSTOP) for ${outageSeconds} s while jobs are created at 5/s`);
    await sleep(outageSeconds * 1000);
    probing = false;
    await cluster.signalAll('SIGCONT');
    frozen = false;
    log('the cluster continues (SIGCONT)');
    await sleep(ctx.phaseSeconds * 1000);
    creating = false;
    await Promise.all([creator, prober]);
    const answers = await Promise.all(creates);
    const createdIds = answers.filter((a) => a.status === 201).map((a) => a.id!);
    await cluster.waitForGreen();
    const { jobs, documents, lost, duplicated } = await settle(world);
    const indexedOnce = createdIds.filter((id) => documents.filter((doc) => doc === id).length === 1).length;
    const slowOrWrong = probes.filter((p) => p.ms > QUICK_MS || !(p.status === 200 || (p.status === 503 && p.retryAfter)));
    const failedCreates = answers.filter((a) => a.status !== 201).length;
    const statuses: Record<string, number> = {};
    for (const p of probes) statuses[p.status] = (statuses[p.status] ?? 0) + 1;
    return {
      drill: 'es-outage-writes',
      passed:
        failedCreates === 0 &&
        lost === 0 &&
        duplicated === 0 &&
        indexedOnce === createdIds.length &&
        jobs.length === documents.length &&
        slowOrWrong.length === 0 &&
        probes.length > 0,
      requests: answers.length + probes.length,
      failed: failedCreates + slowOrWrong.length,
      created: createdIds.length,
      indexed: indexedOnce,
      lost,
      duplicated,
      postgres_rows: jobs.length,
      documents: documents.length,
      outage_seconds: outageSeconds,
      reads_during_outage: {
        requests: probes.length,
        statuses,
        with_retry_after: probes.filter((p) => p.retryAfter).length,
        p99_ms: Math.round(
          quantile(
            probes.map((p) => p.ms),
            0.99,
          ),
        ),
        max_ms: Math.round(Math.max(0, ...probes.map((p) => p.ms))),
      },
    };
  } finally {
    if (frozen) await cluster.signalAll('SIGCONT');
    await api.stop();
    await world.close();
  }
}
