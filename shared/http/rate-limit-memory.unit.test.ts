import { expect } from 'chai';
import { MemoryRateLimitStore } from './rate-limit-memory';

/**
 * rate-limiter-flexible counts its windows on Date.now: these tests hold it still and move it,
 * so a window is crossed without waiting.
 */
describe('MemoryRateLimitStore', () => {
  const realNow = Date.now;
  let now = 0;
  const at = (ms: number) => (now = start + ms);
  let start = 0;
  beforeEach(() => {
    start = realNow();
    now = start;
    Date.now = () => now;
  });
  afterEach(() => {
    Date.now = realNow;
  });

  const minute = () => new MemoryRateLimitStore({ limit: 3, windowMs: 60_000 });

  it('allows `limit` requests per window, counting down, then refuses with the seconds left', async () => {
    const store = minute();
    expect(await store.consume('a')).to.deep.equal({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    at(1_000);
    expect(await store.consume('a')).to.deep.equal({ allowed: true, limit: 3, remaining: 1, resetSeconds: 59 });
    at(1_500);
    expect(await store.consume('a')).to.deep.equal({ allowed: true, limit: 3, remaining: 0, resetSeconds: 59 });
    at(30_000);
    expect(await store.consume('a')).to.deep.equal({ allowed: false, limit: 3, remaining: 0, resetSeconds: 30 });
  });

  it('rounds the seconds left up and never says 0 while the window is open', async () => {
    const store = minute();
    await store.consume('a');
    at(58_500);
    expect((await store.consume('a')).resetSeconds).to.equal(2);
    at(59_999);
    expect((await store.consume('a')).resetSeconds).to.equal(1);
  });

  it('does not move the window on refused requests: hammering does not push it further', async () => {
    const store = minute();
    for (let i = 0; i < 3; i++) await store.consume('a');
    for (let t = 1; t < 60_000; t += 5_000) {
      at(t);
      expect((await store.consume('a')).allowed).to.equal(false);
    }
    at(60_000);
    expect(await store.consume('a')).to.deep.equal({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
  });

  it('counts each key on its own', async () => {
    const store = minute();
    for (let i = 0; i < 3; i++) await store.consume('a');
    expect((await store.consume('a')).allowed).to.equal(false);
    expect(await store.consume('b')).to.deep.equal({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
  });

  it('never remembers more than maxKeys windows: the oldest is forgotten first', async () => {
    const store = new MemoryRateLimitStore({ limit: 1, windowMs: 60_000, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) await store.consume(key);
    expect((await store.consume('b')).allowed).to.equal(false);
    await store.consume('d');
    expect(store.size).to.equal(3);
    // 'a' was the oldest: forgotten, so it starts over; 'b' is still counted.
    expect(await store.peek('a')).to.equal(undefined);
    expect((await store.consume('b')).allowed).to.equal(false);
    expect((await store.consume('a')).allowed).to.equal(true);
    expect(store.size).to.equal(3);
  });

  it('forgets windows that have ended before any that are open', async () => {
    const store = new MemoryRateLimitStore({ limit: 1, windowMs: 60_000, maxKeys: 3 });
    await store.consume('ended');
    at(30_000);
    await store.consume('open 1');
    await store.consume('open 2');
    at(60_000);
    await store.consume('new');
    expect(store.size).to.equal(3);
    expect((await store.consume('open 1')).allowed).to.equal(false);
    expect((await store.consume('open 2')).allowed).to.equal(false);
  });

  it('peeks at a window without counting, and without remembering a key it does not know', async () => {
    const store = minute();
    expect(await store.peek('a')).to.equal(undefined);
    expect(store.size).to.equal(0);
    await store.consume('a');
    await store.consume('a');
    at(10_000);
    expect(await store.peek('a')).to.deep.equal({ allowed: true, limit: 3, remaining: 1, resetSeconds: 50 });
    expect(await store.peek('a')).to.deep.equal({ allowed: true, limit: 3, remaining: 1, resetSeconds: 50 });
    await store.consume('a');
    expect(await store.peek('a')).to.deep.equal({ allowed: false, limit: 3, remaining: 0, resetSeconds: 50 });
    await store.consume('a');
    expect(await store.peek('a')).to.deep.equal({ allowed: false, limit: 3, remaining: 0, resetSeconds: 50 });
    at(60_000);
    expect(await store.peek('a')).to.equal(undefined);
  });

  it('refuses a limit below 1 or an empty window', () => {
    expect(() => new MemoryRateLimitStore({ limit: 0, windowMs: 1000 })).to.throw('limit >= 1');
    expect(() => new MemoryRateLimitStore({ limit: 1, windowMs: 0 })).to.throw('windowMs > 0');
  });
});
