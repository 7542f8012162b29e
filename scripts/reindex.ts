import { loadConfig } from '../shared/config';
import { Database } from '../shared/db/database';
import { createSearchClient } from '../shared/search/client';
import { reindex, ReindexError } from '../services/indexer';
import { ProgressBar } from './lib/progress-bar';

const USAGE = `usage: npm run reindex

Rebuilds the search index from Postgres without downtime: a new versioned index behind the
alias ES_INDEX_ALIAS is filled with the bulk API, swapped in atomically, and the old index is
deleted. Jobs written meanwhile are not lost. Safe to run while the API serves; one at a time.`;

/** `npm run reindex`: progress on stderr, a one-line summary on stdout; exit 1 on failure. */
async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (args.length > 0) {
    console.error(`unknown argument "${args[0]}"\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const db = new Database(config);
  const search = createSearchClient({ ...config, esRequestTimeoutMs: 120_000 });
  const bar = new ProgressBar('[reindex] copying');
  try {
    const result = await reindex(
      { db, search, alias: config.indexAlias },
      {
        onProgress: ({ done, total }) => bar.update(done, total),
        onStep: (message) => {
          bar.finish();
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
    bar.finish();
    console.error(`[reindex] failed: ${err instanceof ReindexError ? err.message : (err as Error).stack ?? err}`);
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
