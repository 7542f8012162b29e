import { loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { ensureDatabase, migrateUp } from '../../shared/db/migrate';
import { missingDemoKeys, seedDatabase, seedSummary, type SeedSummary } from './seed-database';

/**
 * `npm run seed [-- --json]`: creates and migrates the database when needed, fills it with the
 * demo data when it is empty, and prints the demo keys and ids. With --json, stdout carries exactly
 * one JSON object (the summary) and every log line goes to stderr.
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
    const { seeded } = await seedDatabase(db);
    log(seeded ? `demo data seeded in ${Date.now() - started} ms` : 'the database already holds data: nothing seeded');
    const summary = await seedSummary(db, config.baseUrl);
    const missing = await missingDemoKeys(db);
    if (missing.length > 0) log(`warning: these demo keys do not exist in this database: ${missing.join(', ')}`);
    process.stdout.write(`${json ? JSON.stringify(summary) : humanSummary(summary)}\n`);
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((err: Error) => {
  log(`seed failed: ${err.message}`);
  process.exitCode = 1;
});
