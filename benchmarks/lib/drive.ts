/**
 * Load phases that count failures instead of stopping at the first: at scale a 503 or a timeout
 * under load is a result to report (the targets ask for none), not a reason to lose the run.
 */
import type { TimedClient } from './http';

/** One request: how long it took, and whether it succeeded (a 2xx, or no error thrown). */
export interface Outcome {
  ms: number;
  ok: boolean;
  /** What went wrong, for the log: the status and body, or the error's message. */
  error?: string;
}

/** What one phase measured: the requests answered, their rate, latencies and failures. */
export interface Phase {
  requests: number;
  seconds: number;
  rate: number;
  latencies: number[];
  failures: number;
  firstError?: string;
}

/** A phase's limits: it stops at `requests` or once `seconds` have passed, whichever comes first. */
export interface Budget {
  requests: number;
  seconds: number;
}

/** Times a call; a throw is a failed outcome, timed like any other. */
export async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  const started = performance.now();
  try {
    await call();
    return { ms: performance.now() - started, ok: true };
  } catch (err) {
    return { ms: performance.now() - started, ok: false, error: (err as Error).message };
  }
}

/** A GET through the client; any status but 2xx (or a broken connection) is a failure. */
export async function httpOutcome(client: TimedClient, url: string): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = await client.request(url);
    const ok = res.status >= 200 && res.status < 300;
    return { ms: res.ms, ok, ...(ok ? {} : { error: `GET ${url} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}` }) };
  } catch (err) {
    return { ms: performance.now() - started, ok: false, error: `GET ${url}: ${(err as Error).message}` };
  }
}

/**
 * Sends requests 0, 1, 2... with `concurrency` in flight at a time until the budget is spent;
 * requests in flight at the deadline finish and count. The rate is requests / wall time.
 */
export async function drive(budget: Budget, concurrency: number, call: (i: number) => Promise<Outcome>): Promise<Phase> {
  let next = 0;
  const latencies: number[] = [];
  let failures = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + budget.seconds * 1000;
  const worker = async () => {
    while (next < budget.requests && performance.now() < deadline) {
      const outcome = await call(next++);
      latencies.push(outcome.ms);
      if (!outcome.ok) {
        failures++;
        firstError ??= outcome.error;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    seconds,
    rate: latencies.length / seconds,
    latencies,
    failures,
    ...(firstError ? { firstError } : {}),
  };
}

/** Two phases of the same variant (before and after the subject) as one: all requests over all their time. */
export function combinePhases(a: Phase, b: Phase): Phase {
  const requests = a.requests + b.requests;
  const seconds = a.seconds + b.seconds;
  const firstError = a.firstError ?? b.firstError;
  return {
    requests,
    seconds,
    rate: requests / seconds,
    latencies: [...a.latencies, ...b.latencies],
    failures: a.failures + b.failures,
    ...(firstError ? { firstError } : {}),
  };
}
