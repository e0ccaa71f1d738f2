import { PRIVACY_VERSION } from '@mawadda/contract';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../src/app.ts';
import { addPhotos, type NewPhoto } from '../src/core/members.repository.ts';
import type { Database } from '../src/db/database.ts';
import { likes, members, sessions } from '../src/db/schema.ts';
import { hashToken, newSecretToken } from '../src/lib/tokens.ts';

/** A real JPEG carrying EXIF: camera make, owner and a GPS position, as a phone would write. */
export async function jpegWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#b5651d' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Copyright: 'Owner Secret Name' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '14/1 41/1 34/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '17/1 26/1 48/1',
      },
    })
    .toBuffer();
}

export function pngImage(width = 300, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#2a9d8f' } })
    .png()
    .toBuffer();
}

let counter = 0;
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export type RegistrationInput = Record<string, string | string[] | undefined>;

export function validRegistration(overrides: RegistrationInput = {}): RegistrationInput {
  return {
    name: 'Aïcha Diallo',
    age: '27',
    gender: 'femme',
    maritalStatus: 'célibataire',
    skinTone: 'moyen',
    hasChildren: 'false',
    location: 'Dakar, Senegal',
    bio: 'Je cherche un mari sérieux, pieux et drôle.',
    latitude: '14.716677',
    longitude: '-17.467686',
    username: uniqueEmail(),
    password: 'correct horse battery',
    termsAccepted: 'true',
    religiousDataConsent: 'true',
    ...overrides,
  };
}

export type UploadFile = { filename: string; contentType: string; data: Buffer };

/** A multipart body as a browser's FormData sends it; `undefined` fields are left out. */
export function multipart(fields: RegistrationInput, files: Record<string, UploadFile[]> = {}) {
  const boundary = `----mawadda${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const one of value === undefined ? [] : [value].flat()) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${one}\r\n`,
        ),
      );
    }
  }
  for (const [name, list] of Object.entries(files)) {
    for (const file of list) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
        ),
        file.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A camera photo, made once per test worker: the server suite registers members by the hundred,
 * and drawing a new 1600 × 1200 JPEG for each took 9 of its 62 s on PostgreSQL. Small, since the
 * server encodes every size a photo reaches (ADR 048): at 480 px that is four files' work, not
 * eight of 1080 px; the tests of the sizes upload a larger one. Nothing writes to it.
 */
let cameraPhoto: Promise<Buffer> | undefined;
export async function photo(name = 'portrait.jpg'): Promise<UploadFile> {
  cameraPhoto ??= jpegWithGps(480, 360);
  return { filename: name, contentType: 'image/jpeg', data: await cameraPhoto };
}

/** A loopback address of its own per call, so the per-address limits do not mix tests. */
export function someAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `127.${byte()}.${byte()}.${byte()}`;
}

export async function register(
  app: App,
  overrides: RegistrationInput = {},
  files?: UploadFile[],
  remoteAddress = someAddress(),
) {
  const fields = validRegistration(overrides);
  const body = multipart(fields, { profilePicture: files ?? [await photo()] });
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    remoteAddress,
    ...body,
  });
  return { response, fields };
}

export async function login(app: App, username: string, password: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Registers a member and logs in; answers the token and the registration fields. */
export async function registeredMember(app: App, overrides: RegistrationInput = {}) {
  const { response, fields } = await register(app, overrides);
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  const loggedIn = await login(app, fields.username as string, fields.password as string);
  if (loggedIn.statusCode !== 200) throw new Error(`login failed: ${loggedIn.body}`);
  const token = loggedIn.json<{ token: string }>().token;
  const me = await app.inject({ url: '/api/users/me', headers: bearer(token) });
  return { token, fields, id: me.json<{ id: string }>().id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type SeedMember = {
  name?: string;
  gender: 'homme' | 'femme';
  age?: number;
  latitude?: number | null;
  longitude?: number | null;
  activityDay?: number;
  photos?: number;
  /** Any other column: faith and family answers, dealbreakers, filters. */
  profile?: Partial<typeof members.$inferInsert>;
};

/**
 * Members written straight to the database (no password, no files): fast enough to fill a
 * discovery test with hundreds. Photos are rows only.
 */
/** When seeded members were made: long enough before the test clock not to be new accounts. */
const ESTABLISHED_AT = new Date('2026-01-01T00:00:00Z');

export async function seedMembers(db: Database, list: SeedMember[]): Promise<string[]> {
  if (list.length === 0) return [];
  const rows = await db
    .insert(members)
    .values(
      list.map((m, i) => ({
        email: uniqueEmail('seed'),
        name: m.name ?? `Member ${i}`,
        gender: m.gender,
        age: m.age ?? 30,
        maritalStatus: 'celibataire' as const,
        location: 'Somewhere',
        latitude: m.latitude === undefined ? 14.69 : m.latitude,
        longitude: m.longitude === undefined ? -17.44 : m.longitude,
        bio: 'Bio',
        religiousDataConsentAt: new Date(),
        religiousDataConsentVersion: PRIVACY_VERSION,
        // Established accounts, months before the test clock: a new account (ADR 043) is made
        // by registering, or by giving `profile.createdAt`.
        createdAt: ESTABLISHED_AT,
        ...(m.activityDay === undefined ? {} : { activityDay: m.activityDay }),
        ...m.profile,
      })),
    )
    .returning({ id: members.id });
  const photoRows: NewPhoto[] = rows.flatMap((row, i) =>
    Array.from({ length: list[i]?.photos ?? 1 }, (_, position) => ({
      memberId: row.id,
      position,
      displayKey: `photos/${row.id}-${position}.webp`,
      thumbnailKey: `photos/${row.id}-${position}-thumb.webp`,
      width: 10,
      height: 10,
    })),
  );
  await addPhotos(db, photoRows);
  return rows.map((r) => r.id);
}

/** Signs a seeded member in by writing a session, as login would. */
export async function sessionFor(db: Database, memberId: string): Promise<string> {
  const token = newSecretToken();
  await db.insert(sessions).values({
    memberId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 365 * 86_400_000),
    // As if a passkey signed it in: the moderators' routes want a second factor (ADR 074), and
    // their tests are about moderation. The gate's own tests sign in with a password.
    secondFactorAt: new Date(),
  });
  return token;
}

/**
 * Every live session of the member proved a second factor, as a passkey step-up does: for a
 * moderator signed in with a password whose test is about moderation, not the gate (ADR 074).
 */
export async function proveSecondFactorEverywhere(db: Database, memberId: string) {
  await db
    .update(sessions)
    .set({ secondFactorAt: new Date() })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}

/**
 * A seeded member signed in, as their phone would call the app: each call answers the status and
 * the parsed body.
 */
export async function memberClient(app: App, db: Database, memberId: string) {
  const token = await sessionFor(db, memberId);
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const answer = await app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
    return { status: answer.statusCode, body: answer.json() };
  };
  return {
    id: memberId,
    token,
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
    del: (url: string, payload?: object) => call('DELETE', url, payload),
  };
}

/** An established woman (not a new account) and a man who may see her profile, signed in. */
export async function seedWomanAndMan(db: Database) {
  const [her = '', him = ''] = await seedMembers(db, [
    { gender: 'femme', name: 'Aïcha' },
    { gender: 'homme', name: 'Youssef' },
  ]);
  return {
    her,
    him,
    herToken: await sessionFor(db, her),
    hisToken: await sessionFor(db, him),
  };
}

/** Likes as `[liker, liked]` pairs; both ways make a match. */
export async function seedLikes(db: Database, pairs: Array<[string, string]>, createdAt?: Date) {
  await db.insert(likes).values(
    pairs.map(([likerId, likedId]) => ({
      likerId,
      likedId,
      ...(createdAt ? { createdAt } : {}),
    })),
  );
}

/** A woman, the man she matched with, and a man who liked her but was not liked back. */
export async function seedCouple(db: Database) {
  const [amina = '', youssef = '', karim = ''] = await seedMembers(db, [
    { gender: 'femme' },
    { gender: 'homme' },
    { gender: 'homme' },
  ]);
  await seedLikes(db, [
    [amina, youssef],
    [youssef, amina],
    [karim, amina],
  ]);
  return { amina, youssef, karim };
}

/** A member who paid for a plan running until `endsAt` (a month from the test clock's start). */
export async function seedSubscription(
  db: Database,
  memberId: string,
  endsAt = new Date('2026-12-22T10:00:00Z'),
) {
  await db
    .update(members)
    .set({ subscriptionPlan: 'MONTHLY', subscriptionEndsAt: endsAt })
    .where(eq(members.id, memberId));
}
