import { expect } from 'chai';
import { retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  const policy = { baseMs: 500, maxMs: 30_000 };
  const middle = () => 0.5;

  it('doubles from the base with each failure', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, policy, middle))).to.deep.equal([500, 1000, 2000, 4000, 8000]);
  });

  it('never exceeds the cap, however many failures and whatever the jitter', () => {
    expect(retryDelayMs(7, policy, middle)).to.equal(30_000);
    expect(retryDelayMs(10_000, policy, () => 0.999)).to.equal(30_000);
  });

  it('spreads retries by +-25 %', () => {
    expect(retryDelayMs(3, policy, () => 0)).to.equal(1500);
    expect(retryDelayMs(3, policy, () => 0.999)).to.equal(2499);
  });

  it('treats zero or negative failure counts as the first failure', () => {
    expect(retryDelayMs(0, policy, middle)).to.equal(500);
    expect(retryDelayMs(-3, policy, middle)).to.equal(500);
  });
});
