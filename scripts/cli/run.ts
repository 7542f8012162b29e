import { readFile } from 'node:fs/promises';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { AccountError } from '../../services/write';
import { ConfigError, loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { ApiError } from '../../shared/errors';
import { isHelp } from '../lib/command-line';
import type { CommandContext } from './command';
import { addCommands } from './commands';
import { EXIT, EXIT_CODE_HELP, type ExitCode } from './exit-codes';
import { stdoutOutput } from './output';

/** Where the CLI reads and writes; tests and main pass the process's own. */
export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  env: NodeJS.ProcessEnv;
  stdin: () => Promise<string>;
}

const GENERAL_HELP = [
  '',
  'Run npm run cli -- <command> --help (or npm run cli -- help <command>) for the arguments of one.',
  'Users are named by id (UUID) or by email. --json prints machine-readable results on stdout and',
  'errors as {"error": {"code", "message", "hint"}} on stderr.',
  'The database is DATABASE_URL (default postgres://postgres@127.0.0.1:5432/job_listing).',
  '',
  'Exit codes:',
  EXIT_CODE_HELP,
].join('\n');

/** The usage line of a command with every argument and option spelled out, e.g. `npm run cli -- keys:create <user> [--name <label>] [--json]`. */
function commandUsage(command: Command): string {
  if (!command.parent) return `${command.name()} ${command.usage()}`;
  const options = command.options.map((o) => (o.mandatory ? o.flags : `[${o.flags}]`));
  return [command.parent.name(), command.name(), ...command.registeredArguments.map((a) => `<${a.name()}>`), ...options].join(' ');
}

/**
 * The CLI as a commander program: it parses and checks the command line and prints the help;
 * it never prints an error or exits itself (runCli reports both, as text or JSON).
 */
export function cliProgram(io: Pick<CliIo, 'stdout' | 'stderr'>, context: () => CommandContext): Command {
  const program = new Command('npm run cli --')
    .usage('<command> [arguments] [--json]')
    .description('Operator CLI of the Job Listing Agent API: users, memberships, resumes and API keys.')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => undefined })
    .configureHelp({ commandUsage, subcommandTerm: (command) => command.name() })
    .helpCommand('help [command]', 'show the help of a command')
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', GENERAL_HELP);
  addCommands(program, context);
  for (const command of program.commands) command.option('--json', 'machine-readable output (errors too, on stderr)');
  return program;
}

/** The names of the CLI's commands, in the order --help lists them. */
export function commandNames(): string[] {
  const silent = () => undefined;
  return cliProgram({ stdout: silent, stderr: silent }, () => {
    throw new Error('only the names are read');
  }).commands.map((c) => c.name());
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

/**
 * What commander refused, in the CLI's words. commander reports the option, argument or command
 * at fault in quotes, and a close match as "(Did you mean x?)".
 */
function usageMessage(err: CommanderError, name: string | undefined, command: Command | undefined): string {
  const quoted = /'([^']*)'/.exec(err.message)?.[1];
  const close = /\(Did you mean (\S+)\?\)/.exec(err.message)?.[1];
  const didYouMean = close ? ` Did you mean "${close}"?` : '';
  switch (err.code) {
    case 'commander.unknownCommand':
      return `Unknown command "${name}".${didYouMean}`;
    case 'commander.unknownOption':
      return `Unknown option '${quoted}'.${didYouMean}`;
    case 'commander.missingArgument':
      return `Missing <${quoted}>.`;
    case 'commander.missingMandatoryOptionValue':
      return `Missing ${quoted}.`;
    case 'commander.optionMissingArgument':
      return `Option ${quoted} needs a value.`;
    case 'commander.excessArguments':
      return `Unexpected argument "${command?.args[command.registeredArguments.length]}".`;
    default:
      return err.message.replace(/^error: /, '');
  }
}

function describeFailure(err: unknown, argv: string[], command: Command | undefined, env: NodeJS.ProcessEnv): Failure {
  if (err instanceof CommanderError) {
    const hint = command ? `Usage: ${commandUsage(command)} (see --help)` : 'Run npm run cli -- --help for the commands.';
    return { code: 'usage', message: usageMessage(err, argv[0], command), hint, exit: EXIT.usage };
  }
  if (err instanceof AccountError) return { code: err.kind, message: err.message, hint: err.hint, exit: ACCOUNT_EXIT[err.kind] };
  if (err instanceof ConfigError) return { code: 'configuration', message: err.message, exit: EXIT.failure };
  if (err instanceof ApiError && err.code === 'unavailable') {
    const url = redactUrl(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/job_listing');
    return {
      code: 'unavailable',
      message: `PostgreSQL does not answer at ${url}.`,
      hint: 'Start it, or set DATABASE_URL.',
      exit: EXIT.failure,
    };
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
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') throw new InvalidArgumentError(`Cannot read "${path}" (${code}).`);
    throw err;
  }
}

/** Runs one CLI invocation and resolves with its exit code; it never exits the process itself. */
export async function runCli(argv: string[], io: CliIo): Promise<ExitCode> {
  let context: CommandContext | undefined;
  const program = cliProgram(io, () => context!);
  // The database is opened once commander has accepted the command line, for the command's action.
  program.hook('preAction', (_program, command) => {
    context = {
      db: new Database(loadConfig(io.env)),
      out: stdoutOutput(command.opts().json === true, io.stdout),
      readFile: (p) => readInput(p, io),
    };
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError && isHelp(err)) return EXIT.ok;
    // No command at all: commander printed the general help on stderr.
    if (err instanceof CommanderError && err.code === 'commander.help') return EXIT.usage;
    const command = program.commands.find((c) => c.name() === argv[0]);
    return reportFailure(describeFailure(err, argv, command, io.env), argv.includes('--json'), io);
  } finally {
    await context?.db.close();
  }
}
