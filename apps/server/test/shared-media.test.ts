import fs from 'node:fs/promises';
import path from 'node:path';
import type { Message } from '@mawadda/contract';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { s3MediaStoreIn } from '../src/lib/s3-media-store.ts';
import {
  bearer,
  multipart,
  pngImage,
  registeredMember,
  seedCouple,
  sessionFor,
} from './fixtures.ts';
import { startS3Server } from './s3-server.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * Two nodes behind a load balancer (ADR 046): two apps on one database, one Redis and one bucket,
 * each with disk folders of its own. Whatever one node stored, the other serves, on its own signed
 * links and after its own checks; the janitor of either deletes from the bucket.
 */

const s3 = await startS3Server();
const database = await openTestDatabase();
afterAll(() => database.close());
const mediaLinkSecret = Buffer.from('a secret both test nodes sign media links with');
let a: TestContext;
let b: TestContext;
beforeAll(async () => {
  const node = () =>
    createTestApp({ database, objectStore: s3.location, config: { mediaLinkSecret } });
  [a, b] = await Promise.all([node(), node()]);
});

const voiceNote = () => fs.readFile(path.join(import.meta.dirname, 'fixtures', 'voice-note.webm'));

async function sendFile(app: App, token: string, to: string, field: 'image' | 'audio') {
  const file =
    field === 'image'
      ? { filename: 'view.png', contentType: 'image/png', data: await pngImage(60, 60) }
      : { filename: 'note.webm', contentType: 'audio/webm', data: await voiceNote() };
  const form = multipart({ uuid: crypto.randomUUID() }, { [field]: [file] });
  return app.inject({
    method: 'POST',
    url: `/api/chat/send/${to}`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
}

async function lastMessage(app: App, token: string, withId: string): Promise<Message> {
  const answer = await app.inject({
    url: `/api/chat/conversation/${withId}`,
    headers: bearer(token),
  });
  return (answer.json() as Message[]).at(-1) as Message;
}

const ownPhotoUrl = async (app: App, token: string) =>
  (await app.inject({ url: '/api/users/me', headers: bearer(token) })).json()
    .mediaUrls[0] as string;

describe('media on two nodes sharing a bucket', () => {
  it('serves on node B the photo a member uploaded through node A, with its validators', async () => {
    const her = await registeredMember(a.app, { gender: 'femme' });
    const onB = await b.app.inject({ url: await ownPhotoUrl(b.app, her.token) });
    expect(onB.statusCode, onB.body).toBe(200);
    expect(onB.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'private, max-age=604800, immutable',
      'x-content-type-options': 'nosniff',
    });
    const onA = await a.app.inject({ url: await ownPhotoUrl(a.app, her.token) });
    expect(onA.rawPayload.equals(onB.rawPayload)).toBe(true);
    // The browser's copy is still good: no bytes again, from either node.
    const again = await a.app.inject({
      url: await ownPhotoUrl(a.app, her.token),
      headers: { 'if-none-match': String(onB.headers.etag) },
    });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
  });

  it('opens on node B a chat photo and a voice note sent on node A, the note by a byte range', async () => {
    const { amina, youssef } = await seedCouple(database.db);
    const hers = await sessionFor(database.db, amina);
    const his = await sessionFor(database.db, youssef);
    expect((await sendFile(a.app, hers, youssef, 'image')).statusCode).toBe(201);
    const photo = await b.app.inject({
      url: (await lastMessage(b.app, his, amina)).imageUrl ?? '',
    });
    expect([photo.statusCode, photo.headers['content-type']]).toEqual([200, 'image/webp']);

    expect((await sendFile(a.app, hers, youssef, 'audio')).statusCode).toBe(201);
    const noteUrl = (await lastMessage(b.app, his, amina)).audioUrl ?? '';
    const whole = await b.app.inject({ url: noteUrl });
    expect([whole.statusCode, whole.headers['accept-ranges']]).toEqual([200, 'bytes']);
    const size = whole.rawPayload.length;
    const part = await b.app.inject({ url: noteUrl, headers: { range: 'bytes=100-199' } });
    expect([part.statusCode, part.headers['content-range'], part.headers['content-type']]).toEqual([
      206,
      `bytes 100-199/${size}`,
      'audio/webm',
    ]);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
  });

  it('downloads from node B the copy of her data node A made', async () => {
    const her = await registeredMember(a.app, { gender: 'femme' });
    const asked = await a.app.inject({
      method: 'POST',
      url: '/api/users/me/export',
      headers: bearer(her.token),
    });
    expect(asked.statusCode).toBe(202);
    await a.app.dataExports.runPending();
    const zip = await b.app.inject({
      url: '/api/users/me/export/file',
      headers: bearer(her.token),
    });
    expect([zip.statusCode, zip.headers['content-type']]).toEqual([200, 'application/zip']);
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    expect(Object.keys(unzipSync(zip.rawPayload))).toEqual(['data.json', 'photos/01.webp']);
  });

  it('leaves none of a deleted member’s objects in the bucket once node B’s janitor swept', async () => {
    const before = new Set(await s3.keys());
    const her = await registeredMember(a.app, { gender: 'femme' });
    await a.app.inject({
      method: 'POST',
      url: '/api/users/me/export',
      headers: bearer(her.token),
    });
    await a.app.dataExports.runPending();
    const hers = (await s3.keys()).filter((key) => !before.has(key));
    // Her photo at its four widths in AVIF and WebP, its blurred copy, and the copy of her data.
    expect(hers.map((key) => key.split('/')[0]).sort()).toEqual([
      'exports',
      ...Array.from({ length: 9 }, () => 'media'),
    ]);
    const deleted = await b.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(her.token),
      payload: { password: her.fields.password },
    });
    expect(deleted.statusCode).toBe(200);
    await b.app.mediaJanitor.sweepQueue();
    const after = new Set(await s3.keys());
    expect(hers.filter((key) => after.has(key))).toEqual([]);
  });

  it('cleans the bucket of photos no row names, once past their grace period', async () => {
    const her = await registeredMember(a.app, { gender: 'femme' });
    const photos = s3MediaStoreIn(s3.location, 'media');
    const orphan = `photos/${crypto.randomUUID()}.webp`;
    await photos.put(orphan, Buffer.from('an upload whose transaction never committed'));
    // The bucket dates objects by its own clock: node B's is set a day past it.
    b.clock.advance(Date.now() + 24 * 60 * 60 * 1000 - b.clock.now().getTime());
    expect(await b.app.mediaJanitor.cleanOrphans()).toBeGreaterThanOrEqual(1);
    expect(await photos.stat(orphan)).toBeUndefined();
    const kept = await a.app.inject({ url: await ownPhotoUrl(a.app, her.token) });
    expect(kept.statusCode).toBe(200);
  });

  it('answers 503 STORAGE_UNAVAILABLE, to try again later, while the bucket is down', async () => {
    const { amina, youssef } = await seedCouple(database.db);
    const hers = await sessionFor(database.db, amina);
    expect((await sendFile(a.app, hers, youssef, 'image')).statusCode).toBe(201);
    const photoUrl = (await lastMessage(b.app, hers, youssef)).imageUrl ?? '';
    await s3.stop();
    const unavailable = (answer: Awaited<ReturnType<App['inject']>>) => [
      answer.statusCode,
      answer.json().code,
      answer.headers['retry-after'],
    ];
    const expected = [503, 'STORAGE_UNAVAILABLE', '60'];
    expect(unavailable(await b.app.inject({ url: photoUrl }))).toEqual(expected);
    expect(unavailable(await sendFile(a.app, hers, youssef, 'image'))).toEqual(expected);
  });
});
