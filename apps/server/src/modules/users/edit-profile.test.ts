import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  multipart,
  photo,
  pngImage,
  type RegistrationInput,
  registeredMember,
  type UploadFile,
} from '../../../test/fixtures.ts';
import { mediaKey, mediaPaths } from '../../../test/media-urls.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { members } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

const profileFields: RegistrationInput = {
  name: 'Aïcha D.',
  age: '28',
  gender: 'femme',
  maritalStatus: 'divorce',
  location: 'Dakar, Senegal',
  latitude: '14.716677',
  longitude: '-17.467686',
  bio: 'Nouvelle bio',
};

async function update(
  token: string,
  fields: RegistrationInput,
  files: UploadFile[] = [],
  imagesToRemove: string[] = [],
  photoOrder: string[] = [],
) {
  const body = multipart({ ...fields, imagesToRemove, photoOrder }, { profilePicture: files });
  return t.app.inject({
    method: 'PUT',
    url: '/api/users/update',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

const png = async (width: number, height: number): Promise<UploadFile> => ({
  filename: `${width}x${height}.png`,
  contentType: 'image/png',
  data: await pngImage(width, height),
});

/** Photos told apart by their shape: the served width over height, rounded. */
const shapes = (user: { photos: { width: number; height: number }[] }) =>
  user.photos.map((p) => Math.round((p.width / p.height) * 100) / 100);

const me = async (token: string) =>
  (await t.app.inject({ url: '/api/users/me', headers: bearer(token) })).json();

describe('edit profile', () => {
  it('refuses a photo to remove that is not even a URL, changing nothing', async () => {
    const { token } = await registeredMember(t.app);
    const before = await me(token);
    for (const url of ['http://[::1', '//', 'http://exa mple.com/%']) {
      const response = await update(token, profileFields, [], [url]);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe('A photo to remove is not one of your photos.');
    }
    expect(await me(token)).toEqual(before);
  });

  it('changes the fields, removes a photo and adds another', async () => {
    const { token } = await registeredMember(t.app);
    const before = await me(token);
    const removedUrl = before.mediaUrls[0];
    const png = { filename: 'new.png', contentType: 'image/png', data: await pngImage() };
    const response = await update(token, profileFields, [png], [removedUrl]);
    expect(response.statusCode, response.body).toBe(200);
    const after = await me(token);
    expect(after).toMatchObject({
      name: 'Aïcha D.',
      age: 28,
      maritalStatus: 'divorce',
      bio: 'Nouvelle bio',
    });
    expect(after.mediaUrls).toHaveLength(1);
    expect(after.mediaUrls).not.toContain(removedUrl);
    expect((await t.app.inject({ url: after.mediaUrls[0] })).statusCode).toBe(200);
    // The removed photo's files are gone from the store once the deletion queue is swept.
    await t.app.mediaJanitor.sweepQueue();
    const removedFile = path.join(t.mediaDir, mediaKey(removedUrl));
    await expect(fs.stat(removedFile)).rejects.toThrow();
    // Other members see the new photos at once, in suggestions and on the profile (their own
    // links to the same files).
    const viewer = await registeredMember(t.app, { gender: 'homme' });
    const page = await t.app.inject({
      url: '/api/users/suggestions?page=0&size=100',
      headers: bearer(viewer.token),
    });
    const seen = page.json().content.find((m: { id: string }) => m.id === after.id);
    expect(mediaPaths(seen.mediaUrls)).toEqual(mediaPaths(after.mediaUrls));
    const details = await t.app.inject({
      url: `/api/users/${after.id}/details`,
      headers: bearer(viewer.token),
    });
    expect(mediaPaths(details.json().mediaUrls)).toEqual(mediaPaths(after.mediaUrls));
  });

  it('keeps both photos of two edits that each add one at the same time', async () => {
    // Both read the photos while the other still processes its image: the member row's lock
    // makes the second wait, so it numbers its photo after the first one's.
    const { token } = await registeredMember(t.app);
    const answers = await Promise.all([
      update(token, profileFields, [await photo()]),
      update(token, profileFields, [await photo()]),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await me(token)).mediaUrls).toHaveLength(3);
  });

  it('refuses to remove the last photo', async () => {
    const { token } = await registeredMember(t.app);
    const { mediaUrls } = await me(token);
    const response = await update(token, profileFields, [], mediaUrls);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please add at least one photo.');
    expect((await me(token)).mediaUrls).toEqual(mediaUrls);
  });

  it('refuses to remove a photo of someone else', async () => {
    const { token } = await registeredMember(t.app);
    const other = await registeredMember(t.app);
    const foreign = (await me(other.token)).mediaUrls[0];
    const response = await update(token, profileFields, [await photo()], [foreign]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('A photo to remove is not one of your photos.');
    expect((await me(other.token)).mediaUrls).toEqual([foreign]);
  });

  it('refuses a non-image and an age under 18, changing nothing', async () => {
    const { token } = await registeredMember(t.app);
    const before = await me(token);
    const text = {
      filename: 'x.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from('not an image'),
    };
    expect((await update(token, profileFields, [text])).statusCode).toBe(400);
    const young = await update(token, { ...profileFields, age: '17' });
    expect(young.statusCode).toBe(400);
    expect(young.json().message).toBe('Minimum age is 18 years old');
    expect(await me(token)).toEqual(before);
  });

  it('finds the position of a typed location when no coordinates come with it', async () => {
    const { token } = await registeredMember(t.app, {
      latitude: undefined,
      longitude: undefined,
      location: 'Thiès, Sénégal',
    });
    const registered = await me(token);
    expect(registered.latitude).toBeCloseTo(14.79, 1);
    const moved = await update(
      token,
      {
        ...profileFields,
        location: 'Abidjan, Côte d’Ivoire',
        latitude: undefined,
        longitude: undefined,
      },
      [await photo()],
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await me(token)).latitude).toBeCloseTo(5.35, 1);
  });

  it('saves a typed town as the index found it, with its position', async () => {
    const { token } = await registeredMember(t.app);
    const response = await update(token, {
      ...profileFields,
      location: 'lyon',
      latitude: undefined,
      longitude: undefined,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = await me(token);
    expect(saved.location).toBe('Lyon, France');
    expect(saved.latitude).toBeCloseTo(45.76, 1);
    expect(saved.longitude).toBeCloseTo(4.84, 1);
  });

  it('shows the place in the reader’s language, and keeps it as it was when left so', async () => {
    // Registered from an English form: "Dakar, Senegal", at her device's position.
    const { token, id } = await registeredMember(t.app);
    const inFrench = { 'accept-language': 'fr-FR,fr;q=0.9' };
    const meIn = async (headers: Record<string, string>) =>
      (
        await t.app.inject({ url: '/api/users/me', headers: { ...bearer(token), ...headers } })
      ).json();
    expect((await meIn(inFrench)).location).toBe('Dakar, Sénégal');
    const save = (fields: RegistrationInput) => {
      const body = multipart({ ...profileFields, ...fields });
      return t.app.inject({
        method: 'PUT',
        url: '/api/users/update',
        headers: { ...body.headers, ...bearer(token), ...inFrench },
        payload: body.payload,
      });
    };
    // The French form sends back what it showed: the place stays hers, at her position.
    const same = await save({
      location: 'Dakar, Sénégal',
      latitude: undefined,
      longitude: undefined,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ location: 'Dakar, Sénégal', latitude: 14.716677 });

    const moved = await save({
      location: "Abidjan, Côte-d'Ivoire",
      latitude: undefined,
      longitude: undefined,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await t.database.db
      .select({ location: members.location, countryCode: members.countryCode })
      .from(members)
      .where(eq(members.id, id));
    expect(row).toEqual({ location: 'Abidjan', countryCode: 'CI' });
    expect((await meIn({ 'accept-language': 'en' })).location).toBe('Abidjan, Côte d’Ivoire');
    expect((await meIn(inFrench)).location).toBe('Abidjan, Côte d’Ivoire');
  });

  it('reads a place kept as typed when the member saves it unchanged, else keeps it', async () => {
    const { token, id } = await registeredMember(t.app);
    const keptAsTyped = (
      location: string,
      position: { latitude: number; longitude: number } | null,
    ) =>
      t.database.db
        .update(members)
        .set({ location, countryCode: null, latitude: null, longitude: null, ...position })
        .where(eq(members.id, id));
    const saveUnchanged = async () => {
      const { location } = await me(token);
      return update(token, {
        ...profileFields,
        location,
        latitude: undefined,
        longitude: undefined,
      });
    };
    // Typed by hand before towns were read, without a position: now a town, and its position.
    await keptAsTyped('dakar', null);
    expect((await me(token)).location).toBe('dakar');
    expect((await saveUnchanged()).statusCode).toBe(200);
    const read = await me(token);
    expect(read.location).toBe('Dakar, Senegal');
    expect(read.latitude).toBeCloseTo(14.69, 1);
    // A place the index cannot read stays as she typed it: she did not change it today.
    await keptAsTyped('Ngor village, Cap-Vert', { latitude: 14.75, longitude: -17.51 });
    expect((await saveUnchanged()).statusCode).toBe(200);
    expect(await me(token)).toMatchObject({ location: 'Ngor village, Cap-Vert', latitude: 14.75 });
  });

  it('refuses a place the index does not know, coordinates or not, changing nothing', async () => {
    const { token } = await registeredMember(t.app);
    const before = await me(token);
    for (const coordinates of [
      { latitude: undefined, longitude: undefined },
      { latitude: '45.76', longitude: '4.84' },
    ]) {
      const response = await update(token, {
        ...profileFields,
        location: 'Qqqzzville',
        ...coordinates,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'LOCATION_UNKNOWN',
        errors: [{ path: 'location', code: 'LOCATION_UNKNOWN' }],
      });
    }
    expect(await me(token)).toEqual(before);
  });
});

describe('photo order', () => {
  it('stores the order the member chose, main photo first, and serves it everywhere', async () => {
    const { token, id } = await registeredMember(t.app);
    const [registered] = (await me(token)).mediaUrls;
    const response = await update(
      token,
      profileFields,
      [await png(300, 400), await png(400, 400)],
      [],
      ['new:1', registered, 'new:0'],
    );
    expect(response.statusCode, response.body).toBe(200);
    const after = await me(token);
    // Square new file first, then the registration's landscape photo, then the portrait one.
    expect(shapes(after)).toEqual([1, 1.33, 0.75]);
    expect(after.mediaUrls[1]).toBe(registered);
    expect(response.json().mediaUrls).toEqual(after.mediaUrls);
    // The main photo is the card photo: suggestions read `photo_keys`.
    const viewer = await registeredMember(t.app, { gender: 'homme' });
    const page = await t.app.inject({
      url: '/api/users/suggestions?page=0&size=100',
      headers: bearer(viewer.token),
    });
    const card = page.json().content.find((m: { id: string }) => m.id === id);
    expect(mediaPaths(card.mediaUrls)).toEqual(mediaPaths(after.mediaUrls));

    // Reordering alone, without any new file.
    const reversed = [...after.mediaUrls].reverse();
    expect((await update(token, profileFields, [], [], reversed)).statusCode).toBe(200);
    expect((await me(token)).mediaUrls).toEqual(reversed);
  });

  it('refuses an order naming a photo that is not the member’s, or a file not sent', async () => {
    const { token } = await registeredMember(t.app);
    const other = await registeredMember(t.app);
    const before = await me(token);
    const [own] = before.mediaUrls;
    const [foreign] = (await me(other.token)).mediaUrls;
    for (const order of [[foreign, own], [own, 'new:1'], [own, own], ['/media/photos/x.webp']]) {
      const response = await update(token, profileFields, [await png(300, 400)], [], order);
      expect(response.statusCode, String(order)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'PHOTO_ORDER_INVALID',
        message:
          'The photo order names a photo that is not one of yours. Please reload the page and try again.',
      });
    }
    // A photo removed in the same edit is no longer the member's either.
    const removed = await update(token, profileFields, [await png(300, 400)], [own], [own]);
    expect(removed.json().code).toBe('PHOTO_ORDER_INVALID');
    expect(await me(token)).toEqual(before);
  });

  it('keeps every photo of two edits that each add one and put it first at the same time', async () => {
    const { token } = await registeredMember(t.app);
    const [registered] = (await me(token)).mediaUrls;
    const answers = await Promise.all([
      update(token, profileFields, [await png(300, 400)], [], ['new:0', registered]),
      update(token, profileFields, [await png(400, 400)], [], ['new:0', registered]),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const after = await me(token);
    expect(after.mediaUrls).toHaveLength(3);
    // The edit that committed last put its photo first; the other edit's photo, which it did
    // not know, keeps its place after the photos it named.
    expect(after.mediaUrls[1]).toBe(registered);
    expect([...shapes(after)].sort()).toEqual([0.75, 1, 1.33]);
  });
});
