import { createHash } from 'node:crypto';
import http from 'node:http';
import { loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { createLogger } from '../../shared/logger';
import { signatureHeader } from '../../shared/webhooks/signing';
import { startWebhookWorker } from '../../services/webhooks';
import type { DrillContext, DrillResult } from './drill';
import { sleep } from './load';
import { startDrillService } from './services';
import { createDrillWorld, createJob, type DrillWorld } from './world';

/** One request the receiver took: the delivery's id, the event it carried (its body's hash), whether its signature held. */
interface Receipt {
  id: string;
  event: string;
  signed: boolean;
  at: number;
}

/**
 * The drill's receiver on 127.0.0.1:`port`: answers 204 to every POST and keeps what it got. Down
 * means closed: connections are refused, as when a receiver's process or host is gone.
 */
class Receiver {
  readonly receipts: Receipt[] = [];
  secret = '';
  private server: http.Server | undefined;

  constructor(readonly port: number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/jla`;
  }

  async up(): Promise<void> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const id = String(req.headers['webhook-id']);
        const expected = signatureHeader([this.secret], id, Number(req.headers['webhook-timestamp']), body);
        const signed = String(req.headers['webhook-signature']).split(' ').includes(expected);
        this.receipts.push({ id, event: createHash('sha256').update(body).digest('hex'), signed, at: Date.now() });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Seconds between attempts for the drill: soon at first, then every minute, for the outage and two minutes more. */
export function drillRetrySchedule(outageSeconds: number): number[] {
  const schedule = [5, 15, 30];
  while (schedule.reduce((a, b) => a + b, 0) < outageSeconds + 120) schedule.push(60);
  return schedule;
}

/** What the queue says of the drill's deliveries. */
async function queueFigures(
  world: DrillWorld,
): Promise<{ produced: number; delivered: number; failed: number; pending: number; retried: number; attempts: number }> {
  const [row] = await world.db.query<{
    produced: number;
    delivered: number;
    failed: number;
    pending: number;
    retried: number;
    attempts: number;
  }>(
    `SELECT count(*)::int AS produced,
            count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
            count(*) FILTER (WHERE status = 'failed')::int AS failed,
            count(*) FILTER (WHERE status = 'pending')::int AS pending,
            count(*) FILTER (WHERE attempts > 1)::int AS retried,
            coalesce(sum(attempts), 0)::int AS attempts
       FROM webhook_deliveries`,
  );
  return row;
}

/**
 * webhook-receiver-outage: a recruiter subscribes a local receiver to application.created and
 * job.closed; jobs are created, applied to and closed through the API (two events a second)
 * before, during and after an outage of the receiver of `faultSeconds` (300 by default), in which
 * its port refuses connections. The delivery worker retries on a schedule of 5, 15, 30 s then
 * every minute. Passes when, after the receiver is back, every event the API produced is
 * received (none lost, none failed), every signature holds, and every event received more than
 * once came each time under the same webhook-id.
 */
export async function webhookReceiverOutage(ctx: DrillContext): Promise<DrillResult> {
  const { cluster, log } = ctx;
  const outageSeconds = ctx.faultSeconds ?? 300;
  const schedule = drillRetrySchedule(outageSeconds);
  await cluster.start();
  const world = await createDrillWorld('webhook-receiver-outage', cluster.urls);
  // The drill runs the one delivery worker, in this process, with the drill's schedule (set here,
  // not through WEBHOOK_RETRY_SCHEDULE); the API process runs none (RUN_WEBHOOK_WORKER=false) and
  // needs only the URL policy, to check the receiver's URL when it subscribes.
  const webhookEnv = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_POLL_MS: '100' };
  const api = await startDrillService('all-in-one', ctx.port, world, { ...webhookEnv, RUN_WEBHOOK_WORKER: 'false' });
  const receiver = new Receiver(ctx.port + 1);
  const config = { ...loadConfig({ ...world.env, ...webhookEnv }), webhookRetrySchedule: schedule };
  const workerDb = new Database(config);
  const worker = startWebhookWorker(config, workerDb, createLogger(world.env.LOG_LEVEL ?? 'warn', 'webhooks'));
  try {
    await receiver.up();
    const res = await fetch(`${api.url}/agents/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': world.recruiterKey },
      body: JSON.stringify({ url: receiver.url, events: ['application.created', 'job.closed'] }),
    });
    if (res.status !== 201) throw new Error(`subscribing the receiver answered ${res.status}: ${await res.text()}`);
    receiver.secret = ((await res.json()) as { secret: string }).secret;

    // The events: each second a job is created, applied to and closed (application.created, job.closed).
    let requests = 1;
    let failedRequests = 0;
    let apiEvents = 0;
    let producing = true;
    const call = async (request: () => Promise<Response>, ok: number): Promise<Response | undefined> => {
      requests++;
      const answer = await request().catch(() => undefined);
      if (answer?.status !== ok) {
        failedRequests++;
        await answer?.arrayBuffer();
        return undefined;
      }
      return answer;
    };
    const headers = (key: string) => ({ 'content-type': 'application/json', 'x-api-key': key });
    const producer = (async () => {
      for (let i = 1; producing; i++) {
        const next = Date.now() + 1000;
        const created = await call(() => createJob(api.url, world, `Webhook drill job ${i}`).then((r) => r.res), 201);
        const id = created && ((await created.json()) as { id: string }).id;
        if (id) {
          const applied = await call(
            () => fetch(`${api.url}/agents/jobs/${id}/apply`, { method: 'POST', headers: headers(world.applicantKey) }),
            201,
          );
          if (applied) apiEvents++;
          await applied?.arrayBuffer();
          const closed = await call(
            () => fetch(`${api.url}/agents/jobs/${id}/close`, { method: 'POST', headers: headers(world.recruiterKey) }),
            200,
          );
          if (closed) apiEvents++;
          await closed?.arrayBuffer();
        }
        await sleep(Math.max(0, next - Date.now()));
      }
    })();

    await sleep(ctx.phaseSeconds * 1000);
    await receiver.down();
    const downAt = Date.now();
    log(`the receiver is down (connections refused) for ${outageSeconds} s while events are produced`);
    await sleep(outageSeconds * 1000);
    const receivedDuringOutage = receiver.receipts.filter((r) => r.at >= downAt).length;
    await receiver.up();
    const backAt = Date.now();
    log('the receiver is back');
    await sleep(ctx.phaseSeconds * 1000);
    producing = false;
    await producer;

    // Every delivery settles within one gap of the schedule after the receiver's return.
    const deadline = Date.now() + (Math.max(...schedule) + 30) * 1000;
    let figures = await queueFigures(world);
    while (figures.pending > 0 && Date.now() < deadline) {
      await sleep(500);
      figures = await queueFigures(world);
    }
    const settledAt = Date.now();

    const idsByEvent = new Map<string, Set<string>>();
    for (const r of receiver.receipts) idsByEvent.set(r.event, (idsByEvent.get(r.event) ?? new Set()).add(r.id));
    const receivedIds = new Set(receiver.receipts.map((r) => r.id));
    const deliveryIds = (await world.db.query<{ id: string }>('SELECT id FROM webhook_deliveries')).map((r) => r.id);
    const lost = deliveryIds.filter((id) => !receivedIds.has(id)).length;
    const duplicates = receiver.receipts.length - receivedIds.size;
    const sameIdForEveryDuplicate = [...idsByEvent.values()].every((ids) => ids.size === 1);
    const badSignatures = receiver.receipts.filter((r) => !r.signed).length;
    return {
      drill: 'webhook-receiver-outage',
      passed:
        failedRequests === 0 &&
        figures.produced === apiEvents &&
        figures.produced > 0 &&
        lost === 0 &&
        figures.failed === 0 &&
        figures.pending === 0 &&
        figures.retried > 0 &&
        receivedDuringOutage === 0 &&
        sameIdForEveryDuplicate &&
        badSignatures === 0,
      requests,
      failed: failedRequests,
      outage_seconds: outageSeconds,
      retry_schedule_seconds: schedule,
      events_produced: figures.produced,
      api_events: apiEvents,
      delivered: figures.delivered,
      received_events: idsByEvent.size,
      lost,
      failed_deliveries: figures.failed,
      pending_deliveries: figures.pending,
      retried_deliveries: figures.retried,
      attempts: figures.attempts,
      duplicated: duplicates,
      duplicates_with_same_webhook_id: sameIdForEveryDuplicate,
      bad_signatures: badSignatures,
      seconds_from_return_to_all_delivered: Math.round((settledAt - backAt) / 1000),
    };
  } finally {
    await worker.stop().catch(() => undefined);
    await receiver.down();
    await api.stop();
    await workerDb.close();
    await world.close();
  }
}
