import fs from 'node:fs/promises';
import path from 'node:path';
import { MODERATOR_ROLES } from '@mawadda/contract';
import { PHOTO_FORMATS, PHOTO_WIDTHS, photoSources } from '@mawadda/contract/photo-sizes';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema.ts';
import {
  bearer,
  multipart,
  proveSecondFactorEverywhere,
  type RegistrationInput,
  registeredMember,
  validRegistration,
} from './fixtures.ts';
import { mediaKey, mediaPaths } from './media-urls.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

type Other = { id: string };

/** A registered member (a real photo on disk) and what they do through the API. */
async function member(gender: 'femme' | 'homme', name: string) {
  const fields: RegistrationInput = { gender, name };
  const { token, id } = await registeredMember(t.app, fields);
  const headers = bearer(token);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    id,
    token,
    call,
    me: async () => (await call('GET', '/api/users/me')).json(),
    details: async (other: Other) => (await call('GET', `/api/users/${other.id}/details`)).json(),
    card: async (other: Other) =>
      (await call('GET', '/api/users/suggestions?page=0&size=100'))
        .json()
        .content.find((m: { id: string }) => m.id === other.id),
    like: async (other: Other) =>
      expect((await call('POST', '/like', { likedUserId: other.id })).statusCode).toBe(200),
    /** The profile form sent again with only the blur choice changed. */
    blur: async (value: string) => {
      const body = multipart({
        ...validRegistration({ gender, name }),
        photosBlurred: value,
      });
      return t.app.inject({
        method: 'PUT',
        url: '/api/users/update',
        headers: { ...body.headers, ...headers },
        payload: body.payload,
      });
    },
  };
}

const fetchMedia = (url: string) => t.app.inject({ url });
const statusOf = async (url: string) => (await fetchMedia(url)).statusCode;

/** Amina blurs her photos; Youssef matched with her; Karim did not. */
async function aminaBlurring() {
  const amina = await member('femme', 'Amina');
  const youssef = await member('homme', 'Youssef');
  const karim = await member('homme', 'Karim');
  await amina.like(youssef);
  await youssef.like(amina);
  expect((await amina.blur('true')).statusCode).toBe(200);
  return { amina, youssef, karim };
}

describe('the blur setting', () => {
  it('is off by default, set through the profile form, kept when the form leaves it out', async () => {
    const amina = await member('femme', 'Amina');
    expect((await amina.me()).photosBlurred).toBe(false);
    const on = await amina.blur('true');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().photosBlurred).toBe(true);
    expect((await amina.blur('')).json().photosBlurred).toBe(true);
    expect((await amina.blur('false')).json().photosBlurred).toBe(false);
    const bad = await amina.blur('perhaps');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'PHOTOS_BLURRED_INVALID',
      message: 'photosBlurred must be true or false',
    });
  });
});

describe('blurred photos', () => {
  it('gives a member not matched with blurred copies everywhere, and says so', async () => {
    const { amina, karim } = await aminaBlurring();
    const card = await karim.card(amina);
    const details = await karim.details(amina);
    expect(card.photosBlurred).toBe(true);
    expect(details.photosBlurred).toBe(true);
    const own = (await amina.me()).mediaUrls as string[];
    expect(mediaPaths(card.mediaUrls)).toEqual(
      mediaPaths(own).map((p) => p.replace(/\.webp$/, '-blur.webp')),
    );
    // Her profile views list him with his photos, and his list her blurred.
    const views = (await karim.call('GET', '/api/users/profile-views')).json();
    expect(views).toEqual([]);
    await amina.details(karim);
    const seenBy = (await karim.call('GET', '/api/users/profile-views')).json();
    expect(seenBy).toEqual([expect.objectContaining({ id: amina.id, photosBlurred: true })]);
    expect(mediaKey(seenBy[0].mediaUrls[0])).toMatch(/-blur\.webp$/);

    const blurred = await fetchMedia(card.mediaUrls[0]);
    expect(blurred.statusCode).toBe(200);
    expect(blurred.headers['content-type']).toBe('image/webp');
    const meta = await sharp(blurred.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(320);
    const original = await fetchMedia(own[0] as string);
    expect(blurred.rawPayload.equals(original.rawPayload)).toBe(false);
  });

  it('gives the member herself and her match the photos themselves', async () => {
    const { amina, youssef } = await aminaBlurring();
    const own = await amina.me();
    expect(own.photosBlurred).toBe(true);
    const seen = await youssef.details(amina);
    expect(seen.photosBlurred).toBe(false);
    expect(mediaPaths(seen.mediaUrls)).toEqual(mediaPaths(own.mediaUrls));
    for (const url of [...seen.mediaUrls, ...own.mediaUrls, own.photos[0].thumbnailUrl]) {
      expect(await statusOf(url)).toBe(200);
    }
    const likes = (await youssef.call('GET', '/likes')).json();
    expect(likes).toEqual([expect.objectContaining({ id: amina.id, photosBlurred: false })]);
  });

  it('says in the chat contacts whose photos come blurred: hers to him once their match ends', async () => {
    const { amina, youssef } = await aminaBlurring();
    const sent = await youssef.call('POST', `/api/chat/send/${amina.id}`, { content: 'Salam' });
    expect(sent.statusCode, sent.body).toBe(201);
    const contactOf = async (viewer: typeof amina, other: Other) =>
      (await viewer.call('GET', '/api/chat/contacts'))
        .json()
        .find((c: { id: string }) => c.id === other.id);
    const matchedView = await contactOf(youssef, amina);
    expect(matchedView.photosBlurred).toBe(false);
    expect(mediaKey(matchedView.mediaUrls[0])).not.toMatch(/-blur\.webp$/);
    // She sees her own choice nowhere: his photos are not blurred.
    expect((await contactOf(amina, youssef)).photosBlurred).toBe(false);

    expect((await amina.call('DELETE', `/api/users/${youssef.id}/match`)).statusCode).toBe(200);
    const afterward = await contactOf(youssef, amina);
    expect(afterward.photosBlurred).toBe(true);
    expect(mediaKey(afterward.mediaUrls[0])).toMatch(/-blur\.webp$/);
    expect(await statusOf(afterward.mediaUrls[0])).toBe(200);
  });

  it('refuses the photo itself to a member not matched with, even on a link made for him', async () => {
    const amina = await member('femme', 'Amina');
    const karim = await member('homme', 'Karim');
    // Seen before she chose to blur: that link stops working at once.
    const [seenBefore] = (await karim.details(amina)).mediaUrls;
    expect(await statusOf(seenBefore)).toBe(200);
    await amina.blur('true');
    const refused = await fetchMedia(seenBefore);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('FILE_NOT_FOUND');
    // His valid proof on the photo itself, named like its blurred copy without "-blur": the
    // route decides per file, not the link (ADR 032).
    const [blurredNow = ''] = (await karim.details(amina)).mediaUrls;
    expect(await statusOf(blurredNow)).toBe(200);
    const unblurred = await fetchMedia(blurredNow.replace('-blur.webp', '.webp'));
    expect(unblurred.statusCode).toBe(404);
    expect(unblurred.json().code).toBe('FILE_NOT_FOUND');
    // Her own link, his signature swapped in: the signature binds the member.
    const [hers] = (await amina.me()).mediaUrls;
    const forged = new URL(hers, 'http://x');
    forged.searchParams.set('m', karim.id);
    expect((await fetchMedia(forged.pathname + forged.search)).json().code).toBe(
      'MEDIA_LINK_INVALID',
    );
    const bare = await fetchMedia(new URL(hers, 'http://x').pathname);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe('MEDIA_LINK_INVALID');
  });

  it('never gives a member not matched with a sharp size: no link names one, none opens for him', async () => {
    const { amina, youssef, karim } = await aminaBlurring();
    const seenByHim = [
      ...(await karim.card(amina)).mediaUrls,
      ...(await karim.details(amina)).mediaUrls,
    ];
    for (const url of seenByHim) expect(photoSources(url), url).toBeUndefined();
    // His valid proof on each size's name, made from the blurred link he was given.
    const [blurred = ''] = seenByHim;
    for (const width of PHOTO_WIDTHS) {
      for (const format of PHOTO_FORMATS) {
        const size = blurred
          .replace('-blur.webp', '.webp')
          .replace(/-\d+\.webp/, `-${width}.${format}`);
        expect(mediaKey(size)).toMatch(new RegExp(`-${width}\\.${format}$`));
        const refused = await fetchMedia(size);
        expect([refused.statusCode, refused.json().code], size).toEqual([404, 'FILE_NOT_FOUND']);
      }
    }
    // Her match gets every size, each in its format.
    const [forHim = ''] = (await youssef.details(amina)).mediaUrls;
    const sources = photoSources(forHim);
    expect(sources).toBeDefined();
    for (const format of PHOTO_FORMATS) {
      const urls = (sources?.[format] ?? '').split(', ').map((entry) => entry.split(' ')[0] ?? '');
      expect(urls).toHaveLength(PHOTO_WIDTHS.length);
      for (const url of urls) {
        const answer = await fetchMedia(url);
        expect([answer.statusCode, answer.headers['content-type']], url).toEqual([
          200,
          `image/${format}`,
        ]);
      }
    }
  });

  it('stops a match’s link when the match ends, and anyone’s when a block begins', async () => {
    const { amina, youssef, karim } = await aminaBlurring();
    const [photoOfHer] = (await youssef.details(amina)).mediaUrls;
    expect(await statusOf(photoOfHer)).toBe(200);
    expect((await amina.call('DELETE', `/api/users/${youssef.id}/match`)).statusCode).toBe(200);
    expect(await statusOf(photoOfHer)).toBe(404);
    const again = await youssef.details(amina);
    expect(again.photosBlurred).toBe(true);

    // Karim does not blur: his photo reaches her until he blocks her.
    const [photoOfHim] = (await amina.details(karim)).mediaUrls;
    expect(await statusOf(photoOfHim)).toBe(200);
    expect((await karim.call('POST', `/api/users/${amina.id}/block`)).statusCode).toBe(200);
    expect(await statusOf(photoOfHim)).toBe(404);
    // His list of blocked members shows her blurred.
    const blocked = (await karim.call('GET', '/api/users/blocks')).json();
    expect(mediaKey(blocked[0].mediaUrls[0])).toMatch(/-blur\.webp$/);
    expect(await statusOf(blocked[0].mediaUrls[0])).toBe(200);
  });

  it('stops every link at its expiry', async () => {
    const { amina, karim } = await aminaBlurring();
    const [blurred] = (await karim.details(amina)).mediaUrls;
    const [own] = (await amina.me()).mediaUrls;
    // A link lives an hour, plus at most a quarter of it from the rounding.
    t.clock.advance(76 * 60 * 1000);
    for (const url of [blurred, own]) {
      const expired = await fetchMedia(url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().code).toBe('MEDIA_LINK_EXPIRED');
    }
    expect(await statusOf((await karim.details(amina)).mediaUrls[0])).toBe(200);
  });

  it('makes the blurred copy of a photo stored before blurring existed, on its first request', async () => {
    const { amina, karim } = await aminaBlurring();
    const [blurred] = (await karim.details(amina)).mediaUrls;
    const file = path.join(t.mediaDir, mediaKey(blurred));
    await fs.rm(file);
    const answer = await fetchMedia(blurred);
    expect(answer.statusCode).toBe(200);
    expect((await sharp(answer.rawPayload).metadata()).format).toBe('webp');
    expect((await fs.readFile(file)).equals(answer.rawPayload)).toBe(true);
  });

  it('answers 404, not a server error, for a photo whose file is missing from the disk', async () => {
    const { amina, karim } = await aminaBlurring();
    const [own] = (await amina.me()).mediaUrls;
    const [blurred] = (await karim.details(amina)).mediaUrls;
    await fs.rm(path.join(t.mediaDir, mediaKey(own)));
    await fs.rm(path.join(t.mediaDir, mediaKey(blurred)), { force: true });
    for (const url of [own, blurred]) {
      const answer = await fetchMedia(url);
      expect([answer.statusCode, answer.json().code], url).toEqual([404, 'FILE_NOT_FOUND']);
    }
  });

  it('shows moderators, senior or not, the photos themselves in the report queue', async () => {
    const { amina, karim } = await aminaBlurring();
    const report = await karim.call('POST', '/api/reports', {
      reportedId: amina.id,
      reason: 'fake-profile',
    });
    expect(report.statusCode, report.body).toBe(201);
    for (const role of MODERATOR_ROLES) {
      const moderator = await member('homme', 'Moderator');
      await t.database.db.update(members).set({ role }).where(eq(members.id, moderator.id));
      await proveSecondFactorEverywhere(t.database.db, moderator.id);
      const queue = (await moderator.call('GET', '/api/moderation/reports')).json();
      const open = queue.find((r: { reported: { id: string } }) => r.reported.id === amina.id);
      expect(mediaPaths(open.reported.photoUrls)).toEqual(mediaPaths((await amina.me()).mediaUrls));
      expect(await statusOf(open.reported.photoUrls[0]), role).toBe(200);
    }
  });
});
