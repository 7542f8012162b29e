import { loadConfig } from '../shared/config';
import { Database } from '../shared/db/database';
import { backfillStructuredSalaries } from '../services/write';

const USAGE = `usage: npm run salary:backfill

Parses the salary text of every job that has no structured salary yet (jobs written before
salary_min/salary_max/salary_currency/salary_period existed) and stores what it states; the
outbox brings the jobs into search with the running indexer (or the next npm run reindex).
Safe to run while the API serves, and again.`;

/** `npm run salary:backfill`: a one-line summary on stdout; exit 1 on failure. */
async function main(args: string[]): Promise<number> {
  if (args.length > 0) {
    console.log(USAGE);
    return args.includes('--help') || args.includes('-h') ? 0 : 2;
  }
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
