import net from 'node:net';

/**
 * The unit lane's setup (.mocharc.unit.json loads it instead of ./root-hooks): no database, no
 * Elasticsearch, no Redis. Every service address points at a port nothing listens on, and a
 * connection a test opens to one of them, or to a service's usual port, fails the test with a
 * message that says the test belongs to the integration lane. A connection failure alone would
 * not do: code under test often turns one into a 503 or a fallback, and the test could pass.
 */
const NOWHERE = '127.0.0.1:1';
process.env.DATABASE_URL = `postgres://postgres@${NOWHERE}/unit_lane_has_no_postgres`;
process.env.TEST_PG_URL = `postgres://postgres@${NOWHERE}`;
process.env.ELASTICSEARCH_URL = `http://${NOWHERE}`;
process.env.REDIS_URL = `redis://${NOWHERE}`;
process.env.TEST_REDIS_URL = `redis://${NOWHERE}`;
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';

/** Port 1 (the addresses above) and the ports Postgres, Redis and Elasticsearch (ours, the tests') listen on. */
const SERVICE_PORTS = new Map([
  [1, 'the service DATABASE_URL, ELASTICSEARCH_URL or REDIS_URL names'],
  [5432, 'PostgreSQL'],
  [6379, 'Redis'],
  [9200, 'Elasticsearch'],
  [9250, 'the test Elasticsearch'],
]);
const reached: string[] = [];

type ConnectArgs = Parameters<net.Socket['connect']>;
// Kept unbound on purpose: the patch below calls it with .apply(this, args) on the socket being connected.
// eslint-disable-next-line @typescript-eslint/unbound-method
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (this: net.Socket, ...args: ConnectArgs) {
  const port = targetPort(args);
  const service = port === undefined ? undefined : SERVICE_PORTS.get(port);
  if (service) {
    reached.push(`${service} (port ${port})`);
    // Fails as a refused connection would, but with a message that says why.
    process.nextTick(() =>
      this.destroy(
        new Error(
          `unit lane: this test tried to reach ${service} on port ${port}; a test that needs a service is named *.test.ts, not *.unit.test.ts`,
        ),
      ),
    );
    return this;
  }
  return connect.apply(this, args);
} as typeof connect;

/** The TCP port of a Socket#connect call, in any of its forms (node's own calls pass normalized [options, cb]). */
function targetPort(args: unknown[]): number | undefined {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const port = typeof first === 'object' && first !== null ? (first as { port?: unknown }).port : first;
  return port === undefined || port === null || typeof port === 'function' ? undefined : Number(port);
}

/** Mocha root hooks of the unit lane: a test that reached for a service fails, even if it swallowed the error. */
export const mochaHooks = {
  afterEach(this: Mocha.Context) {
    if (reached.length === 0) return;
    const what = [...new Set(reached.splice(0))].join(', ');
    // Hook#error fails the current test and lets the rest of its suite run, as ./root-hooks does.
    (this.test as Mocha.Hook).error(
      new Error(`unit lane: the test reached for ${what}; move it to the integration lane (name it *.test.ts)`),
    );
  },
};
