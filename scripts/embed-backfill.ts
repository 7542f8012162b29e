import { Command } from 'commander';
import { loadConfig } from '../shared/config';
import { Database } from '../shared/db/database';
import { Embedder } from '../shared/embedding';
import { createLogger } from '../shared/logger';
import { createSearchClient } from '../shared/search/client';
import { countUnembedded, EmbeddingWorker, loadEmbedderConfig, type EmbeddingTotals } from '../services/embedder';
import { parseCommandLine, wholeNumber } from './lib/command-line';
import { progressBar } from './lib/progress-bar';

const EXIT = { ok: 0, failed: 1, usage: 2, stopped: 3 } as const;
/** Documents a page of the key check reads. */
const KEY_CHECK_PAGE = 1000;
/** The backfill the projection is for. */
const PROJECTED_POSTINGS = 1_000_000;

const program = new Command('npm run embed:backfill --')
  .description(
    'Gives every open job of the index the vector of its text, as the embedding worker does (npm run start:embedder), ' +
      'until none is left: vectors stored already are reused, the other texts embedded once each. Then checks every ' +
      "vector's key against its job's text and embeds again those made by another model or text recipe. Prints the rate " +
      'and the time 1 000 000 postings would take at it. Safe to run while the API and workers run, and again.',
  )
  .option('--batch-size <n>', 'documents per pass (default EMBEDDER_BATCH_SIZE, 64)', wholeNumber(1, 1000))
  .option('--threads <n>', "CPU threads of the model's runs (default EMBEDDING_THREADS, 1)", wholeNumber(1, 64))
  .option('--no-key-check', "skip the check of every vector's key")
  .option('--json', 'print the summary as JSON on stdout')
  .addHelpText(
    'after',
    `
Progress goes to stderr, the summary to stdout. Exit status: 0 done, 1 some documents were refused
by Elasticsearch, 2 usage error, 3 stopped (Ctrl-C: the pass in progress ends; run it again to go on).`,
  )
  .showHelpAfterError();

/** What the backfill did. */
interface Summary extends EmbeddingTotals {
  seconds: number;
  /** Documents given a vector per second (the model's runs, the stores' reads and writes). */
  docsPerSecond: number;
  /** Texts through the model per second. */
  textsPerSecond: number;
  projectedSecondsFor1M: number;
  keysChecked: number;
  interrupted: boolean;
}

const duration = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
};

function print(s: Summary, asJson: boolean): void {
  if (asJson) {
    console.log(JSON.stringify(s));
    return;
  }
  console.log(
    `${s.written} job(s) given a vector in ${s.seconds.toFixed(1)}s: ${s.docsPerSecond.toFixed(1)} docs/s ` +
      `(the model embedded ${s.embedded} text(s), ${s.textsPerSecond.toFixed(1)}/s; ${s.reused} vector(s) reused, ` +
      `${s.unreadable} text(s) with nothing to embed, ${s.changed} job(s) changed meanwhile, ${s.failed} refused); ` +
      `${s.keysChecked} key(s) checked, ${s.staleKeys} stale`,
  );
  if (s.docsPerSecond > 0)
    console.log(`at this rate, ${PROJECTED_POSTINGS.toLocaleString('en-US')} postings take ${duration(s.projectedSecondsFor1M)}`);
}

/** `npm run embed:backfill`: see its --help. */
async function main(argv: string[]): Promise<number> {
  const exit = parseCommandLine(program, argv, EXIT.usage);
  if (exit !== undefined) return exit;
  const options = program.opts<{ batchSize?: number; threads?: number; keyCheck: boolean; json?: boolean }>();
  const config = loadConfig();
  const settings = loadEmbedderConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 'embed-backfill');
  const db = new Database(config);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: Math.max(config.esRequestTimeoutMs, 60_000) });
  const embedder = await Embedder.load({ modelDir: config.embeddingModelDir, threads: options.threads ?? config.embeddingThreads });
  const interrupted = new AbortController();
  const interrupt = () => interrupted.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const worker = new EmbeddingWorker(
      { db, search, alias: config.indexAlias, embedder, logger },
      { batchSize: options.batchSize ?? settings.batchSize, pollMs: settings.pollMs, requestTimeoutMs: 60_000 },
    );
    const total = await countUnembedded(search, config.indexAlias);
    const started = performance.now();
    const bar = progressBar(`[embed:backfill] ${config.indexAlias}`);
    bar.start(total, 0);
    let done = 0;
    await worker.drainAll((pass) => {
      done += pass.docs;
      // Jobs created meanwhile make the total grow.
      if (done > total) bar.setTotal(done);
      const t = worker.totals;
      bar.update(done, { suffix: `embedded ${t.embedded}  reused ${t.reused}  changed ${t.changed}` });
    }, interrupted.signal);
    bar.stop();
    const seconds = (performance.now() - started) / 1000;
    let keysChecked = 0;
    if (options.keyCheck && !interrupted.signal.aborted) {
      const check = progressBar(`[embed:backfill] checking keys`);
      check.start(await search.count({ index: config.indexAlias, query: { exists: { field: 'embedding_key' } } }).then((r) => r.count), 0);
      for (;;) {
        const page = await worker.checkKeysOnce(KEY_CHECK_PAGE);
        keysChecked += page.checked;
        check.update(keysChecked, { suffix: `stale ${worker.totals.staleKeys}` });
        if (page.ended || interrupted.signal.aborted) break;
      }
      check.stop();
    }
    const t = worker.totals;
    const docsPerSecond = seconds > 0 ? t.written / seconds : 0;
    const summary: Summary = {
      ...t,
      seconds,
      docsPerSecond,
      textsPerSecond: seconds > 0 ? t.embedded / seconds : 0,
      projectedSecondsFor1M: docsPerSecond > 0 ? PROJECTED_POSTINGS / docsPerSecond : 0,
      keysChecked,
      interrupted: interrupted.signal.aborted,
    };
    print(summary, options.json === true);
    if (summary.interrupted) {
      console.error('[embed:backfill] interrupted; run it again to go on (the index and the vectors store keep what was done)');
      return EXIT.stopped;
    }
    return t.failed > 0 ? EXIT.failed : EXIT.ok;
  } finally {
    await Promise.all([db.close(), search.close(), embedder.close()]);
  }
}

// A bad configuration, a missing model or a dependency down stops it with one line, not a stack trace.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[embed:backfill] failed: ${(err as Error).message}`);
    process.exit(EXIT.stopped);
  },
);
