import { expect } from 'chai';
import { FixedWindowLimiter, MemoryRateLimitStore } from './rate-limiter';

describe('FixedWindowLimiter', () => {
  const minute = () => new FixedWindowLimiter({ limit: 3, windowMs: 60_000 });

  it('allows `limit` requests per window, counting down, then refuses with the seconds left', () => {
    const limiter = minute();
    expect(limiter.take('a', 0)).to.deep.equal({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    expect(limiter.take('a', 1_000)).to.deep.equal({ allowed: true, limit: 3, remaining: 1, resetSeconds: 59 });
    expect(limiter.take('a', 1_500)).to.deep.equal({ allowed: true, limit: 3, remaining: 0, resetSeconds: 59 });
    expect(limiter.take('a', 30_000)).to.deep.equal({ allowed: false, limit: 3, remaining: 0, resetSeconds: 30 });
  });

  it('rounds the seconds left up and never says 0 while the window is open', () => {
    const limiter = minute();
    limiter.take('a', 0);
    expect(limiter.take('a', 58_500).resetSeconds).to.equal(2);
    expect(limiter.take('a', 59_999).resetSeconds).to.equal(1);
  });

  it('does not count refused requests: hammering does not push the window further', () => {
    const limiter = minute();
    for (let i = 0; i < 3; i++) limiter.take('a', 0);
    for (let t = 1; t < 60_000; t += 5_000) expect(limiter.take('a', t).allowed).to.equal(false);
    expect(limiter.take('a', 60_000)).to.deep.equal({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
  });

  it('starts a fresh window once the old one has ended', () => {
    const limiter = minute();
    for (let i = 0; i < 4; i++) limiter.take('a', 10_000);
    expect(limiter.take('a', 69_999).allowed).to.equal(false);
    expect(limiter.take('a', 70_000)).to.deep.equal({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
  });

  it('counts each key on its own', () => {
    const limiter = minute();
    for (let i = 0; i < 3; i++) limiter.take('a', 0);
    expect(limiter.take('a', 1).allowed).to.equal(false);
    expect(limiter.take('b', 1)).to.deep.equal({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
  });

  it('forgets windows that have ended', () => {
    const limiter = minute();
    for (let i = 0; i < 100; i++) limiter.take(`client ${i}`, i);
    expect(limiter.size).to.equal(100);
    limiter.take('late', 60_050);
    // Windows started at 0..50 have ended; 51..99 are still open.
    expect(limiter.size).to.equal(50);
  });

  it('never remembers more than maxKeys windows: the oldest is forgotten first', () => {
    const limiter = new FixedWindowLimiter({ limit: 1, windowMs: 60_000, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) limiter.take(key, 0);
    expect(limiter.take('b', 1).allowed).to.equal(false);
    limiter.take('d', 2);
    expect(limiter.size).to.equal(3);
    // 'a' was the oldest: forgotten, so it starts over; 'b' is still counted.
    expect(limiter.take('b', 3).allowed).to.equal(false);
    expect(limiter.take('a', 3).allowed).to.equal(true);
    expect(limiter.size).to.equal(3);
  });

  it('peeks at a window without counting, and without remembering a key it does not know', () => {
    const limiter = minute();
    expect(limiter.peek('a', 0)).to.equal(undefined);
    expect(limiter.size).to.equal(0);
    limiter.take('a', 0);
    limiter.take('a', 0);
    expect(limiter.peek('a', 10_000)).to.deep.equal({ allowed: true, limit: 3, remaining: 1, resetSeconds: 50 });
    expect(limiter.peek('a', 10_000)).to.deep.equal({ allowed: true, limit: 3, remaining: 1, resetSeconds: 50 });
    limiter.take('a', 10_000);
    expect(limiter.peek('a', 10_000)).to.deep.equal({ allowed: false, limit: 3, remaining: 0, resetSeconds: 50 });
    expect(limiter.peek('a', 60_000)).to.equal(undefined);
  });

  it('refuses a limit below 1 or an empty window', () => {
    expect(() => new FixedWindowLimiter({ limit: 0, windowMs: 1000 })).to.throw('limit >= 1');
    expect(() => new FixedWindowLimiter({ limit: 1, windowMs: 0 })).to.throw('windowMs > 0');
  });
});

describe('MemoryRateLimitStore', () => {
  it('answers consume and peek through promises, on the clock it was given', async () => {
    let now = 5_000;
    const store = new MemoryRateLimitStore({ limit: 2, windowMs: 60_000 }, () => now);
    expect(await store.peek('a')).to.equal(undefined);
    expect(await store.consume('a')).to.deep.equal({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    now += 30_000;
    expect(await store.consume('a')).to.deep.equal({ allowed: true, limit: 2, remaining: 0, resetSeconds: 30 });
    expect(await store.consume('a')).to.deep.include({ allowed: false });
    expect(await store.peek('a')).to.deep.include({ allowed: false, resetSeconds: 30 });
    now += 30_000;
    expect(await store.peek('a')).to.equal(undefined);
    expect(store.size).to.equal(0);
  });
});
