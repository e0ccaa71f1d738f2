// Writes the journeys' moderators (support/moderator.ts) before the server starts: the role is
// granted only on the server (`npm run moderator`), and the embedded database has one owner at a
// time, so this runs between the web build and the server in the Playwright web server command.
// Those with an authenticator app get it confirmed, sealed with the key the server will read
// (ADR 074), so the journeys prove codes computed from the same secret.
import path from 'node:path';
import { PRIVACY_VERSION } from '@mawadda/contract';
import { Secret } from 'otpauth';
import { loadConfig } from '../apps/server/src/config.ts';
import { insertMember } from '../apps/server/src/core/members.repository.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/database.ts';
import { totpFactors } from '../apps/server/src/db/schema.ts';
import { keptSecret } from '../apps/server/src/lib/kept-secret.ts';
import { createPasswordHashing } from '../apps/server/src/lib/passwords.ts';
import { createSecretSealer } from '../apps/server/src/lib/sealed-secrets.ts';
import { sealTotpSecret } from '../apps/server/src/modules/auth/totp.service.ts';
import { setRoleByEmail } from '../apps/server/src/modules/moderation/moderation.repository.ts';
import { SEEDED_MODERATORS } from './support/moderator.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrateDatabase(database.db);
  const sealer = createSecretSealer(
    config.totpSecretKey ?? (await keptSecret(path.join(config.dataDir, 'secrets', 'totp'))),
    'totp',
  );
  const hashing = createPasswordHashing();
  for (const moderator of SEEDED_MODERATORS) {
    const now = new Date();
    const member = await insertMember(database.db, {
      email: moderator.username,
      passwordHash: await hashing.hashPassword(moderator.password),
      name: moderator.name,
      gender: moderator.gender,
      age: 41,
      location: 'Dakar, Sénégal',
      termsAcceptedAt: now,
      religiousDataConsentAt: now,
      religiousDataConsentVersion: PRIVACY_VERSION,
    });
    const role = moderator.role ?? 'moderator';
    if (!member || !(await setRoleByEmail(database.db, moderator.username, role))) {
      throw new Error(`The journeys’ moderator ${moderator.username} could not be made`);
    }
    if (moderator.totpSecret) {
      const secret = Secret.fromBase32(moderator.totpSecret).bytes;
      await database.db.insert(totpFactors).values({
        memberId: member.id,
        sealedSecret: sealTotpSecret(sealer, member.id, secret),
        confirmedAt: now,
      });
    }
  }
} finally {
  await database.close();
}
