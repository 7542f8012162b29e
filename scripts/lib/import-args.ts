import { parseArgs } from 'node:util';

/** What `npm run import` was asked to do. */
export interface ImportArgs {
  file: string;
  as: string;
  batchSize: number;
  fromLine: number;
  json: boolean;
}

/** The arguments, a request for help, or what is wrong with them. */
export type ParsedImportArgs = { ok: true; help: true } | { ok: true; help: false; args: ImportArgs } | { ok: false; message: string };

function positive(value: string | undefined, name: string, fallback: number): number | string {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) return `${name} must be a whole number of at least 1, got "${value}"`;
  return Number(value);
}

/** Parses the command line of `npm run import`; a problem comes back as a message for the operator. */
export function parseImportArgs(argv: string[]): ParsedImportArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        as: { type: 'string' },
        'batch-size': { type: 'string' },
        'from-line': { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: true, help: true };
  if (positionals.length !== 1) return { ok: false, message: positionals.length === 0 ? 'the NDJSON file is missing' : `one file at a time, got ${positionals.length}` };
  if (!values.as) return { ok: false, message: '--as <recruiter user id or email> is required' };
  const batchSize = positive(values['batch-size'], '--batch-size', 1000);
  if (typeof batchSize === 'string') return { ok: false, message: batchSize };
  const fromLine = positive(values['from-line'], '--from-line', 1);
  if (typeof fromLine === 'string') return { ok: false, message: fromLine };
  return { ok: true, help: false, args: { file: positionals[0], as: values.as, batchSize, fromLine, json: values.json ?? false } };
}
