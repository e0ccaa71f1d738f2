// Writes the journeys' member registered before the consent question (support/older-member.ts)
// before the server starts: the embedded database has one owner at a time, so this runs between
// the web build and the server in the Playwright web server command, like seed-moderator.ts.
import { loadConfig } from '../apps/server/src/config.ts';
import { insertMember } from '../apps/server/src/core/members.repository.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/database.ts';
import { createPasswordHashing } from '../apps/server/src/lib/passwords.ts';
import { OLDER_MEMBER } from './support/older-member.ts';

const database = await openDatabase(loadConfig());
try {
  await migrateDatabase(database.db);
  await insertMember(database.db, {
    email: OLDER_MEMBER.username,
    passwordHash: await createPasswordHashing().hashPassword(OLDER_MEMBER.password),
    name: OLDER_MEMBER.name,
    gender: OLDER_MEMBER.gender,
    age: 33,
    maritalStatus: 'divorce',
    location: 'Thiès, Sénégal',
    latitude: 14.79,
    longitude: -16.93,
    bio: 'Inscrite avant la question du consentement.',
    termsAcceptedAt: new Date('2026-06-01T09:00:00Z'),
  });
} finally {
  await database.close();
}
