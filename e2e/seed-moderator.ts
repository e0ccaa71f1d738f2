// Writes the journeys' moderator (support/moderator.ts) before the server starts: the role is
// granted only on the server (`npm run moderator`), and the embedded database has one owner at a
// time, so this runs between the web build and the server in the Playwright web server command.
import { PRIVACY_VERSION } from '@mawadda/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { insertMember } from '../apps/server/src/core/members.repository.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/database.ts';
import { createPasswordHashing } from '../apps/server/src/lib/passwords.ts';
import { setRoleByEmail } from '../apps/server/src/modules/moderation/moderation.repository.ts';
import { MODERATOR, SENIOR_MODERATOR } from './support/moderator.ts';

const database = await openDatabase(loadConfig());
try {
  await migrateDatabase(database.db);
  const now = new Date();
  await insertMember(database.db, {
    email: MODERATOR.username,
    passwordHash: await createPasswordHashing().hashPassword(MODERATOR.password),
    name: MODERATOR.name,
    gender: MODERATOR.gender,
    age: 41,
    location: 'Dakar, Sénégal',
    termsAcceptedAt: now,
    religiousDataConsentAt: now,
    religiousDataConsentVersion: PRIVACY_VERSION,
  });
  if (!(await setRoleByEmail(database.db, MODERATOR.username, 'moderator'))) {
    throw new Error('The journeys’ moderator could not be made');
  }
  // The senior moderator (ADR 076): the same account but for the role.
  await insertMember(database.db, {
    email: SENIOR_MODERATOR.username,
    passwordHash: await createPasswordHashing().hashPassword(SENIOR_MODERATOR.password),
    name: SENIOR_MODERATOR.name,
    gender: SENIOR_MODERATOR.gender,
    age: 41,
    location: 'Dakar, Sénégal',
    termsAcceptedAt: now,
    religiousDataConsentAt: now,
    religiousDataConsentVersion: PRIVACY_VERSION,
  });
  if (!(await setRoleByEmail(database.db, SENIOR_MODERATOR.username, 'senior-moderator'))) {
    throw new Error('The journeys’ senior moderator could not be made');
  }
} finally {
  await database.close();
}
