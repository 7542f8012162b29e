import { fork, type ChildProcess } from 'node:child_process';

/** What a worker sends its supervisor once it serves. */
export interface ReadyMessage {
  type: 'ready';
  url: string;
}

/** How soon a crashed worker is started again. */
export interface RestartPolicy {
  /** Delay before the first restart; each quick crash after it doubles the delay. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A worker that served at least this long crashed for a new reason: the delay starts over. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { initialDelayMs: 1000, maxDelayMs: 30_000, stableAfterMs: 60_000 };

/**
 * The delay before the next start, given the one before the last crash and how long that worker
 * served: doubling while crashes come quickly (a crash loop must not spin the machine), back to
 * the first delay after a long stable run.
 */
export function nextRestartDelay(
  previousDelayMs: number | undefined,
  uptimeMs: number,
  policy: RestartPolicy = DEFAULT_RESTART_POLICY,
): number {
  if (previousDelayMs === undefined || uptimeMs >= policy.stableAfterMs) return policy.initialDelayMs;
  return Math.min(policy.maxDelayMs, previousDelayMs * 2);
}

export interface SuperviseOptions {
  /** The module the worker runs (it reports readiness with a ReadyMessage over IPC). */
  modulePath: string;
  log: (message: string) => void;
  /** Called when the first worker serves; restarts are only logged. */
  onFirstReady: (message: ReadyMessage) => void;
  /** Called once when the first worker ended before it served: restarting it cannot help. */
  onFailedStart: (code: number) => void;
  policy?: RestartPolicy;
}

/** The running supervision: the caller decides when it ends (on a signal, say). */
export interface Supervisor {
  /**
   * Passes the signal to the worker, stops restarting it, and resolves with the worker's exit
   * code once it ended (0 when no worker ran, or when it died of that very signal before it had
   * its handlers, early in its start).
   */
  stop: (signal: NodeJS.Signals) => Promise<number>;
}

/**
 * Runs one worker process and keeps it running, as an orchestrator would: a worker that crashes
 * after it served is started again with backoff. A worker that never became ready failed to start
 * (a taken port, a bad setting): restarting cannot help, so `onFailedStart` gets its code. Signals
 * are the caller's to handle: the supervisor only passes one on when `stop` is called, so the
 * caller can stop what it started besides the worker, in order, after the worker drained.
 */
export function superviseWorker({
  modulePath,
  log,
  onFirstReady,
  onFailedStart,
  policy = DEFAULT_RESTART_POLICY,
}: SuperviseOptions): Supervisor {
  let worker: ChildProcess | undefined;
  let stopped: Promise<number> | undefined;
  let everReady = false;
  let delay: number | undefined;
  let restartTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const startedAt = Date.now();
    let ready = false;
    // The same runtime flags (the TypeScript loader in development) and environment as this process.
    const child = fork(modulePath, [], { stdio: 'inherit' });
    worker = child;
    child.on('message', (message: ReadyMessage) => {
      if (message?.type !== 'ready') return;
      ready = true;
      if (!everReady) onFirstReady(message);
      else log(`worker ${child.pid} serves again at ${message.url}`);
      everReady = true;
    });
    child.on('exit', (code, signal) => {
      worker = undefined;
      if (stopped) return;
      if (!ready) {
        log(`worker ${child.pid} exited before it served (${signal ?? `code ${code}`}); not restarting`);
        stopped = Promise.resolve(code || 1);
        onFailedStart(code || 1);
        return;
      }
      delay = nextRestartDelay(delay, Date.now() - startedAt, policy);
      log(`worker ${child.pid} ended unexpectedly (${signal ?? `code ${code}`}); restarting in ${delay} ms`);
      restartTimer = setTimeout(start, delay);
    });
    log(`worker ${child.pid} started`);
  };

  const stop = (signal: NodeJS.Signals) =>
    (stopped ??= new Promise<number>((resolve) => {
      clearTimeout(restartTimer);
      const child = worker;
      if (!child) return resolve(0);
      child.once('exit', (code, died) => resolve(code ?? (died === signal ? 0 : 1)));
      child.kill(signal);
    }));

  start();
  return { stop };
}

/**
 * In a worker: tells the supervisor it serves, and ends the worker when the supervisor is gone
 * (killed with SIGKILL, say), so no orphan keeps the port. Does nothing when not forked.
 */
export function reportReadyToSupervisor(url: string, close: () => Promise<void>): void {
  if (!process.send) return;
  process.send({ type: 'ready', url } satisfies ReadyMessage);
  process.once('disconnect', () => {
    close()
      .catch((err: unknown) => console.error('closing after the supervisor left failed:', err))
      .finally(() => process.exit(0));
  });
}
