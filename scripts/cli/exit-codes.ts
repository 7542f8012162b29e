/** The CLI's exit codes: stable, documented in --help, so scripts can branch on them. */
export const EXIT = {
  ok: 0,
  /** Operational failure: the database is unreachable, the configuration is bad, or a bug. */
  failure: 1,
  /** Usage error: unknown command or option, missing or malformed argument, invalid value. */
  usage: 2,
  /** The user, organization, resume or key named does not exist. */
  notFound: 3,
  /** The change conflicts with existing data (email taken, ambiguous key prefix). */
  conflict: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit-code table as printed by --help. */
export const EXIT_CODE_HELP = [
  `  ${EXIT.ok}  success`,
  `  ${EXIT.failure}  operational failure (database unreachable, bad configuration, unexpected error)`,
  `  ${EXIT.usage}  usage error (unknown command or option, missing or malformed argument, invalid value)`,
  `  ${EXIT.notFound}  not found (the user, organization, resume or key named does not exist)`,
  `  ${EXIT.conflict}  conflict (the email is taken, a key prefix matches several keys)`,
].join('\n');
