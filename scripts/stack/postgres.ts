import net from 'node:net';
import type { Config } from '../../shared/config';
import { startEmbeddedPostgres } from './embedded-postgres';

/** The server a local PostgreSQL install listens on: used when it answers and DATABASE_URL is unset. */
export const LOCAL_POSTGRES = { host: '127.0.0.1', port: 5432 };

/** The PostgreSQL `npm start` uses, and how it got it. */
export interface PostgresChoice {
  databaseUrl: string;
  /** given: DATABASE_URL; local: the server on 127.0.0.1:5432; embedded: started here from npm. */
  source: 'given' | 'local' | 'embedded';
  /** A line for the start banner. */
  description: string;
  /** Stops what was started here (the embedded server); nothing for the others. */
  stop: () => Promise<void>;
}

/** Whether anything accepts a TCP connection there within a second. */
export function answers({ host, port }: { host: string; port: number }, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The decision alone: DATABASE_URL always wins, then EMBEDDED_POSTGRES, then whether a local server answers. */
export function choosePostgres(
  config: Pick<Config, 'databaseUrlGiven' | 'embeddedPostgres'>,
  localAnswers: boolean,
): PostgresChoice['source'] {
  if (config.databaseUrlGiven) return 'given';
  if (config.embeddedPostgres || !localAnswers) return 'embedded';
  return 'local';
}

/** Finds or starts the PostgreSQL the whole product will use. */
export async function ensurePostgres(config: Config, log: (message: string) => void): Promise<PostgresChoice> {
  const nothing = () => Promise.resolve();
  const source = choosePostgres(config, config.databaseUrlGiven || config.embeddedPostgres ? false : await answers(LOCAL_POSTGRES));
  if (source === 'given') {
    if (config.embeddedPostgres) log('EMBEDDED_POSTGRES is ignored: DATABASE_URL is set and always wins');
    return {
      databaseUrl: config.databaseUrl,
      source,
      description: `PostgreSQL at ${redact(config.databaseUrl)} (DATABASE_URL)`,
      stop: nothing,
    };
  }
  if (source === 'local') {
    return {
      databaseUrl: config.databaseUrl,
      source,
      description: `PostgreSQL at ${redact(config.databaseUrl)} (the local server)`,
      stop: nothing,
    };
  }
  log(
    config.embeddedPostgres
      ? 'EMBEDDED_POSTGRES is set: starting the embedded PostgreSQL'
      : 'nothing answers on 127.0.0.1:5432 and DATABASE_URL is unset: starting the embedded PostgreSQL',
  );
  const database = decodeURIComponent(new URL(config.databaseUrl).pathname.slice(1)) || 'job_listing';
  const server = await startEmbeddedPostgres({ port: config.embeddedPostgresPort, dir: config.embeddedPostgresDir, log });
  const databaseUrl = server.url(database);
  return {
    databaseUrl,
    source,
    description: [
      `embedded PostgreSQL ${server.version} on 127.0.0.1:${server.port} (files in ${server.baseDir}; stopped when npm start ends)`,
      `    other commands reach it with DATABASE_URL='${databaseUrl}'`,
    ].join('\n'),
    stop: server.stop,
  };
}

/** The URL without its password, for the banner and logs. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
