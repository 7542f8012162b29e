import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DrillContext, DrillResult } from './drill';
import { sleep } from './load';
import { startDrillService } from './services';
import { createDrillWorld, createJob, settle, type DrillWorld } from './world';

/** The service's sessions carry this name: the drill ends its own sessions and nobody else's. */
const APP_NAME = 'jla-drill-postgres-outage';

/** Ends every Postgres session of the drill's service (never stops the server: others use it). */
async function cutSessions(world: DrillWorld): Promise<number> {
  const admin = new Client({ connectionString: world.databaseUrl });
  await admin.connect();
  try {
    const rows = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()',
      [APP_NAME],
    );
    return rows.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/**
 * postgres-outage: jobs are created and applied to while the service's Postgres sessions are cut
 * again and again (pg_terminate_backend every 50 ms for `faultSeconds`). Every answer must be
 * a success or a clean JSON 503 with Retry-After; the service recovers without a restart (same
 * process, the next request succeeds); nothing is half-written: retried creates (with an
 * Idempotency-Key) and applies land exactly once, every job is indexed once.
 */
export async function postgresOutage(ctx: DrillContext): Promise<DrillResult> {
  const { cluster, log } = ctx;
  const cutSeconds = ctx.faultSeconds ?? 10;
  await cluster.start();
  const world = await createDrillWorld('postgres-outage', cluster.urls);
  const api = await startDrillService('all-in-one', ctx.port, world, { PGAPPNAME: APP_NAME, PG_CONNECT_TIMEOUT_MS: '2000' });
  const pid = api.child.pid;
  try {
    const statuses: Record<string, number> = {};
    const unclean: string[] = [];
    let requests = 0;
    const send = async (request: () => Promise<Response>, ok: number[]): Promise<Response> => {
      for (let attempt = 0; attempt < 60; attempt++) {
        const res = await request();
        requests++;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (ok.includes(res.status)) return res;
        const body = await res.text();
        const json = /^application\/json/.test(res.headers.get('content-type') ?? '');
        if (res.status !== 503 || !json || !res.headers.get('retry-after') || !/"code":"unavailable"/.test(body))
          unclean.push(`${res.status} ${body.slice(0, 200)}`);
        await sleep(100);
      }
      throw new Error('a request never succeeded after 60 attempts');
    };
    const applied = new Set<string>();
    const created = new Set<string>();
    let working = true;
    // Four agents creating (about 5/s together on this machine), each applying to its new job.
    const worker = async (w: number) => {
      for (let i = 0; working; i++) {
        const key = randomUUID();
        const res = await send(() => createJob(api.url, world, `Session loss job ${w}-${i}`, key).then((r) => r.res), [201]);
        const { id } = (await res.json()) as { id: string };
        created.add(id);
        await send(
          () => fetch(`${api.url}/agents/jobs/${id}/apply`, { method: 'POST', headers: { 'x-api-key': world.applicantKey } }),
          [201, 409],
        ).then((r) => r.arrayBuffer());
        applied.add(id);
        await sleep(200);
      }
    };
    const workers = Promise.all([0, 1, 2, 3].map(worker));
    await sleep(ctx.phaseSeconds * 1000);
    log(`cutting the service's Postgres sessions every 50 ms for ${cutSeconds} s`);
    let cutting = true;
    let cut = 0;
    const cutter = (async () => {
      while (cutting) {
        cut += await cutSessions(world).catch(() => 0);
        await sleep(50);
      }
    })();
    await sleep(cutSeconds * 1000);
    cutting = false;
    await cutter;
    // Recovery without a restart: the same process answers the very next request.
    const first = await createJob(api.url, world, 'First job after the cuts');
    await first.res.arrayBuffer();
    if (first.id) created.add(first.id);
    await sleep(ctx.phaseSeconds * 1000);
    working = false;
    await workers;
    const { jobs, documents, lost, duplicated } = await settle(world);
    const [{ applications }] = await world.db.query<{ applications: number }>('SELECT count(*)::int AS applications FROM applications');
    const [{ twice }] = await world.db.query<{ twice: number }>(
      'SELECT count(*)::int AS twice FROM (SELECT title FROM jobs GROUP BY title HAVING count(*) > 1) t',
    );
    const [{ orphans }] = await world.db.query<{ orphans: number }>(
      'SELECT count(*)::int AS orphans FROM applications a LEFT JOIN jobs j ON j.id = a.job_id WHERE j.id IS NULL',
    );
    const sameProcess = api.child.pid === pid && api.child.exitCode === null;
    const halfWritten = twice + orphans + Math.abs(jobs.length - created.size) + Math.abs(applications - applied.size);
    return {
      drill: 'postgres-outage',
      passed:
        unclean.length === 0 &&
        sameProcess &&
        first.status === 201 &&
        halfWritten === 0 &&
        lost === 0 &&
        duplicated === 0 &&
        (statuses['503'] ?? 0) > 0,
      requests,
      failed: unclean.length,
      created: created.size,
      indexed: documents.length,
      lost,
      duplicated,
      applied: applied.size,
      sessions_cut: cut,
      statuses,
      unclean_answers: unclean.slice(0, 5),
      first_request_after_cuts: first.status,
      same_process: sameProcess,
      half_written_rows: halfWritten,
      postgres_rows: jobs.length,
      applications,
    };
  } finally {
    await api.stop();
    await world.close();
  }
}
