import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '../logger';

/** One gauge of a backlog: its name, its help, and its value in what one read returned. */
export interface ScrapeGauge<T> {
  name: string;
  help: string;
  value: (read: T) => number;
}

/**
 * Gauges read from Postgres at scrape time, the gauges of one scrape sharing one read (the
 * registry collects every metric at once). While the read fails they are NaN (unknown) and the
 * rest of the scrape still succeeds: a backlog is what operators look at when something is down.
 */
export function registerScrapeGauges<T>(
  registry: Registry,
  logger: Logger,
  what: string,
  read: () => Promise<T>,
  gauges: readonly ScrapeGauge<T>[],
): void {
  let reading: Promise<T | undefined> | undefined;
  const shared = () =>
    (reading ??= read()
      .catch((err: unknown) => {
        logger.warn({ err }, `metrics: ${what} could not be read`);
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      }));
  for (const { name, help, value } of gauges)
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const current = await shared();
        this.set(current === undefined ? Number.NaN : value(current));
      },
    });
}
