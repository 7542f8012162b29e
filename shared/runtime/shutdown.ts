import type { Logger } from '../logger';

/**
 * On the first SIGTERM or SIGINT, runs `close` and exits 0 when it finishes, or 1 when it fails
 * or takes longer than `graceMs` (so a hung dependency cannot keep the process alive forever).
 * Later signals are ignored while the shutdown runs: Ctrl-C reaches both `npm start`'s supervisor
 * and its worker, and the supervisor passes it on again.
 */
export function exitGracefullyOnSignal(logger: Logger, close: () => Promise<void>, graceMs: number): void {
  let shuttingDown = false;
  const onSignal = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), graceMs).unref();
    close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/**
 * The last line of defence: an exception or a rejection that nothing handled leaves the process
 * in a state nobody knows. It is logged, the graceful close gets `graceMs` to finish what it can,
 * and the process exits 1, so its supervisor (`npm start`'s, or an orchestrator) starts a clean one.
 */
export function exitOnUnhandledFaults(logger: Logger, close: () => Promise<void>, graceMs: number): void {
  let exiting = false;
  const onFault = (kind: string) => (err: unknown) => {
    logger.fatal({ err }, `${kind}: the process state is unknown; exiting for a restart`);
    if (exiting) return;
    exiting = true;
    setTimeout(() => process.exit(1), graceMs).unref();
    close()
      .catch((closeErr: unknown) => logger.error({ err: closeErr }, 'closing after the fault failed'))
      .finally(() => process.exit(1));
  };
  process.on('uncaughtException', onFault('uncaught exception'));
  process.on('unhandledRejection', onFault('unhandled rejection'));
}
