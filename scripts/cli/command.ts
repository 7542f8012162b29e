import { parseArgs } from 'node:util';
import type { Database } from '../../shared/db/database';
import type { Output } from './output';

/** An error in how the CLI was called; answered with the usage and exit code 2. */
export class UsageError extends Error {}

/** One --option of a command: its type and its line in the help. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  description: string;
  /** Placeholder shown in the usage, e.g. <email>. */
  value?: string;
  required?: boolean;
}

/** Parsed arguments of one command. */
export interface CommandArgs {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

/** What a command runs with. */
export interface CommandContext {
  db: Database;
  out: Output;
  /** Reads a file, or stdin for "-". */
  readFile: (path: string) => Promise<string>;
}

/** One CLI command: its arguments, its help, and what it does. */
export interface Command {
  name: string;
  summary: string;
  /** Names of the positional arguments, all required, e.g. ['user', 'organization_id']. */
  positionals: string[];
  options: Record<string, OptionSpec>;
  /** Extra help lines (examples, behaviour worth knowing). */
  notes?: string[];
  run: (ctx: CommandContext, args: CommandArgs) => Promise<void>;
}

/** Options every command accepts. */
const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  json: { type: 'boolean', description: 'machine-readable output (errors too, on stderr)' },
  help: { type: 'boolean', description: 'show this help' },
};

/** The one-line usage of a command. */
export function usageLine(command: Command): string {
  const options = Object.entries(command.options).map(([name, spec]) => {
    const flag = spec.type === 'string' ? `--${name} <${spec.value ?? name}>` : `--${name}`;
    return spec.required ? flag : `[${flag}]`;
  });
  return ['npm run cli --', command.name, ...command.positionals.map((p) => `<${p}>`), ...options, '[--json]'].join(' ');
}

/** The full help of a command. */
export function commandHelp(command: Command): string {
  const options = Object.entries({ ...command.options, ...GLOBAL_OPTIONS });
  const width = Math.max(...options.map(([name, spec]) => flag(name, spec).length));
  return [
    `${command.summary}`,
    '',
    `Usage: ${usageLine(command)}`,
    '',
    'Options:',
    ...options.map(([name, spec]) => `  ${flag(name, spec).padEnd(width)}  ${spec.description}${spec.required ? ' (required)' : ''}`),
    ...(command.notes?.length ? ['', ...command.notes] : []),
  ].join('\n');
}

function flag(name: string, spec: OptionSpec): string {
  return spec.type === 'string' ? `--${name} <${spec.value ?? name}>` : `--${name}`;
}

/** Parses argv for the command; a malformed call throws UsageError. */
export function parseCommandArgs(command: Command, argv: string[]): CommandArgs & { json: boolean; help: boolean } {
  const options = Object.fromEntries(Object.entries({ ...command.options, ...GLOBAL_OPTIONS }).map(([name, spec]) => [name, { type: spec.type }]));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    // node:util parseArgs reports by code; its messages already name the option.
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('ERR_PARSE_ARGS')) throw new UsageError((err as Error).message.split('. To specify')[0]);
    throw err;
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const help = values.help === true;
  const json = values.json === true;
  if (!help) {
    const missing = command.positionals.slice(parsed.positionals.length);
    if (missing.length) throw new UsageError(`Missing ${missing.map((p) => `<${p}>`).join(' ')}.`);
    const extra = parsed.positionals.slice(command.positionals.length);
    if (extra.length) throw new UsageError(`Unexpected argument "${extra[0]}".`);
    for (const [name, spec] of Object.entries(command.options)) {
      if (spec.required && values[name] === undefined) throw new UsageError(`Missing --${name} <${spec.value ?? name}>.`);
    }
  }
  return { positionals: parsed.positionals, values, json, help };
}
