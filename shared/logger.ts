import pino from 'pino';

/** Structured JSON logs at `level` (config.logLevel). API keys never reach them: the header is redacted wherever it appears. */
export function createLogger(level: string, name: string) {
  return pino({
    name,
    level,
    redact: {
      paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]', '*.apiKey', 'apiKey', 'key'],
      censor: '[redacted]',
    },
  });
}

/** The logger every service, worker and script writes through. */
export type Logger = ReturnType<typeof createLogger>;
