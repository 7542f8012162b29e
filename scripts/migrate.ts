import { Command } from 'commander';
import { loadConfig } from '../shared/config';
import { ensureDatabase, migrateUp } from '../shared/db/migrate';
import { parseCommandLine } from './lib/command-line';

const program = new Command('npm run migrate')
  .description('Creates the database (DATABASE_URL) when it is missing and applies every pending migration.')
  .showHelpAfterError();

/** `npm run migrate`: creates the database when missing and applies every pending migration. */
async function main() {
  const { databaseUrl } = loadConfig();
  await ensureDatabase(databaseUrl);
  await migrateUp(databaseUrl, (msg) => console.log(msg));
  console.log('migrations applied');
}

const exit = parseCommandLine(program, process.argv.slice(2));
if (exit !== undefined) process.exitCode = exit;
else {
  main().catch((err: unknown) => {
    console.error(`migration failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
