import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server.ts';
import { HttpError } from './http-error.ts';
import { createDiskMediaStore, type MediaStore, readWhole, storageFailure } from './media-store.ts';
import { createS3MediaStore } from './s3-media-store.ts';

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-store-test-'));
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));
const s3 = await startS3Server();

/** The same behaviour from both stores: what the routes, the janitor and the exports rely on. */
describe.each([
  ['the disk', () => createDiskMediaStore(path.join(scratch, crypto.randomUUID()))],
  [
    'an S3 bucket',
    () =>
      createS3MediaStore({
        ...s3.location,
        prefix: `${s3.location.prefix}${crypto.randomUUID()}/`,
      }),
  ],
] as const)('a media store on %s', (_, makeStore: () => MediaStore) => {
  const photo = Buffer.from('RIFF a photo, in WebP as far as this test cares');

  it('gives back what was put, whole or a byte range, with its size and a validator', async () => {
    const store = makeStore();
    await store.put('photos/a.webp', photo);
    expect(await readWhole(store, 'photos/a.webp')).toEqual(photo);
    const info = await store.stat('photos/a.webp');
    expect(info).toMatchObject({ size: photo.length, etag: expect.stringMatching(/"/) });
    const part = await store.read('photos/a.webp', { start: 5, end: 11 });
    expect(part?.size).toBe(photo.length);
    expect(Buffer.concat(await (part?.body.toArray() ?? []))).toEqual(photo.subarray(5, 12));
  });

  it('says there is nothing under a key never put or removed, and removing twice is no error', async () => {
    const store = makeStore();
    expect(await store.stat('photos/none.webp')).toBeUndefined();
    expect(await store.read('photos/none.webp')).toBeUndefined();
    await store.put('chat/b.webm', photo);
    await store.remove(['chat/b.webm', 'chat/never.webm']);
    await store.remove(['chat/b.webm']);
    await store.remove([]);
    expect(await store.stat('chat/b.webm')).toBeUndefined();
  });

  it('replaces a file put again, and takes a finished file from the disk', async () => {
    const store = makeStore();
    await store.put('exports/c.zip', photo);
    const zip = path.join(scratch, `${crypto.randomUUID()}.zip`);
    await fs.writeFile(zip, 'PK a data export');
    await store.putFile('exports/c.zip', zip);
    expect((await readWhole(store, 'exports/c.zip'))?.toString()).toBe('PK a data export');
  });

  it('lists what is stored under a prefix, with when it was written', async () => {
    const store = makeStore();
    const before = Date.now() - 2000;
    await store.put('photos/d.webp', photo);
    await store.put('photos/e.webp', photo);
    await store.put('chat/f.ogg', photo);
    const listed = [];
    for await (const file of store.list('photos/')) listed.push(file);
    expect(listed.map((f) => f.key).sort()).toEqual(['photos/d.webp', 'photos/e.webp']);
    expect(listed.every((f) => f.modifiedAt.getTime() >= before)).toBe(true);
    const all = [];
    for await (const file of store.list()) all.push(file.key);
    expect(all.sort()).toEqual(['chat/f.ogg', 'photos/d.webp', 'photos/e.webp']);
  });

  // An S3 bucket lists and deletes a thousand keys at a time: a member who sent more chat media
  // than that must still leave nothing behind when their account goes.
  it('lists and removes more than a thousand files under a prefix', async () => {
    const store = makeStore();
    const keys = Array.from({ length: 1001 }, (_, i) => `chat/m${String(i).padStart(4, '0')}.ogg`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => store.put(key, photo)));
    }
    const listed = [];
    for await (const file of store.list('chat/')) listed.push(file.key);
    expect(listed.sort()).toEqual(keys);
    await store.remove(listed);
    const left = [];
    for await (const file of store.list()) left.push(file.key);
    expect(left).toEqual([]);
  });
});

describe('an S3 bucket that refuses or is down', () => {
  const unavailable = (error: unknown) => {
    const failure = storageFailure(error);
    return failure instanceof HttpError
      ? [failure.statusCode, failure.code, failure.headers?.['retry-after']]
      : failure;
  };

  it('is a 503 STORAGE_UNAVAILABLE to try again later, for wrong keys as for no answer', async () => {
    // s3rver checks the key id, not SigV4 signatures themselves (ADR 046).
    const refused = createS3MediaStore({ ...s3.location, accessKeyId: 'REVOKED' });
    const expected = [503, 'STORAGE_UNAVAILABLE', '60'];
    expect(await refused.put('photos/g.webp', Buffer.from('x')).catch(unavailable)).toEqual(
      expected,
    );
    expect(await refused.read('photos/g.webp').catch(unavailable)).toEqual(expected);
    const noBucket = createS3MediaStore({ ...s3.location, bucket: 'no-such-bucket' });
    expect(await noBucket.read('photos/g.webp').catch(unavailable)).toEqual(expected);

    const store = createS3MediaStore(s3.location);
    await s3.stop();
    expect(await store.put('photos/h.webp', Buffer.from('x')).catch(unavailable)).toEqual(expected);
    expect(await store.stat('photos/h.webp').catch(unavailable)).toEqual(expected);
    expect(await store.remove(['photos/h.webp']).catch(unavailable)).toEqual(expected);
  });
});
