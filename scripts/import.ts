import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import readline from 'node:readline';
import { Command } from 'commander';
import { loadConfig } from '../shared/config';
import { Database } from '../shared/db/database';
import { createLogger } from '../shared/logger';
import { createSearchClient } from '../shared/search/client';
import { ActingUserError, resolveActingRecruiter } from '../services/write';
import { importJobs, type ImportSummary } from '../services/write';
import { parseCommandLine, wholeNumber } from './lib/command-line';
import { progressBar } from './lib/progress-bar';

const EXIT = { ok: 0, rejected: 1, usage: 2, stopped: 3 } as const;

const program = new Command('npm run import --')
  .usage('<file.ndjson> --as <recruiter user id or email> [options]')
  .description(
    'Creates one job per line of the file. Each line is a JSON object shaped like the body of POST /agents/jobs ' +
      'and goes through the same checks (schema and bounds, organization, membership of the --as recruiter, ' +
      'location, project); accepted jobs are written in batches with their outbox rows and indexed in bulk. ' +
      'A bad line never stops the others.',
  )
  .argument('<file.ndjson>', 'the jobs, one JSON object per line')
  .option('--as <user>', 'the recruiter creating the jobs, by id or email (required)')
  .option('--batch-size <n>', 'jobs per transaction and bulk request', wholeNumber(1), 1000)
  .option('--from-line <n>', 'skip the lines before n (resume an interrupted import)', wholeNumber(1), 1)
  .option('--json', 'print the summary as JSON on stdout')
  .addHelpText(
    'after',
    `
Progress goes to stderr, the summary to stdout. Exit status: 0 every line imported,
1 some lines rejected, 2 usage error, 3 the import stopped (the message says where to resume).
Ctrl-C (SIGINT or SIGTERM) stops after the lines read so far and says where to resume.`,
  )
  .showHelpAfterError();

/** A usage error found after parsing: the message, then the help, as commander prints its own. */
function fail(message: string): number {
  process.stderr.write(`error: ${message}\n\n`);
  program.outputHelp({ error: true });
  return EXIT.usage;
}

/** Counts the lines of the file (for the progress bar's total) without holding it in memory. */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  let last = 10;
  for await (const chunk of createReadStream(file)) {
    const buffer = chunk as Buffer;
    for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) lines++;
    if (buffer.length > 0) last = buffer[buffer.length - 1];
  }
  return last === 10 ? lines : lines + 1;
}

function printSummary(summary: ImportSummary, asJson: boolean): void {
  if (asJson) {
    console.log(JSON.stringify(summary));
    return;
  }
  const seconds = summary.tookMs / 1000;
  const rate = seconds > 0 ? Math.round(summary.accepted / seconds) : summary.accepted;
  const total = summary.accepted + summary.rejected.length;
  console.log(
    `accepted ${summary.accepted} of ${total} job(s) in ${seconds.toFixed(1)}s (${rate} jobs/s); rejected ${summary.rejected.length}`,
  );
  for (const r of summary.rejected) console.log(`  line ${r.line}: ${r.code}: ${r.message}`);
}

/** `npm run import`: see its --help. */
async function main(argv: string[]): Promise<number> {
  const exit = parseCommandLine(program, argv, EXIT.usage);
  if (exit !== undefined) return exit;
  const [file] = program.processedArgs as [string];
  const { as, batchSize, fromLine, json } = program.opts<{ as?: string; batchSize: number; fromLine: number; json?: boolean }>();
  // Checked here rather than by commander's requiredOption, to keep the message scripts know.
  if (as === undefined) return fail('--as <recruiter user id or email> is required');
  if (
    !(await stat(file).then(
      (s) => s.isFile(),
      () => false,
    ))
  )
    return fail(`cannot read "${file}"`);

  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 'import');
  const db = new Database(config);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: 60_000 });
  try {
    let user: { id: string; name: string };
    try {
      user = await resolveActingRecruiter(db, as);
    } catch (err) {
      if (err instanceof ActingUserError) return fail(`--as: ${err.message}`);
      throw err;
    }
    const total = await countLines(file);
    const bar = progressBar(`[import] as ${user.name}`);
    bar.start(total, 0);
    const lines = readline.createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    // The first Ctrl-C finishes the lines read so far and says where to resume; a second one kills.
    const interrupted = new AbortController();
    const interrupt = () => interrupted.abort();
    process.once('SIGINT', interrupt);
    process.once('SIGTERM', interrupt);
    try {
      const summary = await importJobs({ db, search, alias: config.indexAlias, logger }, lines, {
        userId: user.id,
        batchSize,
        fromLine,
        onProgress: (p) => bar.update(p.lines, { suffix: `accepted ${p.accepted}  rejected ${p.rejected}` }),
        signal: interrupted.signal,
      });
      bar.stop();
      printSummary(summary, json === true);
      if (summary.resumeFromLine) {
        console.error(`[import] interrupted; resume with --from-line ${summary.resumeFromLine}`);
        return EXIT.stopped;
      }
      return summary.rejected.length > 0 ? EXIT.rejected : EXIT.ok;
    } catch (err) {
      bar.stop();
      const { summary, resumeFromLine } = err as { summary?: ImportSummary; resumeFromLine?: number };
      if (summary) printSummary(summary, json === true);
      console.error(`[import] stopped: ${(err as Error).message}${resumeFromLine ? `; resume with --from-line ${resumeFromLine}` : ''}`);
      return EXIT.stopped;
    }
  } finally {
    await Promise.all([db.close(), search.close()]);
  }
}

// Anything else (a bad configuration, the database down before the first line) stops the import
// too; without this it escaped as a stack trace with exit 1, the code for "some lines rejected".
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[import] failed: ${(err as Error).message}`);
    process.exit(EXIT.stopped);
  },
);
