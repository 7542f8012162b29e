import { loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { ensureDatabase, migrateUp } from '../../shared/db/migrate';
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

async function main(args: string[]): Promise<void> {
  const unknown = args.filter((a) => a !== '--json');
  if (unknown.length > 0) throw new Error(`unknown argument ${unknown[0]} (usage: npm run seed [-- --json])`);
  const json = args.includes('--json');
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
      throw new Error('the database holds data but no demo users: nothing seeded and no demo keys issued (npm run cli -- keys:create makes keys for existing users)');
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
