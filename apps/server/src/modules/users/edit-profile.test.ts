import fs from 'node:fs/promises';
import path from 'node:path';
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
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

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
) {
  const body = multipart({ ...fields, imagesToRemove }, { profilePicture: files });
  return t.app.inject({
    method: 'PUT',
    url: '/api/users/update',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

const me = async (token: string) =>
  (await t.app.inject({ url: '/api/users/me', headers: bearer(token) })).json();

describe('edit profile', () => {
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
    // The removed photo's files are gone from the store.
    const removedFile = path.join(t.mediaDir, removedUrl.replace('/media/', ''));
    await expect(fs.stat(removedFile)).rejects.toThrow();
    // Other members see the new photos at once, in suggestions and on the profile.
    const viewer = await registeredMember(t.app, { gender: 'homme' });
    const page = await t.app.inject({
      url: '/api/users/suggestions?page=0&size=100',
      headers: bearer(viewer.token),
    });
    const seen = page.json().content.find((m: { id: string }) => m.id === after.id);
    expect(seen.mediaUrls).toEqual(after.mediaUrls);
    const details = await t.app.inject({
      url: `/api/users/${after.id}/details`,
      headers: bearer(viewer.token),
    });
    expect(details.json().mediaUrls).toEqual(after.mediaUrls);
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
});
