import { readFile } from 'node:fs/promises';
import { AccountError } from '../../services/write';
import { ConfigError, loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { ApiError } from '../../shared/errors';
import { closestName } from '../../shared/http/closest';
import { commandHelp, parseCommandArgs, usageLine, UsageError, type Command } from './command';
import { COMMANDS } from './commands';
import { EXIT, EXIT_CODE_HELP, type ExitCode } from './exit-codes';
import { stdoutOutput } from './output';

/** Where the CLI reads and writes; tests and main pass the process's own. */
export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  env: NodeJS.ProcessEnv;
  stdin: () => Promise<string>;
}

/** The general help: every command, the conventions and the exit codes. */
function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Operator CLI of the Job Listing Agent API: users, memberships, resumes and API keys.',
    '',
    'Usage: npm run cli -- <command> [arguments] [--json]',
    '       npm run cli -- <command> --help',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Users are named by id (UUID) or by email. --json prints machine-readable results on stdout and',
    'errors as {"error": {"code", "message", "hint"}} on stderr.',
    'The database is DATABASE_URL (default postgres://postgres@127.0.0.1:5432/job_listing).',
    '',
    'Exit codes:',
    EXIT_CODE_HELP,
  ].join('\n');
}

/** A failure as the operator sees it: an error code for --json, a message, a hint, an exit code. */
interface Failure {
  code: string;
  message: string;
  hint?: string;
  exit: ExitCode;
}

const ACCOUNT_EXIT = { invalid: EXIT.usage, not_found: EXIT.notFound, conflict: EXIT.conflict } as const;

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

function describeFailure(err: unknown, command: Command | undefined, env: NodeJS.ProcessEnv): Failure {
  if (err instanceof UsageError) {
    const hint = command ? `Usage: ${usageLine(command)} (see --help)` : 'Run npm run cli -- --help for the commands.';
    return { code: 'usage', message: err.message, hint, exit: EXIT.usage };
  }
  if (err instanceof AccountError) return { code: err.kind, message: err.message, hint: err.hint, exit: ACCOUNT_EXIT[err.kind] };
  if (err instanceof ConfigError) return { code: 'configuration', message: err.message, exit: EXIT.failure };
  if (err instanceof ApiError && err.code === 'unavailable') {
    const url = redactUrl(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/job_listing');
    return { code: 'unavailable', message: `PostgreSQL does not answer at ${url}.`, hint: 'Start it, or set DATABASE_URL.', exit: EXIT.failure };
  }
  return { code: 'internal', message: `Unexpected error: ${(err as Error)?.message ?? String(err)}`, exit: EXIT.failure };
}

function reportFailure(failure: Failure, json: boolean, io: CliIo): ExitCode {
  const { exit, ...body } = failure;
  if (json) io.stderr(`${JSON.stringify({ error: body })}\n`);
  else io.stderr(`error: ${failure.message}\n${failure.hint ? `hint: ${failure.hint}\n` : ''}`);
  return exit;
}

async function readInput(path: string, io: CliIo): Promise<string> {
  if (path === '-') return io.stdin();
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') throw new UsageError(`Cannot read "${path}" (${code}).`);
    throw err;
  }
}

/** Runs one CLI invocation and resolves with its exit code; it never exits the process itself. */
export async function runCli(argv: string[], io: CliIo): Promise<ExitCode> {
  const json = argv.includes('--json');
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr(`${generalHelp()}\n`);
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = COMMANDS.find((c) => c.name === rest[0]);
    io.stdout(`${topic ? commandHelp(topic) : generalHelp()}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  let db: Database | undefined;
  try {
    if (!command) {
      const close = closestName(name, COMMANDS.map((c) => c.name));
      throw new UsageError(`Unknown command "${name}".${close ? ` Did you mean "${close}"?` : ''}`);
    }
    const args = parseCommandArgs(command, rest);
    if (args.help) {
      io.stdout(`${commandHelp(command)}\n`);
      return EXIT.ok;
    }
    db = new Database(loadConfig(io.env));
    await command.run({ db, out: stdoutOutput(args.json, io.stdout), readFile: (p) => readInput(p, io) }, args);
    return EXIT.ok;
  } catch (err) {
    return reportFailure(describeFailure(err, command, io.env), json, io);
  } finally {
    await db?.close();
  }
}
