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
export function nextRestartDelay(previousDelayMs: number | undefined, uptimeMs: number, policy: RestartPolicy = DEFAULT_RESTART_POLICY): number {
  if (previousDelayMs === undefined || uptimeMs >= policy.stableAfterMs) return policy.initialDelayMs;
  return Math.min(policy.maxDelayMs, previousDelayMs * 2);
}

export interface SuperviseOptions {
  /** The module the worker runs (it reports readiness with a ReadyMessage over IPC). */
  modulePath: string;
  log: (message: string) => void;
  /** Called when the first worker serves; restarts are only logged. */
  onFirstReady: (message: ReadyMessage) => void;
  policy?: RestartPolicy;
}

/**
 * Runs one worker process and keeps it running, as an orchestrator would: a worker that crashes
 * after it served is started again with backoff. A worker that never became ready failed to start
 * (a taken port, a bad setting): restarting cannot help, so the supervisor exits with its code.
 * SIGTERM and SIGINT are passed on, and the supervisor exits with the worker's own exit code once
 * its graceful shutdown is done. Resolves never; the process ends through process.exit.
 */
export function superviseWorker({ modulePath, log, onFirstReady, policy = DEFAULT_RESTART_POLICY }: SuperviseOptions): void {
  let worker: ChildProcess | undefined;
  let stopping: NodeJS.Signals | undefined;
  let everReady = false;
  let delay: number | undefined;

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
      if (stopping) process.exit(code ?? 0);
      if (!ready) {
        log(`worker ${child.pid} exited before it served (${signal ?? `code ${code}`}); not restarting`);
        process.exit(code || 1);
      }
      delay = nextRestartDelay(delay, Date.now() - startedAt, policy);
      log(`worker ${child.pid} ended unexpectedly (${signal ?? `code ${code}`}); restarting in ${delay} ms`);
      setTimeout(start, delay);
    });
    log(`worker ${child.pid} started`);
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    if (worker) worker.kill(signal);
    else process.exit(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  start();
}

/**
 * In a worker: tells the supervisor it serves, and ends the worker when the supervisor is gone
 * (killed with SIGKILL, say), so no orphan keeps the port. Does nothing when not forked.
 */
export function reportReadyToSupervisor(url: string, close: () => Promise<void>): void {
  if (!process.send) return;
  process.send({ type: 'ready', url } satisfies ReadyMessage);
  process.once('disconnect', () => {
    close().finally(() => process.exit(0));
  });
}
