import { expect } from 'chai';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createReadApp } from '../../services/read';
import { createWriteApp } from '../../services/write';
import { applyWorld } from '../support/apply-fixtures';
import { resetDatabase, resetIndex, testConfig, testDb, testSearch } from '../support/context';
import { httpClient } from '../support/http';

/** A logger at the most verbose level, without redaction, writing into memory: what it gets is what it was handed. */
function capturingLogger() {
  let output = '';
  const sink = new Writable({ write: (chunk, _encoding, done) => ((output += String(chunk)), done()) });
  const logger = pino({ level: 'trace' }, sink);
  return {
    logger,
    output: () => output,
    requestLines: () =>
      output
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((line) => line.msg === 'request'),
  };
}

describe('request logs (DESIGN.md 11)', () => {
  before(async () => {
    await resetDatabase();
    await resetIndex();
  });

  it('writes one JSON line per request with request id, method, route, path, status and duration', async () => {
    const log = capturingLogger();
    const client = httpClient(createReadApp({ config: testConfig(), search: testSearch(), logger: log.logger }).app);
    await client.get('/agents/jobs?limit=1&job_type=full_time').set('x-request-id', 'log-check-1').expect(200);
    const lines = log.requestLines();
    expect(lines).to.have.length(1);
    const { time, pid, hostname, durationMs, ...line } = lines[0];
    expect(line).to.deep.equal({
      level: 30,
      requestId: 'log-check-1',
      method: 'GET',
      route: '/agents/jobs',
      path: '/agents/jobs',
      status: 200,
      msg: 'request',
    });
    expect(durationMs).to.be.a('number').and.to.be.at.least(0);
    expect([typeof time, typeof pid, typeof hostname]).to.deep.equal(['number', 'number', 'string']);
    // The query string is never logged: it is the client's, and may carry anything.
    expect(log.output()).to.not.include('full_time');
  });

  it('names the error code, logs the route template for ids and one label for unknown paths, and gives each request a fresh id', async () => {
    const log = capturingLogger();
    const client = httpClient(createReadApp({ config: testConfig(), search: testSearch(), logger: log.logger }).app);
    const missing = await client.get('/agents/jobs/not-a-uuid').expect(404);
    await client.get('/nothing/here?token=s3cr3t').expect(404);
    const [job, unknown] = log.requestLines();
    expect(job).to.deep.include({
      requestId: missing.headers['x-request-id'],
      route: '/agents/jobs/{job_id}',
      path: '/agents/jobs/not-a-uuid',
      status: 404,
      code: 'not_found',
    });
    expect(unknown).to.deep.include({ method: 'GET', route: 'unmatched', path: '/nothing/here', status: 404, code: 'not_found' });
    expect(unknown.requestId).to.match(/^[0-9a-f-]{36}$/);
    expect(log.output()).to.not.include('s3cr3t');
  });

  it('never logs the API key, whether the request succeeds or is refused', async () => {
    await resetDatabase();
    const world = await applyWorld();
    const log = capturingLogger();
    const client = httpClient(createWriteApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: log.logger }).app);
    const unknownKey = `jla_${'Z'.repeat(40)}`;
    await client
      .post(`/agents/jobs/${world.job.id}/apply`)
      .set('x-api-key', world.applicantKey.key)
      .set('x-request-id', 'apply-1')
      .expect(201);
    await client.post(`/agents/jobs/${world.job.id}/apply`).set('x-api-key', unknownKey).set('x-request-id', 'apply-2').expect(401);
    const [applied, refused] = log.requestLines();
    expect(applied).to.deep.include({ requestId: 'apply-1', method: 'POST', route: '/agents/jobs/{job_id}/apply', status: 201 });
    expect(refused).to.deep.include({ requestId: 'apply-2', route: '/agents/jobs/{job_id}/apply', status: 401, code: 'unauthenticated' });
    for (const secret of [world.applicantKey.key, unknownKey, world.applicantKey.key.slice(4)]) expect(log.output()).to.not.include(secret);
  });
});
