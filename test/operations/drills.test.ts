import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DRILL_ES_PORT, DrillCluster } from '../../scripts/drills/cluster';
import type { DrillContext, DrillResult } from '../../scripts/drills/drill';
import { DRILLS } from '../../scripts/drills/main';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/**
 * The failure drills, each against the one 3-node cluster this suite starts (9310-9312: starting
 * three nodes on two cores takes the better part of a minute, so they share it) with short
 * phases; `npm run drill` runs them at full length. Each prints its JSON, as the CLI does.
 */
describe('failure drills (npm run drill)', function () {
  this.timeout(600_000);
  const cluster = new DrillCluster(DRILL_ES_PORT, 3, '512m');
  let wasUp = false;

  before(async () => {
    wasUp = await cluster.anyNodeRuns();
    await cluster.start();
  });

  after(async () => {
    if (!wasUp) await cluster.stop();
  });

  const drill = async (name: string, timing: Pick<DrillContext, 'phaseSeconds' | 'faultSeconds'>): Promise<DrillResult> => {
    const result = await DRILLS[name].run({ cluster, port: DRILLS[name].port, log: () => undefined, ...timing });
    console.log(`      ${JSON.stringify(result)}`);
    expect(result.requests, 'the drill sent requests').to.be.greaterThan(0);
    expect(result.passed, JSON.stringify(result)).to.equal(true);
    return result;
  };

  it("es-node-loss: the primary's node killed and restarted under 8 concurrent readers: 0 failed reads, green again", async () => {
    const result = await drill('es-node-loss', { phaseSeconds: 2, faultSeconds: 2 });
    expect(result.failed).to.equal(0);
    expect(result.cluster_status_after).to.equal('green');
    expect(Object.keys(result.phases!)).to.deep.equal(['before', 'during', 'after']);
    for (const phase of Object.values(result.phases!)) expect(phase.requests).to.be.greaterThan(0);
  });

  it('read-instance-loss: one of two read instances behind nginx killed: 0 failed GETs', async () => {
    const result = await drill('read-instance-loss', { phaseSeconds: 2, faultSeconds: 3 });
    expect(result.failed).to.equal(0);
    expect(result.phases!.during.requests).to.be.greaterThan(0);
  });

  it('es-outage-writes: the whole cluster stopped while creating at 5/s: every 201 indexed exactly once, reads 503 with Retry-After at once', async () => {
    const result = await drill('es-outage-writes', { phaseSeconds: 2, faultSeconds: 6 });
    expect(result.created).to.be.greaterThan(20);
    expect(result).to.include({ failed: 0, lost: 0, duplicated: 0 });
    expect(result.indexed).to.equal(result.created);
    expect(result.postgres_rows).to.equal(result.documents);
    const reads = result.reads_during_outage as { requests: number; statuses: Record<string, number>; with_retry_after: number };
    expect(reads.statuses['503'], 'reads during the outage answer 503').to.be.greaterThan(0);
    expect(reads.with_retry_after).to.equal(reads.statuses['503']);
  });

  it('webhook-receiver-outage: the receiver down while events are produced: every event delivered after it returns, none lost, repeats under the same webhook-id', async () => {
    const result = await drill('webhook-receiver-outage', { phaseSeconds: 2, faultSeconds: 8 });
    expect(result).to.include({
      failed: 0,
      lost: 0,
      failed_deliveries: 0,
      pending_deliveries: 0,
      bad_signatures: 0,
      duplicates_with_same_webhook_id: true,
    });
    expect(result.events_produced).to.be.greaterThan(10);
    expect(result.events_produced).to.equal(result.api_events);
    expect(result.delivered).to.equal(result.events_produced);
    expect(result.retried_deliveries, 'events of the outage were retried').to.be.greaterThan(0);
  });

  it('postgres-outage (through the CLI: npm run drill -- postgres-outage --json): clean 503s, recovery without restart, nothing half-written', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/drills/main.ts', 'postgres-outage', '--json', '--phase-seconds', '2', '--fault-seconds', '3'],
      {
        cwd: ROOT,
        timeout: 300_000,
        env: { ...process.env, LOG_LEVEL: 'warn' },
      },
    );
    const lines = stdout.trim().split('\n');
    expect(lines, 'one JSON object on stdout').to.have.length(1);
    const result = JSON.parse(lines[0]) as DrillResult;
    console.log(`      ${lines[0]}`);
    expect(result).to.include({
      drill: 'postgres-outage',
      passed: true,
      failed: 0,
      lost: 0,
      duplicated: 0,
      half_written_rows: 0,
      same_process: true,
      first_request_after_cuts: 201,
    });
    expect((result.statuses as Record<string, number>)['503'], 'some requests met a cut session').to.be.greaterThan(0);
  });
});
