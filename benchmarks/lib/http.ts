import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** A server of the benchmark's own on an ephemeral port. */
export interface Listening {
  base: string;
  close: () => Promise<void>;
}

/**
 * A request handler: Node's listener, or an app's callback (Koa's), which settles once it has
 * answered and handles its own errors.
 */
export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

/** Serves the handler on 127.0.0.1 at an ephemeral port, keep-alive like a production server. */
export async function listen(handler: Handler): Promise<Listening> {
  const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    // A handler that rejects has failed the benchmark's server itself: report it and drop the
    // connection, so the request fails at once instead of hanging until the client times out.
    const answered = handler(req, res);
    if (answered instanceof Promise)
      answered.catch((err: unknown) => {
        console.error(
          `[bench] ${req.method} ${req.url} failed in the handler: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
        res.destroy();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A status and parsed JSON body, with how long the round trip took (send to body parsed). */
export interface TimedResponse {
  status: number;
  /** The parsed JSON (null when the body was empty): read it with jsonAt or jobIds. */
  body: unknown;
  ms: number;
  /** Size of the body on the wire, before decoding. */
  bytes: number;
  /** The Content-Encoding the server chose ('identity' when none). */
  encoding: string;
  headers: http.IncomingHttpHeaders;
}

const DECODERS: Record<string, (wire: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };

/**
 * An HTTP client like an agent's on the same machine: keep-alive connections, the body read,
 * decoded when compressed, and parsed as JSON before the clock stops (as the Elasticsearch
 * client does for baselines). It sends no Accept-Encoding unless told to.
 */
export class TimedClient {
  private readonly agent: http.Agent;

  /** `maxSockets`: connections kept per server, as many as the requests sent at once. */
  constructor(options: { maxSockets?: number } = {}) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 4 });
  }

  /** Sends one request and times it. */
  request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<TimedResponse> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const wire = Buffer.concat(chunks);
            const encoding = String(res.headers['content-encoding'] ?? 'identity');
            const decode = DECODERS[encoding];
            const text = (decode ? decode(wire) : wire).toString();
            const body: unknown = text === '' ? null : JSON.parse(text);
            resolve({ status: res.statusCode!, body, ms: performance.now() - started, bytes: wire.length, encoding, headers: res.headers });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(options.body);
    });
  }

  /** A GET that must answer 200; resolves with its duration in ms. */
  async timedGet(url: string): Promise<number> {
    const res = await this.request(url);
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.ms;
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }
}

/** Whether a parsed JSON value is an object (or array), whose properties can be read. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The value at `path` in a parsed JSON body, undefined where a step is not an object: what
 * `body?.a?.b` reads, for a body whose shape the benchmark checks rather than assumes.
 */
export function jsonAt(value: unknown, ...path: string[]): unknown {
  let at = value;
  for (const key of path) at = isObject(at) ? at[key] : undefined;
  return at;
}

/** The ids of a list answer's `jobs` (browse, search), undefined when the body lists none. */
export function jobIds(body: unknown): unknown[] | undefined {
  const jobs = jsonAt(body, 'jobs');
  return Array.isArray(jobs) ? jobs.map((job) => jsonAt(job, 'id')) : undefined;
}

/** Times an async call, in ms. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}
