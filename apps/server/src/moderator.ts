import { loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/database.ts';
import { setRoleByEmail } from './modules/moderation/index.ts';

/**
 * Grants or takes back the moderator role, from the server's own settings (DATABASE_URL or the
 * embedded database in DATA_DIR): `npm run moderator -- add someone@example.org` (or `remove`).
 * The first moderator can only be made this way; nobody can make themselves one in the app.
 */
const USAGE = 'Usage: npm run moderator -- add|remove <e-mail of a registered member>';

const [command, email] = process.argv.slice(2);
if ((command !== 'add' && command !== 'remove') || !email) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrateDatabase(database.db);
  const role = command === 'add' ? 'moderator' : 'member';
  if (!(await setRoleByEmail(database.db, email, role))) {
    console.error(`No member has the e-mail address ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(
      `${email} is now ${role === 'moderator' ? 'a moderator' : 'a member (not a moderator)'}.`,
    );
  }
} finally {
  await database.close();
}
