import { loadConfig } from '../shared/config';
import { ensureDatabase, migrateUp } from '../shared/db/migrate';

/** `npm run migrate`: creates the database when missing and applies every pending migration. */
async function main() {
  const { databaseUrl } = loadConfig();
  await ensureDatabase(databaseUrl);
  await migrateUp(databaseUrl, (msg) => console.log(msg));
  console.log('migrations applied');
}

main().catch((err) => {
  console.error(`migration failed: ${err.message}`);
  process.exit(1);
});
