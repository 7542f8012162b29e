/** SQLSTATEs the write service tells apart (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** The SQLSTATE and constraint of a Postgres error, when it is one: refusals are mapped by these, never by message text. */
export function pgViolation(err: unknown): { code: string; constraint?: string } | undefined {
  const e = err as { code?: unknown; constraint?: unknown };
  if (typeof e?.code !== 'string') return undefined;
  return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
}
