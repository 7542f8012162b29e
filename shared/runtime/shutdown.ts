import type { Logger } from '../logger';

/**
 * On the first SIGTERM or SIGINT, runs `close` and exits 0 when it finishes, or 1 when it fails
 * or takes longer than `graceMs` (so a hung dependency cannot keep the process alive forever).
 */
export function exitGracefullyOnSignal(logger: Logger, close: () => Promise<void>, graceMs: number): void {
  const onSignal = (signal: string) => {
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
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
