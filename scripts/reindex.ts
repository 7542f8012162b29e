import { loadConfig } from '../shared/config';
import { Database } from '../shared/db/database';
import { createSearchClient } from '../shared/search/client';
import { indexSettingsFor } from '../shared/search/index-definition';
import { reindex, ReindexError } from '../services/indexer';
import { Command } from 'commander';
import { parseCommandLine } from './lib/command-line';
import { progressBar } from './lib/progress-bar';

const program = new Command('npm run reindex')
  .description(
    'Rebuilds the search index from Postgres without downtime: a new versioned index behind the ' +
      'alias ES_INDEX_ALIAS is filled with the bulk API, swapped in atomically, and the old index is ' +
      'deleted. Jobs written meanwhile are not lost. Safe to run while the API serves; one at a time.',
  )
  .showHelpAfterError();

/** `npm run reindex`: progress on stderr, a one-line summary on stdout; exit 1 on failure, 2 on a usage error. */
async function main(argv: string[]): Promise<number> {
  const exit = parseCommandLine(program, argv);
  if (exit !== undefined) return exit;
  const config = loadConfig();
  const db = new Database(config);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: 120_000 });
  const bar = progressBar('[reindex] copying');
  try {
    const result = await reindex(
      { db, search, alias: config.indexAlias, settings: indexSettingsFor(config) },
      {
        onProgress: ({ done, total }) => {
          if (bar.isActive) bar.setTotal(total);
          else bar.start(total, 0);
          bar.update(done);
        },
        onStep: (message) => {
          bar.stop();
          console.error(`[reindex] ${message}`);
        },
      },
    );
    console.log(
      `reindexed ${result.copied} job(s) into ${result.index} in ${(result.tookMs / 1000).toFixed(1)}s` +
        ` (${result.caughtUp} written meanwhile re-sent${result.deferred ? `, ${result.deferred} left to the indexer` : ''})`,
    );
    return 0;
  } catch (err) {
    bar.stop();
    console.error(
      `[reindex] failed: ${err instanceof ReindexError ? err.message : err instanceof Error ? (err.stack ?? String(err)) : String(err)}`,
    );
    return 1;
  } finally {
    await Promise.all([db.close(), search.close()]);
  }
}

// A bad configuration fails before reindex() is called: one line, not a stack trace.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[reindex] failed: ${(err as Error).message}`);
    process.exit(1);
  },
);
