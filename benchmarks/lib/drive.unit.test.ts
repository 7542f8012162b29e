import { expect } from 'chai';
import { combinePhases, drive, outcomeOf } from './drive';

describe('benchmark load phases', () => {
  it('sends each request index once, at most `concurrency` at a time, and counts failures without stopping', async () => {
    const seen: number[] = [];
    let inFlight = 0;
    let most = 0;
    const phase = await drive({ requests: 20, seconds: 60 }, 4, async (i) => {
      seen.push(i);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return i % 5 === 0 ? { ms: 1, ok: false, error: `failed ${i}` } : { ms: 1, ok: true };
    });
    expect([...seen].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 20 }, (_, i) => i));
    expect(most).to.equal(4);
    expect(phase).to.include({ requests: 20, failures: 4, firstError: 'failed 0' });
    expect(phase.rate).to.be.closeTo(20 / phase.seconds, 1e-9);
  });

  it('stops taking new requests once its time is up', async () => {
    const phase = await drive({ requests: 1_000_000, seconds: 0.05 }, 2, async () => {
      await new Promise((r) => setTimeout(r, 10));
      return { ms: 10, ok: true };
    });
    expect(phase.requests).to.be.within(2, 30);
  });

  it('times a throw as a failure with its message', async () => {
    const outcome = await outcomeOf(() => Promise.reject(new Error('timeout')));
    expect(outcome).to.include({ ok: false, error: 'timeout' });
  });

  it('joins the before and after phases of a baseline as all their requests over all their time', () => {
    const phase = (requests: number, seconds: number, failures: number) => ({
      requests,
      seconds,
      rate: requests / seconds,
      latencies: Array(requests).fill(1),
      failures,
    });
    const both = combinePhases(phase(100, 1, 0), phase(300, 2, 1));
    expect(both).to.include({ requests: 400, seconds: 3, failures: 1 });
    expect(both.rate).to.be.closeTo(133.33, 0.01);
    expect(both.latencies).to.have.length(400);
  });
});
