import fs from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_FORMATS, PHOTO_WIDTHS, photoSizeUrl } from '@mawadda/contract/photo-sizes';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  jpegWithGps,
  login,
  multipart,
  photo,
  pngImage,
  type RegistrationInput,
  register,
  someAddress,
  uniqueEmail,
  validRegistration,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { members, photos } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

async function countMembers() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(members);
  return row?.n ?? 0;
}

async function memberIdOf(email: unknown): Promise<string> {
  const [row] = await t.database.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, String(email)));
  if (!row) throw new Error(`no member ${email}`);
  return row.id;
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function expectRefused(
  overrides: Record<string, string | undefined>,
  status: number,
  message: string | RegExp,
) {
  const before = await countMembers();
  const { response } = await register(t.app, overrides);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toMatch(message);
  expect(await countMembers()).toBe(before);
}

describe('registration', () => {
  it('creates the account, stores the coordinates and lets the member log in', async () => {
    const { response, fields } = await register(t.app, { hasChildren: 'true' });
    expect(response.statusCode, response.body).toBe(201);
    const loggedIn = await login(t.app, fields.username as string, fields.password as string);
    expect(loggedIn.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(loggedIn.json().token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: await memberIdOf(fields.username),
      username: fields.username,
      name: 'Aïcha Diallo',
      age: 27,
      gender: 'femme',
      maritalStatus: 'celibataire',
      hasChildren: 'yes',
      skinTone: 'moyen',
      location: 'Dakar, Senegal',
      latitude: 14.716677,
      longitude: -17.467686,
      profileComplete: true,
    });
    expect(me.json().mediaUrls).toHaveLength(1);
  });

  it('accepts both spellings of a marital status and stores one value', async () => {
    for (const [given, stored] of [
      ['marié', 'marie'],
      ['marie', 'marie'],
      ['divorcé', 'divorce'],
      ['Divorce', 'divorce'],
      ['celibataire', 'celibataire'],
    ]) {
      const { response, fields } = await register(t.app, { maritalStatus: given });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await t.database.db
        .select({ maritalStatus: members.maritalStatus })
        .from(members)
        .where(eq(members.email, fields.username as string));
      expect(row?.maritalStatus).toBe(stored);
    }
  });

  it('leaves out empty optional fields', async () => {
    const { response, fields } = await register(t.app, {
      skinTone: '',
      hasChildren: undefined,
      latitude: '',
      longitude: '',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.id, await memberIdOf(fields.username)));
    expect(row).toMatchObject({ skinTone: null, hasChildren: 'not specified' });
    // Without coordinates, the typed location ("Dakar, Senegal") gives the position.
    expect(row?.latitude).toBeCloseTo(14.69, 1);
  });

  it('saves a typed town as the index found it, and refuses one it does not know', async () => {
    const { response, fields } = await register(t.app, {
      location: 'lyon',
      latitude: undefined,
      longitude: undefined,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.id, await memberIdOf(fields.username)));
    expect(row).toMatchObject({ location: 'Lyon', countryCode: 'FR' });
    expect(row?.latitude).toBeCloseTo(45.76, 1);
    // Coordinates do not make an unknown name acceptable: it is what other members would read.
    for (const coordinates of [
      { latitude: undefined, longitude: undefined },
      { latitude: '45.76', longitude: '4.84' },
    ]) {
      const before = await countMembers();
      const refused = await register(t.app, { location: 'Qqqzzville', ...coordinates });
      expect(refused.response.statusCode).toBe(400);
      expect(refused.response.json()).toMatchObject({
        code: 'LOCATION_UNKNOWN',
        errors: [{ path: 'location', code: 'LOCATION_UNKNOWN' }],
      });
      expect(await countMembers()).toBe(before);
    }
  });

  it('refuses a member under 18', async () => {
    await expectRefused({ age: '17' }, 400, 'Minimum age is 18 years old');
  });

  it('refuses an e-mail that does not match the pattern', async () => {
    for (const username of ['not-an-email', 'a@b', 'a b@example.com', 'ali@example.c']) {
      await expectRefused({ username }, 400, 'Please enter a valid email address');
    }
  });

  it('refuses each missing required field with its own message', async () => {
    await expectRefused({ name: '  ' }, 400, 'Name is required');
    await expectRefused({ gender: undefined }, 400, 'Gender is required');
    await expectRefused({ gender: 'other' }, 400, 'Please choose a gender');
    await expectRefused({ maritalStatus: undefined }, 400, 'Marital status is required');
    await expectRefused({ location: '' }, 400, 'Location is required');
    await expectRefused({ bio: undefined }, 400, 'Bio is required');
    await expectRefused({ password: '' }, 400, 'Password is required');
    await expectRefused({ termsAccepted: 'false' }, 400, 'You must accept the terms');
    await expectRefused({ termsAccepted: undefined }, 400, 'You must accept the terms');
  });

  it('refuses NUL and other control characters with a 400, never a 500', async () => {
    const message = /invisible control characters/;
    await expectRefused({ name: 'Aïcha\u0000' }, 400, message);
    await expectRefused({ location: 'Dakar\u0000, Senegal' }, 400, message);
    await expectRefused({ bio: 'Salam\u0000' }, 400, message);
    await expectRefused({ age: '0x20' }, 400, 'Age must be a number');
    await expectRefused({ latitude: '1e-400', longitude: '2' }, 400, 'Latitude must be a number');
  });

  it('refuses a bio over 1000 characters and accepts exactly 1000', async () => {
    await expectRefused({ bio: 'x'.repeat(1001) }, 400, 'Bio must be at most 1000 characters');
    const { response } = await register(t.app, { bio: 'x'.repeat(1000) });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a registration without a photo', async () => {
    const before = await countMembers();
    const body = multipart(validRegistration(), {});
    const response = await t.app.inject({ method: 'POST', url: '/api/users/register', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please add at least one photo.');
    expect(await countMembers()).toBe(before);
  });

  it('refuses a .jpg that is not an image, and keeps no file of the attempt', async () => {
    const filesBefore = await filesIn(t.mediaDir);
    const before = await countMembers();
    const fake = {
      filename: 'me.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from('#!/bin/sh\necho hi\n'),
    };
    const { response } = await register(t.app, {}, [await photo(), fake]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Photo 2 \(me\.jpg\) is not an image/);
    expect(await countMembers()).toBe(before);
    expect(await filesIn(t.mediaDir)).toEqual(filesBefore);
  });

  it('answers an address already registered exactly like a new one, and tells its owner', async () => {
    const email = uniqueEmail('Khadija');
    const first = await register(t.app, { username: email.toLowerCase(), name: 'kHADIJA sow' });
    expect(first.response.statusCode).toBe(201);
    const before = await countMembers();
    const filesBefore = await filesIn(t.mediaDir);
    const mailsBefore = t.mailer.sent.length;

    const again = await register(t.app, {
      username: email.toUpperCase(),
      password: 'another one!',
    });
    expect(again.response.statusCode).toBe(first.response.statusCode);
    expect(again.response.json()).toEqual(first.response.json());
    expect(await countMembers()).toBe(before);
    // The second form's photos were decoded (same work, same timing) but none is kept.
    expect(await filesIn(t.mediaDir)).toEqual(filesBefore);
    // The owner's password still works and the intruder's does not.
    expect((await login(t.app, email, 'correct horse battery')).statusCode).toBe(200);
    expect((await login(t.app, email, 'another one!')).statusCode).toBe(401);

    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(mailsBefore + 1));
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe(email.toLowerCase());
    expect(mail?.subject).toBe('Someone tried to create a Mawadda account with your address');
    expect(mail?.text).toContain('Assalamu alaykum Khadija Sow,');
    expect(mail?.text).toContain('http://mawadda.test/forget');
  });

  it('writes the owner in French when the attempt came from a French browser', async () => {
    const email = uniqueEmail('fatou');
    await register(t.app, { username: email });
    const body = multipart(validRegistration({ username: email }), {
      profilePicture: [await photo()],
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      remoteAddress: someAddress(),
      ...body,
      headers: { ...body.headers, 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(response.statusCode).toBe(201);
    await vi.waitFor(() =>
      expect(t.mailer.sent.at(-1)?.subject).toBe(
        'Quelqu’un a essayé de créer un compte Mawadda avec votre adresse',
      ),
    );
  });
});

describe('the place of members registering in French and in English', () => {
  /** Registers from a browser in `language`, sending the place as that member's form had it. */
  async function registerIn(language: string, overrides: RegistrationInput) {
    const fields = validRegistration(overrides);
    const body = multipart(fields, { profilePicture: [await photo()] });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      remoteAddress: someAddress(),
      ...body,
      headers: { ...body.headers, 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(201);
    const loggedIn = await login(t.app, String(fields.username), String(fields.password));
    return { id: await memberIdOf(fields.username), token: loggedIn.json().token as string };
  }
  const inAbidjan = { latitude: '5.35', longitude: '-4.01' };

  it('is one town and country code, shown to each reader with the country in their language', async () => {
    const awa = await registerIn('fr-FR,fr;q=0.9', {
      name: 'Awa Koné',
      location: "Abidjan, Côte-d'Ivoire",
      ...inAbidjan,
    });
    const grace = await registerIn('en-GB,en;q=0.9', {
      name: 'Grace Kouassi',
      location: "Abidjan, Cote d'Ivoire",
      ...inAbidjan,
    });
    const ndeye = await registerIn('en', { name: 'Ndeye Fall', location: 'Thiès, Senegal' });
    const moussa = await registerIn('fr', {
      name: 'Moussa Traoré',
      gender: 'homme',
      location: 'abidjan',
      ...inAbidjan,
    });
    const rows = await t.database.db
      .select({ location: members.location, countryCode: members.countryCode })
      .from(members)
      .where(inArray(members.id, [awa.id, grace.id, moussa.id]));
    expect(rows).toEqual(Array(3).fill({ location: 'Abidjan', countryCode: 'CI' }));

    const readIn = async (language: string) => {
      const headers = { ...bearer(moussa.token), 'accept-language': language };
      const get = async (url: string) => (await t.app.inject({ url, headers })).json();
      const page = await get('/api/users/suggestions');
      const placeOf = (id: string) =>
        page.content.find((m: { id: string }) => m.id === id)?.location;
      return {
        cards: [placeOf(awa.id), placeOf(grace.id)],
        details: [
          (await get(`/api/users/${awa.id}/details`)).location,
          (await get(`/api/users/${ndeye.id}/details`)).location,
        ],
        own: (await get('/api/users/me')).location,
      };
    };
    expect(await readIn('fr-FR,fr;q=0.9')).toEqual({
      cards: ['Abidjan, Côte d’Ivoire', 'Abidjan, Côte d’Ivoire'],
      details: ['Abidjan, Côte d’Ivoire', 'Thiès, Sénégal'],
      own: 'Abidjan, Côte d’Ivoire',
    });
    expect(await readIn('en-US,en;q=0.9')).toEqual({
      cards: ['Abidjan, Côte d’Ivoire', 'Abidjan, Côte d’Ivoire'],
      details: ['Abidjan, Côte d’Ivoire', 'Thiès, Senegal'],
      own: 'Abidjan, Côte d’Ivoire',
    });
  });
});

describe('mail to one address', () => {
  // The caps run over hours and days of the test clock: counted in process (see createTestApp).
  let clocked: TestContext;
  beforeAll(async () => {
    clocked = await createTestApp({ limitsOnTestClock: true, database: t.database });
  });

  it('mails the owner once an hour and three times a day however many registrations name the address, each answered the same', async () => {
    const email = uniqueEmail('mariama').toLowerCase();
    const first = await register(clocked.app, { username: email });
    expect(first.response.statusCode).toBe(201);
    const mailsTo = () => clocked.mailer.sent.filter((m) => m.to === email).length;
    // Ten attempts from ten addresses within the hour (each a whole registration, its photo
    // encoded): one mail all the same.
    for (let i = 0; i < 10; i++) {
      const { response } = await register(clocked.app, {
        username: email,
        password: `intruder ${i}!`,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual(first.response.json());
    }
    await vi.waitFor(() => expect(mailsTo()).toBe(1));
    for (let hour = 1; hour <= 3; hour++) {
      clocked.clock.advance(60 * 60 * 1000);
      for (let i = 0; i < 2; i++) {
        const { response } = await register(clocked.app, { username: email });
        expect(response.json()).toEqual(first.response.json());
      }
    }
    // One more an hour, three in the day at most; the last hour's attempts sent nothing.
    await vi.waitFor(() => expect(mailsTo()).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo()).toBe(3);
  });

  it('shares one cap of ten mails a day to an address between registration notices and password resets', async () => {
    const email = uniqueEmail('ndeye').toLowerCase();
    await register(clocked.app, { username: email });
    const forgot = () =>
      clocked.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { username: email },
        remoteAddress: someAddress(),
      });
    const mailsTo = () => clocked.mailer.sent.filter((m) => m.to === email);
    for (let hour = 0; hour < 4; hour++) {
      await register(clocked.app, { username: email });
      // The notice is mailed after the answer: here before the resets, which would otherwise
      // race it for the day's last place.
      await vi.waitFor(() => expect(mailsTo().length).toBe(Math.min(10, 4 * hour + 1)));
      // Three reset requests an hour is what one account may ask (ADR 003): each answered 200.
      for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(200);
      await vi.waitFor(() => expect(mailsTo().length).toBe(Math.min(10, 4 * (hour + 1))));
      clocked.clock.advance(60 * 60 * 1000);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const mails = mailsTo();
    expect(mails).toHaveLength(10);
    // The three registration notices of the day, and seven resets: registrations took no more.
    expect(mails.filter((m) => m.subject.startsWith('Someone tried'))).toHaveLength(3);
  });
});

describe('registration from one address', () => {
  it('limits attempts from one address to 10 an hour, refused ones included', async () => {
    const address = '127.9.9.9';
    for (let i = 0; i < 5; i++) {
      expect((await register(t.app, { age: '17' }, undefined, address)).response.statusCode).toBe(
        400,
      );
    }
    for (let i = 0; i < 5; i++) {
      expect((await register(t.app, {}, undefined, address)).response.statusCode).toBe(201);
    }
    const { response } = await register(t.app, {}, undefined, address);
    expect(response.statusCode).toBe(429);
    expect(response.json().code).toBe('RATE_LIMITED');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(t.app, {}, undefined, '127.9.9.10')).response.statusCode).toBe(201);
  });

  it('lets only 10 of 20 registrations sent at once from one address through', async () => {
    const address = '127.9.8.1';
    const before = await countMembers();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => register(t.app, {}, undefined, address)),
    );
    const statuses = answers.map((a) => a.response.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(10).fill(429)]);
    expect(await countMembers()).toBe(before + 10);
  });

  it('refuses a body that is not multipart', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: validRegistration(),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Send this form as multipart/form-data.');
  });

  it('refuses a file in an unknown field', async () => {
    const body = multipart(validRegistration(), {
      profilePicture: [await photo()],
      resume: [await photo('cv.jpg')],
    });
    const response = await t.app.inject({ method: 'POST', url: '/api/users/register', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unexpected file in field "resume".');
  });

  it('answers a truncated multipart body with a 400, not a crash', async () => {
    const body = multipart(validRegistration(), { profilePicture: [await photo()] });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: body.headers,
      payload: body.payload.subarray(0, body.payload.length - 300),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/could not be read/);
  });
});

describe('registration photos', () => {
  it('re-encodes each photo without any metadata, at every width in AVIF and WebP', async () => {
    const original = await jpegWithGps(1600, 1200);
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.exif).toBeDefined(); // the upload really carries EXIF with GPS

    const png = { filename: 'second.png', contentType: 'image/png', data: await pngImage() };
    const { response, fields } = await register(t.app, {}, [
      { filename: 'first.jpg', contentType: 'image/jpeg', data: original },
      png,
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const rows = await t.database.db
      .select()
      .from(photos)
      .where(eq(photos.memberId, await memberIdOf(fields.username)))
      .orderBy(photos.position);
    expect(rows.map((r) => r.position)).toEqual([0, 1]);
    const displayKey = rows[0]?.displayKey ?? '';
    expect(rows[0]).toMatchObject({ width: 1080, height: 810 });

    const sizes = PHOTO_WIDTHS.flatMap((width) =>
      PHOTO_FORMATS.map((format) => ({
        width,
        format,
        key: photoSizeUrl(displayKey, width, format),
      })),
    );
    // The display file and the thumbnail old clients ask for are two of the sizes.
    expect(sizes.map((s) => s.key)).toEqual(
      expect.arrayContaining([displayKey, rows[0]?.thumbnailKey]),
    );
    for (const size of sizes) {
      const stored = await fs.readFile(path.join(t.mediaDir, size.key));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe(size.format === 'avif' ? 'heif' : 'webp');
      expect([meta.width, meta.height]).toEqual([size.width, (size.width * 3) / 4]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes('SpyCam')).toBe(false);
      expect(stored.includes('Owner Secret Name')).toBe(false);
    }
  });

  it('serves the media URLs with their type, kept by the member’s browser only, thumbnails and AVIF sizes included', async () => {
    const { response, fields } = await register(t.app);
    expect(response.statusCode).toBe(201);
    const token = (await login(t.app, fields.username as string, fields.password as string)).json()
      .token;
    const me = (await t.app.inject({ url: '/api/users/me', headers: bearer(token) })).json();
    const avif = photoSizeUrl(me.mediaUrls[0], 240, 'avif');
    for (const [url, type] of [
      [me.mediaUrls[0], 'webp'],
      [me.photos[0].thumbnailUrl, 'webp'],
      [avif, 'avif'],
    ]) {
      const media = await t.app.inject({ url });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe(`image/${type}`);
      expect(media.headers['cache-control']).toBe('private, max-age=604800, immutable');
      expect(media.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(media.rawPayload).metadata()).format).toBe(
        type === 'avif' ? 'heif' : type,
      );
    }
  });

  it('does not serve files outside the media folder', async () => {
    for (const url of [
      '/media/../../../etc/passwd',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/photos/',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('root:');
    }
  });
});
