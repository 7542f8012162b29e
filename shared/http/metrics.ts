import { performance } from 'node:perf_hooks';
import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** The route label of requests no operation answers (404, 405): one label, whatever paths clients try. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds; fine at the low end, where reads from the index sit. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metrics of one process in a registry of its own (never prom-client's global one: tests build
 * many apps in one process, and the all-in-one process shares one between its apps). Requests are
 * labelled by method, status and the operation's path template, never the raw URL, so the number
 * of series stays bounded.
 */
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route (path template) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by method, route (path template) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private processMetrics = false;

  /** Records one answered request. */
  observe(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  /** Content-Type of the exposition format. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric in the Prometheus text format; gauges read at scrape time are read now. */
  async render(): Promise<string> {
    // Process metrics (CPU, memory, event loop lag, GC) begin with the first scrape rather than
    // with the app: each set keeps monitors running, and tests build many apps they never scrape.
    if (!this.processMetrics) {
      collectDefaultMetrics({ register: this.registry });
      this.processMetrics = true;
    }
    return this.registry.metrics();
  }
}

/** Counts every request and times it, labelled with the operation `matchRoute` found (or UNMATCHED_ROUTE). */
export function countRequests(metrics: HttpMetrics): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.observe(ctx.method, ctx.state.route?.path ?? UNMATCHED_ROUTE, ctx.status, (performance.now() - started) / 1000);
    }
  };
}
