import { inspect } from 'node:util';

/** How long and how often {@link waitFor} asks, and what it is waiting for (named in the timeout error). */
export interface WaitOptions {
  /** What the condition means, as in "waiting for <what>"; a function is asked only when the wait fails (to add a child's output, say). */
  what: string | (() => string);
  /** Give up after this long; default 10 s. */
  timeoutMs?: number;
  /** Pause between two asks; default 50 ms. */
  intervalMs?: number;
  /**
   * Treat a thrown error as "not yet" (a server still starting refuses connections) and report the
   * last one on timeout. Without it an error ends the wait at once: it is a failure, not a state to
   * wait out, and a condition can throw to give up early (the process it waits on has exited).
   */
  retryErrors?: boolean;
}

/** A value the condition returns while the awaited state has not come yet. */
type NotYet = undefined | null | false;

/**
 * Asks `condition` until it returns something other than undefined, null or false, and returns
 * that. Past the deadline it throws an error naming what it waited for and the last answer (or
 * error), so a failed wait says what was seen instead of only that time ran out.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, options: WaitOptions): Promise<Exclude<T, NotYet>> {
  const { timeoutMs = 10_000, intervalMs = 50, retryErrors = false } = options;
  const deadline = Date.now() + timeoutMs;
  let last: { value: unknown } | { error: unknown } | undefined;
  for (;;) {
    try {
      const value = await condition();
      if (value !== undefined && value !== null && value !== false) return value as Exclude<T, NotYet>;
      last = { value };
    } catch (error) {
      if (!retryErrors) throw error;
      last = { error };
    }
    if (Date.now() >= deadline) throw timeoutError(options, timeoutMs, last);
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
  }
}

function timeoutError(options: WaitOptions, timeoutMs: number, last: { value: unknown } | { error: unknown } | undefined): Error {
  const what = typeof options.what === 'function' ? options.what() : options.what;
  const seen = last === undefined ? 'no answer' : 'error' in last ? `last error: ${shown(last.error)}` : `last value: ${shown(last.value)}`;
  return new Error(`timed out after ${timeoutMs} ms waiting for ${what}; ${seen}`, {
    cause: last && 'error' in last ? last.error : undefined,
  });
}

/** A short, one-line form of what the condition last answered. */
function shown(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  const text = inspect(value, { depth: 3, breakLength: Infinity });
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
