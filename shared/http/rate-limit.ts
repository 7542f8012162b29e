import type { Context, Middleware } from 'koa';
import { hashApiKey } from '../auth/api-key';
import type { Config } from '../config';
import { ApiError, errors } from '../errors';
import { isApiOperation } from '../openapi/operation-errors';
import { MemoryRateLimitStore } from './rate-limit-memory';
import type { LimiterOptions, RateDecision, RateLimitStore } from './rate-limit-store';
import type { AnyRoute } from './route';

const MINUTE_MS = 60_000;

/**
 * The limiters of one process (DESIGN.md 10), each behind RateLimitStore. With REDIS_URL they are
 * counted in Redis and every instance enforces one limit; in memory (no REDIS_URL, or while Redis
 * is down) they hold per instance: with N instances behind the proxy a client gets up to N times
 * each. Undefined: that limit is off.
 */
export interface RateLimits {
  /** Per client address: reads, and the RPC list calls (they take no key). */
  read?: RateLimitStore;
  /**
   * Per API key, by its hash, on the operations that take one. Only keys that authenticated are
   * counted, so only real keys occupy its windows and no flood of made-up keys evicts them.
   */
  key?: RateLimitStore;
  /** Per client address on the operations that take a key, whatever key: the ceiling beside `key`. */
  writeAddress?: RateLimitStore;
  /** Failed authentications per client address; once used up, keyed requests are refused unread. */
  authFailures?: RateLimitStore;
}

/** Settings of the limiters; the config's limits are per minute and 0 turns one off. */
export type RateLimitConfig = Pick<
  Config,
  'readRateLimitPerMinute' | 'writeRateLimitPerMinute' | 'writeAddressRateLimitPerMinute' | 'authFailureLimitPerMinute'
>;

/**
 * Wraps the in-memory store of one limit (`name`: read, key, write-address, auth-failures) in a
 * store shared by every instance (rate-limit-redis.ts), which counts in memory while it is down.
 */
export type SharedRateLimitStore = (name: string, options: LimiterOptions, memory: RateLimitStore) => RateLimitStore;

/**
 * The limiters the configuration asks for. `maxWindows` bounds each limiter's memory (tests make
 * it small to show what a flood evicts); `shared` puts each limit in a store every instance
 * shares (REDIS_URL), memory staying its fallback. In-memory windows run on Date.now (tests move it).
 */
export function createRateLimits(
  config: RateLimitConfig,
  options: { maxWindows?: number; shared?: SharedRateLimitStore } = {},
): RateLimits {
  const store = (name: string, limit: number) => {
    if (!(limit > 0)) return undefined;
    const limiter: LimiterOptions = { limit, windowMs: MINUTE_MS, maxKeys: options.maxWindows };
    const memory = new MemoryRateLimitStore(limiter);
    return options.shared ? options.shared(name, limiter, memory) : memory;
  };
  return {
    read: store('read', config.readRateLimitPerMinute),
    key: store('key', config.writeRateLimitPerMinute),
    writeAddress: store('write-address', config.writeAddressRateLimitPerMinute),
    authFailures: store('auth-failures', config.authFailureLimitPerMinute),
  };
}

/**
 * Which limits count a request to `route`: none for health and documentation (probes and readers
 * of the docs are never throttled) nor for unknown routes, the write limits for operations that
 * take a key, the read limit for the rest (reads and the keyless RPC list calls).
 */
export function rateLimitTier(route: AnyRoute | undefined): 'read' | 'write' | undefined {
  if (!route || !isApiOperation(route)) return undefined;
  return route.auth === 'apiKey' ? 'write' : 'read';
}

/**
 * The client a request's address stands for: an IPv4 address as such (also when written as
 * IPv4-mapped IPv6), an IPv6 address by its /64 prefix, since one subscriber gets a whole /64 and
 * could otherwise take a fresh address for every request.
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const address = ip.replace(/%.*$/, '');
  const [head, tail] = address.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) {
    const after = tail ? tail.split(':') : [];
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - after.length)).fill('0'), ...after);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** The window an API key is counted under, by the key's hash: the key itself is never kept. */
const keyWindow = (keyHash: string) => `key:${keyHash}`;

/** The window of the API key a request sent. */
export function apiKeyWindow(apiKey: string): string {
  return keyWindow(hashApiKey(apiKey.trim()));
}

/** What the middleware leaves on ctx.state for authentication to report a key that passed. */
interface KeyGate {
  keyAuthenticated(keyHash: string): Promise<void>;
}

const GATE = 'rateLimitGate';

/**
 * Counts a request whose key has just authenticated against that key's limit, and throws 429
 * once it is used up. Authentication calls this before the operation runs; without rate limits
 * (or outside the middleware) it does nothing.
 */
export async function countAuthenticatedKey(ctx: Context, keyHash: string): Promise<void> {
  await (ctx.state[GATE] as KeyGate | undefined)?.keyAuthenticated(keyHash);
}

/**
 * The decision the RateLimit-* headers report when several limits counted a request: a refusal,
 * else the one with the fewest requests left, so the headers never promise more than any limit
 * allows.
 */
export function tightest(decisions: readonly RateDecision[]): RateDecision | undefined {
  let chosen: RateDecision | undefined;
  for (const decision of decisions) {
    if (!chosen || (chosen.allowed && !decision.allowed) || (chosen.allowed === decision.allowed && decision.remaining < chosen.remaining))
      chosen = decision;
  }
  return chosen;
}

function setHeaders(ctx: Context, decision: RateDecision | undefined): void {
  if (!decision) return;
  ctx.set({
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  });
}

function refuse(ctx: Context, decision: RateDecision): never {
  setHeaders(ctx, decision);
  throw errors.rateLimited(decision.resetSeconds);
}

/**
 * The write limits of one keyed request, in the order that keeps guessing cheap:
 * 1. a key that already has a window is real (only authenticated keys get one): refused at once
 *    when its window is used up, and exempt from the address's failure lockout, so a real key
 *    behind the same proxy as a guesser keeps working;
 * 2. any other key, while its address has used up its failed authentications, is refused before
 *    authentication looks it up: past that limit, guessing costs no database query;
 * 3. the address ceiling counts every keyed request, whatever key;
 * 4. authentication then counts the key (countAuthenticatedKey), or a 401 counts a failure.
 */
async function limitKeyedRequest(ctx: Context, limits: RateLimits, next: () => Promise<unknown>): Promise<void> {
  const address = clientAddress(ctx.ip);
  const sentKey = ctx.get('x-api-key').trim();
  const known = sentKey && limits.key ? await limits.key.peek(apiKeyWindow(sentKey)) : undefined;
  if (known && !known.allowed) refuse(ctx, known);
  if (!known && limits.authFailures) {
    const failures = await limits.authFailures.peek(address);
    if (failures && !failures.allowed) refuse(ctx, failures);
  }
  const decisions: RateDecision[] = [];
  const count = async (store: RateLimitStore | undefined, key: string) => {
    if (!store) return;
    const decision = await store.consume(key);
    decisions.push(decision);
    if (!decision.allowed) refuse(ctx, decision);
    setHeaders(ctx, tightest(decisions));
  };
  await count(limits.writeAddress, address);
  const gate: KeyGate = { keyAuthenticated: (keyHash) => count(limits.key, keyWindow(keyHash)) };
  ctx.state[GATE] = gate;
  try {
    await next();
  } catch (thrown) {
    if (thrown instanceof ApiError && thrown.code === 'unauthenticated' && limits.authFailures) {
      // This failure is counted but never refused: the next request from the address is.
      const decision = await limits.authFailures.consume(address);
      setHeaders(ctx, tightest([...decisions, decision]));
    }
    throw thrown;
  }
}

/**
 * Applies the limits to each request of a limited operation (see rateLimitTier): reads per
 * client address; keyed operations as limitKeyedRequest says. A refused request is answered 429
 * `rate_limited` with Retry-After; every response a limit counted carries RateLimit-Limit,
 * RateLimit-Remaining and RateLimit-Reset (seconds) of the tightest of them, errors included.
 * Runs inside the error boundary, before authentication.
 */
export function rateLimit(limits: RateLimits): Middleware {
  return async (ctx, next) => {
    const tier = rateLimitTier(ctx.state.route);
    if (tier === 'write') return limitKeyedRequest(ctx, limits, next);
    if (tier === 'read' && limits.read) {
      const decision = await limits.read.consume(clientAddress(ctx.ip));
      if (!decision.allowed) refuse(ctx, decision);
      setHeaders(ctx, decision);
    }
    await next();
  };
}
