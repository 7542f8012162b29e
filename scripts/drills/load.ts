import { performance } from 'node:perf_hooks';

/** What one phase of a drill saw: requests sent, those that failed, and their latency. */
export interface PhaseFigures {
  requests: number;
  failed: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Status of each failed request (or the error's name), counted. */
  failures?: Record<string, number>;
  /** GETs sent again after their connection broke before a whole answer came (see readLoop). */
  retried?: number;
}

/** The q-quantile (0..1) of `values` by the nearest-rank method. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Collects the outcome of requests by phase (before, during, after, ...). */
export class PhaseRecorder {
  private phase = 'before';
  private readonly phases = new Map<string, { latencies: number[]; failures: Record<string, number>; retried: number }>();

  /** Requests that start from now on belong to `phase`. */
  enter(phase: string): void {
    this.phase = phase;
  }

  get current(): string {
    return this.phase;
  }

  record(phase: string, ms: number, failure?: string, retried = false): void {
    let figures = this.phases.get(phase);
    if (!figures) this.phases.set(phase, (figures = { latencies: [], failures: {}, retried: 0 }));
    figures.latencies.push(ms);
    if (failure) figures.failures[failure] = (figures.failures[failure] ?? 0) + 1;
    if (retried) figures.retried += 1;
  }

  figures(): Record<string, PhaseFigures> {
    const out: Record<string, PhaseFigures> = {};
    for (const [phase, { latencies, failures, retried }] of this.phases) {
      const failed = Object.values(failures).reduce((a, b) => a + b, 0);
      out[phase] = {
        requests: latencies.length,
        failed,
        p50_ms: round(quantile(latencies, 0.5)),
        p99_ms: round(quantile(latencies, 0.99)),
        max_ms: round(Math.max(0, ...latencies)),
        ...(failed > 0 ? { failures } : {}),
        ...(retried > 0 ? { retried } : {}),
      };
    }
    return out;
  }

  totals(): { requests: number; failed: number } {
    const all = Object.values(this.figures());
    return { requests: all.reduce((a, f) => a + f.requests, 0), failed: all.reduce((a, f) => a + f.failed, 0) };
  }
}

/** The read paths of the agent loop: a search, a browse page, a get by id, in turn. */
export function readPaths(ids: readonly string[]): (i: number) => string {
  const searches = ['engineer', 'backend engineer', 'data', 'services'];
  return (i) => {
    switch (i % 3) {
      case 0:
        return `/agents/jobs/search?q=${encodeURIComponent(searches[i % searches.length])}&limit=10`;
      case 1:
        return `/agents/jobs?limit=20`;
      default:
        return `/agents/jobs/${ids[i % ids.length]}`;
    }
  };
}

/** Network errors of a connection that broke under a request (as undici's fetch names them in its cause). */
const BROKEN_CONNECTION = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** fetch's TypeError says only "fetch failed": its cause names the network error. */
function networkCause(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause ? (cause.code ?? cause.message) : undefined;
}

/**
 * Runs `concurrency` loops of GETs against `base` (search, browse, get in turn) while `running()`
 * answers true, recording each under the recorder's current phase. Any answer but 200 is a
 * failed read, and so is a request that errs or takes over `timeoutMs`. Bounded by `maxRequests`.
 */
export async function readLoop(options: {
  base: string;
  ids: readonly string[];
  concurrency: number;
  recorder: PhaseRecorder;
  running: () => boolean;
  timeoutMs?: number;
  maxRequests?: number;
}): Promise<void> {
  const { base, concurrency, recorder, running, timeoutMs = 15_000, maxRequests = 1_000_000 } = options;
  const path = readPaths(options.ids);
  let sent = 0;
  // One GET, as an agent's client sends it: a connection that breaks before the whole answer has
  // come (the instance behind the edge died mid-answer, after the edge had passed its headers on,
  // so the edge could not try another) is tried once more, as HTTP clients do for idempotent
  // requests. Such retries are counted apart (`retried`), never hidden; a second break, an error
  // status or a timeout is a failure.
  const once = async (url: string): Promise<string | undefined> => {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status !== 200 ? String(res.status) : undefined;
  };
  const worker = async () => {
    while (running() && sent < maxRequests) {
      const i = sent++;
      const phase = recorder.current;
      const started = performance.now();
      let failure: string | undefined;
      let retried = false;
      const url = `${base}${path(i)}`;
      try {
        failure = await once(url).catch(async (err: unknown) => {
          if (!BROKEN_CONNECTION.has(networkCause(err) ?? '')) throw err;
          retried = true;
          return once(url);
        });
      } catch (err) {
        const cause = networkCause(err);
        failure = `${(err as Error).name}${cause ? `: ${cause}` : ''}`;
      }
      recorder.record(phase, performance.now() - started, failure, retried);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
