import { Command, CommanderError } from 'commander';
import { loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { ensureDatabase, migrateUp } from '../../shared/db/migrate';
import { isHelp } from '../lib/command-line';
import { renewDemoKeys, seedDatabase, seedSummary, type SeedSummary } from './seed-database';

/**
 * `npm run seed [-- --json]`: creates and migrates the database when needed, fills it with the
 * demo data when it is empty, and prints fresh random demo keys and the ids. On a database seeded
 * before it keeps the data, revokes the demo users' previous keys and prints new ones, so a script
 * can always get working keys. With --json, stdout carries exactly one JSON object (the summary)
 * and every log line goes to stderr.
 */

const log = (line: string) => process.stderr.write(`${line}\n`);

function humanSummary(summary: SeedSummary): string {
  const show = (ids: string[]) => `${ids.length}${ids.length > 0 ? ` (first: ${ids[0]})` : ''}`;
  return [
    `Base URL:                         ${summary.base_url}`,
    `Recruiter key:                    ${summary.recruiter_key}`,
    `Applicant key (active resume):    ${summary.applicant_key}`,
    `Applicant key (no resume):        ${summary.applicant_without_resume_key}`,
    `Organizations:                    ${show(summary.organization_ids)}`,
    `Locations:                        ${show(summary.location_ids)}`,
    'All ids: npm run seed -- --json',
    'The keys are shown this once; running the seed again prints new ones and revokes these.',
  ].join('\n');
}

const program = new Command('npm run seed --')
  .description(
    'Creates and migrates the database when needed, fills it with the demo data when it is empty, ' +
      'and prints fresh random demo keys and the ids (on a database seeded before: keeps the data, ' +
      'revokes the demo keys issued earlier and prints new ones).',
  )
  .option('--json', 'print the summary as exactly one JSON object on stdout (log lines go to stderr)')
  .exitOverride()
  // A refused command line is reported by main, as "seed failed: unknown argument ...", exit 1.
  .configureOutput({ outputError: () => undefined });

/** Parses the command line; false when the help was asked for (and printed). */
function readCommandLine(args: string[]): boolean {
  try {
    program.parse(args, { from: 'user' });
    return true;
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    if (isHelp(err)) return false;
    throw new Error(`unknown argument ${program.args[0]} (usage: npm run seed [-- --json])`, { cause: err });
  }
}

async function main(args: string[]): Promise<void> {
  if (!readCommandLine(args)) return;
  const json = program.opts<{ json?: boolean }>().json === true;
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  await migrateUp(config.databaseUrl, log);
  const db = new Database(config);
  try {
    const started = Date.now();
    const result = await seedDatabase(db);
    if (result.seeded) log(`demo data seeded in ${Date.now() - started} ms`);
    const keys = result.seeded ? result.keys : await renewDemoKeys(db);
    if (!keys) {
      throw new Error(
        'the database holds data but no demo users: nothing seeded and no demo keys issued (npm run cli -- keys:create makes keys for existing users)',
      );
    }
    if (!result.seeded) log('the database already holds the demo data: kept it, revoked the previous demo keys and issued new ones');
    const summary = await seedSummary(db, config.baseUrl, keys);
    process.stdout.write(`${json ? JSON.stringify(summary) : humanSummary(summary)}\n`);
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((err: Error) => {
  log(`seed failed: ${err.message}`);
  process.exitCode = 1;
});
