/**
 * Grants or takes back the moderator role, from the server's own settings (DATABASE_URL or the
 * embedded database in DATA_DIR): `npm run moderator -- add someone@example.org` (or `remove`);
 * `add --senior` makes a senior moderator, who also reverses decisions and takes escalations
 * (ADR 076). The first moderator can only be made this way; nobody can make themselves one in
 * the app.
 */
const USAGE = 'Usage: npm run moderator -- add [--senior]|remove <e-mail of a registered member>';

const args = process.argv.slice(2);
const senior = args.includes('--senior');
const [command, email] = args.filter((arg) => arg !== '--senior');
if ((command !== 'add' && command !== 'remove') || !email || (senior && command !== 'add')) {
  console.error(USAGE);
  process.exit(2);
}
// Loaded once the command is known: a usage error answers at once, without the database code.
const { loadConfig } = await import('./config.ts');
const { migrateDatabase, openDatabase } = await import('./db/database.ts');
const { setRoleByEmail } = await import('./modules/moderation/index.ts');
const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrateDatabase(database.db);
  const role = command === 'remove' ? 'member' : senior ? 'senior-moderator' : 'moderator';
  const told = {
    member: 'a member (not a moderator)',
    moderator: 'a moderator',
    'senior-moderator': 'a senior moderator',
  } as const;
  if (!(await setRoleByEmail(database.db, email, role))) {
    console.error(`No member has the e-mail address ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now ${told[role]}.`);
  }
} finally {
  await database.close();
}
