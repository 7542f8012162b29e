import { loadConfig } from '../shared/config';
import { Database } from '../shared/db/database';
import { backfillStructuredSalaries } from '../services/write';
import { Command } from 'commander';
import { parseCommandLine } from './lib/command-line';

const program = new Command('npm run salary:backfill')
  .description(
    'Parses the salary text of every job that has no structured salary yet (jobs written before ' +
      'salary_min/salary_max/salary_currency/salary_period existed) and stores what it states; the ' +
      'outbox brings the jobs into search with the running indexer (or the next npm run reindex). ' +
      'Safe to run while the API serves, and again.',
  )
  .showHelpAfterError();

/** `npm run salary:backfill`: a one-line summary on stdout; exit 1 on failure, 2 on a usage error. */
async function main(argv: string[]): Promise<number> {
  const exit = parseCommandLine(program, argv);
  if (exit !== undefined) return exit;
  const db = new Database(loadConfig());
  try {
    const { examined, filled } = await backfillStructuredSalaries(db);
    console.log(`structured salary filled for ${filled} of ${examined} job(s) without one (the others state no amount)`);
    return 0;
  } catch (err) {
    console.error(`salary backfill failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

void main(process.argv.slice(2)).then((code) => process.exit(code));
