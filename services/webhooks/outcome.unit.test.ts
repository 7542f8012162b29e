import { expect } from 'chai';
import { loadConfig } from '../../shared/config';
import { MAX_JITTER, MAX_RETRY_AFTER_MS, parseRetryAfter, verdictFor } from './outcome';

describe('webhook attempt verdicts', () => {
  const schedule = [5, 300, 1800];
  const noJitter = () => 0;

  it('counts any 2xx as delivered, and nothing else', () => {
    for (const status of [200, 201, 202, 204, 299]) expect(verdictFor({ status }, 1, schedule).kind, String(status)).to.equal('delivered');
    for (const status of [100, 199, 300, 301, 302, 304, 307, 400, 500])
      expect(verdictFor({ status }, 1, schedule).kind).not.to.equal('delivered');
  });

  it('disables the subscription on 410 Gone, whatever the attempt', () => {
    const verdict = verdictFor({ status: 410 }, 1, schedule);
    expect(verdict).to.deep.include({ kind: 'failed', reason: 'the receiver answered 410 (Gone): the subscription is disabled' });
    expect(verdict)
      .to.have.property('disableSubscription')
      .that.matches(/410 Gone/);
  });

  it('does not retry 401, 403, 404 or 405', () => {
    for (const status of [401, 403, 404, 405]) {
      expect(verdictFor({ status }, 1, schedule)).to.deep.equal({
        kind: 'failed',
        reason: `the receiver answered ${status}, which is not retried`,
      });
    }
  });

  it('retries server errors, 429, redirects and transport errors on the schedule, then fails', () => {
    for (const result of [
      { status: 500 },
      { status: 503 },
      { status: 429 },
      { status: 302 },
      { status: 400 },
      { error: 'timed out after 10000 ms' },
    ]) {
      expect(verdictFor(result, 1, schedule, noJitter)).to.deep.include({ kind: 'retry', delayMs: 5_000 });
      expect(verdictFor(result, 2, schedule, noJitter)).to.deep.include({ kind: 'retry', delayMs: 300_000 });
      expect(verdictFor(result, 3, schedule, noJitter)).to.deep.include({ kind: 'retry', delayMs: 1_800_000 });
      expect(verdictFor(result, 4, schedule, noJitter)).to.have.property('kind', 'failed');
    }
    expect(verdictFor({ status: 503 }, 4, schedule)).to.deep.equal({
      kind: 'failed',
      reason: 'the receiver answered 503; gave up after 4 attempts',
    });
    expect(verdictFor({ error: 'connect ECONNREFUSED' }, 1, schedule)).to.have.property('reason', 'connect ECONNREFUSED');
  });

  it("waits as long as a receiver's Retry-After asks, when longer than the schedule, up to a day", () => {
    expect(verdictFor({ status: 429, retryAfterMs: 120_000 }, 1, schedule, noJitter)).to.deep.equal({
      kind: 'retry',
      delayMs: 120_000,
      reason: 'the receiver answered 429 (Retry-After 120 s)',
    });
    expect(verdictFor({ status: 503, retryAfterMs: 1_000 }, 1, schedule, noJitter), 'never sooner than the schedule').to.deep.include({
      delayMs: 5_000,
    });
    expect(verdictFor({ status: 503, retryAfterMs: 9e12 }, 1, schedule, noJitter)).to.have.property('delayMs', MAX_RETRY_AFTER_MS);
    expect(verdictFor({ status: 429, retryAfterMs: 60_000 }, 4, schedule).kind, 'it still counts against the schedule').to.equal('failed');
    expect(verdictFor({ status: 404, retryAfterMs: 60_000 }, 1, schedule).kind, 'nor does it revive a status not retried').to.equal(
      'failed',
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(parseRetryAfter('120', now)).to.equal(120_000);
    expect(parseRetryAfter(' 0 ', now)).to.equal(0);
    expect(parseRetryAfter('Fri, 27 Nov 2026 12:05:00 GMT', now)).to.equal(300_000);
    expect(parseRetryAfter('Fri, 27 Nov 2026 11:00:00 GMT', now), 'a date past: at once').to.equal(0);
    for (const bad of [undefined, '', 'soon', '-5', '1.5']) expect(parseRetryAfter(bad, now), String(bad)).to.equal(undefined);
  });

  it('stretches a delay by at most 10 % of itself', () => {
    expect(verdictFor({ status: 500 }, 2, schedule, () => 0.999999))
      .to.have.property('delayMs')
      .within(300_000, 300_000 * (1 + MAX_JITTER));
    expect(verdictFor({ status: 500 }, 2, schedule, () => 0.5)).to.have.property('delayMs', 315_000);
  });

  it('the default schedule retries over more than 24 hours (the issue asks at least that)', () => {
    const defaults = loadConfig({}).webhookRetrySchedule;
    expect(defaults.reduce((a, b) => a + b, 0)).to.be.above(24 * 3600);
  });
});
