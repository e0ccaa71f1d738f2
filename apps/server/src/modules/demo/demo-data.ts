import { type Gender, MIN_AGE, PRIVACY_VERSION } from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { addPhotos, type NewPhoto } from '../../core/members.repository.ts';
import { newPhotoFiles } from '../../core/profile-photos.ts';
import type { Database } from '../../db/database.ts';
import { likes, members, profileViews } from '../../db/schema.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { createPasswordHashing } from '../../lib/passwords.ts';
import { type ProcessedPhoto, processPhoto } from '../../lib/photo-processor.ts';
import { demoDealbreakers, demoFaithFamily } from './demo-faith-family.ts';
import { DEMO_TOWNS, demoBio, FAMILY_NAMES, FIRST_NAMES } from './demo-people.ts';

/** The two accounts the README names; every demo member shares this password. */
export const DEMO_LOGINS = [
  { email: 'aminata@demo.mawadda.app', name: 'Aminata Diallo', gender: 'femme', town: 0 },
  { email: 'youssef@demo.mawadda.app', name: 'Youssef Benali', gender: 'homme', town: 9 },
] as const;
export const DEMO_PASSWORD = 'mawadda-demo';

/** Deterministic, so every fresh start shows the same people. */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES = [
  ['#0f766e', '#f8f1e6'],
  ['#9f1239', '#fdfaf5'],
  ['#b45309', '#fef3c7'],
  ['#1d4ed8', '#e0f2fe'],
  ['#6d28d9', '#ede9fe'],
  ['#047857', '#ecfdf5'],
  ['#be185d', '#fce7f3'],
  ['#334155', '#e2e8f0'],
] as const;

/**
 * A portrait placeholder: an abstract bust on a soft gradient. No photo of anyone, and nothing
 * that could be mistaken for one.
 */
function portraitSvg(index: number, gender: Gender): string {
  const [ink, paper] = PALETTES[index % PALETTES.length] ?? PALETTES[0];
  const shoulders =
    gender === 'femme'
      ? '<path d="M120 750 C140 520 240 470 300 470 C360 470 460 520 480 750 Z" opacity="0.85"/><path d="M190 330 C190 200 410 200 410 330 L420 520 C360 560 240 560 180 520 Z" opacity="0.55"/>'
      : '<path d="M110 750 C130 530 230 480 300 480 C370 480 470 530 490 750 Z" opacity="0.85"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750" viewBox="0 0 600 750">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${paper}"/><stop offset="1" stop-color="${ink}" stop-opacity="0.35"/>
    </linearGradient></defs>
    <rect width="600" height="750" fill="url(#g)"/>
    <g fill="${ink}">${shoulders}<circle cx="300" cy="330" r="${95 + (index % 3) * 6}" opacity="0.9"/></g>
    <circle cx="${90 + ((index * 53) % 420)}" cy="${80 + ((index * 29) % 120)}" r="28" fill="${ink}" opacity="0.15"/>
  </svg>`;
}

async function portraits(gender: Gender, count: number): Promise<ProcessedPhoto[]> {
  const list: ProcessedPhoto[] = [];
  for (let i = 0; i < count; i++) {
    const png = await sharp(Buffer.from(portraitSvg(i + (gender === 'femme' ? 0 : 3), gender)))
      .png()
      .toBuffer();
    list.push(await processPhoto(png, { index: i + 1, name: 'demo portrait' }));
  }
  return list;
}

/**
 * Fills an empty database with a few hundred invented members (both genders, French, West
 * African and other towns, bios in both languages, portrait placeholders), some of whom have
 * already liked or viewed the two demo accounts. Does nothing when any member exists.
 */
export async function seedDemoData(deps: {
  db: Database;
  mediaStore: MediaStore;
  log: FastifyBaseLogger;
  count?: number;
  /** Portraits drawn per gender (8): each is encoded at every size, the seed's longest step. */
  portraits?: number;
}): Promise<boolean> {
  const { db, mediaStore } = deps;
  const [existing] = await db.select({ found: sql<number>`1` }).from(members).limit(1);
  if (existing) return false;
  const count = deps.count ?? 300;
  const random = randomSource(20_261_122);
  // Its own sequence, so the people drawn before these fields existed stay the same.
  const faithRandom = randomSource(20_261_126);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const weightedTowns = DEMO_TOWNS.flatMap(
    (town, index) => Array(town.weight).fill(index) as number[],
  );
  const passwordHash = await createPasswordHashing().hashPassword(DEMO_PASSWORD);
  const drawn = deps.portraits ?? 8;
  const images = { femme: await portraits('femme', drawn), homme: await portraits('homme', drawn) };
  const today = Math.floor(Date.now() / 86_400_000);

  const people = Array.from({ length: count }, (_, i) => {
    const login = DEMO_LOGINS[i];
    const gender: Gender = login?.gender ?? (i % 2 === 0 ? 'femme' : 'homme');
    const town = DEMO_TOWNS[login?.town ?? pick(weightedTowns)] ?? DEMO_TOWNS[0];
    const name = login?.name ?? `${pick(FIRST_NAMES[gender])} ${pick(FAMILY_NAMES)}`;
    const daysIdle = login ? 0 : Math.floor(random() ** 2 * 30);
    return {
      email: login?.email ?? `demo${i}@demo.mawadda.app`,
      passwordHash,
      name,
      age: MIN_AGE + 2 + Math.floor(random() * 25),
      gender,
      maritalStatus: pick(['celibataire', 'celibataire', 'celibataire', 'divorce'] as const),
      hasChildren: pick(['no', 'no', 'yes', 'not specified'] as const),
      skinTone: random() < 0.5 ? null : pick(['clair', 'moyen', 'fonce'] as const),
      location: town.location,
      countryCode: town.countryCode,
      // Spread around the town centre, within a few kilometres.
      latitude: town.latitude + (random() - 0.5) * 0.08,
      longitude: town.longitude + (random() - 0.5) * 0.08,
      bio: demoBio(i),
      termsAcceptedAt: new Date(),
      religiousDataConsentAt: new Date(),
      religiousDataConsentVersion: PRIVACY_VERSION,
      activityDay: today - daysIdle,
      lastActiveAt: new Date(Date.now() - daysIdle * 86_400_000 - Math.floor(random() * 3_600_000)),
      photoCount: 1 + Math.floor(random() * 3),
      ...demoFaithFamily(faithRandom, gender, town.countryCode),
      // The logins start with none: a newcomer sets their own in the filters.
      dealbreakers: login ? {} : demoDealbreakers(faithRandom, gender),
    };
  });

  const rows = await db
    .insert(members)
    .values(people.map(({ photoCount: _, ...member }) => member))
    .returning({ id: members.id, gender: members.gender });

  const photoRows: NewPhoto[] = [];
  for (const [i, row] of rows.entries()) {
    const gender = row.gender ?? 'femme';
    for (let position = 0; position < (people[i]?.photoCount ?? 1); position++) {
      const image = images[gender][(i + position * 3) % images[gender].length];
      if (!image) continue;
      const { displayKey, thumbnailKey, files } = newPhotoFiles(image);
      await Promise.all(files.map((file) => mediaStore.put(file.key, file.data)));
      photoRows.push({
        memberId: row.id,
        position,
        displayKey,
        thumbnailKey,
        width: image.display.width,
        height: image.display.height,
      });
    }
  }
  await addPhotos(db, photoRows);

  // A living welcome: a few members of the other gender have liked and viewed each demo login.
  const now = Date.now();
  for (const [loginIndex, login] of DEMO_LOGINS.entries()) {
    const target = rows[loginIndex];
    if (!target) continue;
    const admirers = rows.filter((r, i) => i >= DEMO_LOGINS.length && r.gender !== login.gender);
    const likers = admirers.slice(0, 6);
    const viewers = admirers.slice(6, 10);
    await db.insert(likes).values(
      likers.map((liker, n) => ({
        likerId: liker.id,
        likedId: target.id,
        createdAt: new Date(now - n * 3_600_000),
      })),
    );
    await db.insert(profileViews).values(
      viewers.map((viewer, n) => {
        const viewedAt = new Date(now - n * 5_400_000);
        return {
          viewerId: viewer.id,
          viewedId: target.id,
          viewedOn: viewedAt.toISOString().slice(0, 10),
          viewedAt,
        };
      }),
    );
  }
  deps.log.info(
    `Demo data: ${rows.length} members. Log in as ${DEMO_LOGINS.map((l) => l.email).join(' or ')} with the password "${DEMO_PASSWORD}".`,
  );
  return true;
}
