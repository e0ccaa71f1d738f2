import fs from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_WIDTHS, photoSizeUrl } from '@mawadda/contract/photo-sizes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  multipart,
  photo,
  register,
  registeredMember,
  validRegistration,
} from '../../../test/fixtures.ts';
import { mediaKey } from '../../../test/media-urls.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { mediaDeletions } from '../../db/schema.ts';
import { createDiskMediaStore, type MediaStore } from '../../lib/media-store.ts';

/** The disk store, with a switch to make writes or deletions fail as a sick disk would. */
const disk = { failRemove: false, failPut: undefined as string | undefined };
function flakyStore(root: string): MediaStore {
  const store = createDiskMediaStore(root);
  return {
    ...store,
    async put(key, data) {
      if (disk.failPut) {
        throw Object.assign(new Error(`${disk.failPut}: write failed`), { code: disk.failPut });
      }
      return store.put(key, data);
    },
    async remove(keys) {
      if (disk.failRemove) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      return store.remove(keys);
    },
  };
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ mediaStore: flakyStore });
});

async function removePhoto(token: string, url: string, extra = photo()) {
  const fields = validRegistration();
  const body = multipart({ ...fields, imagesToRemove: [url] }, { profilePicture: [await extra] });
  return t.app.inject({
    method: 'PUT',
    url: '/api/users/update',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

const me = async (token: string) =>
  (await t.app.inject({ url: '/api/users/me', headers: bearer(token) })).json();
const served = async (url: string) => (await t.app.inject({ url })).statusCode;
const queued = async () =>
  (await t.database.db.select().from(mediaDeletions)).map((row) => row.key);

describe('removed photos and a failing disk', () => {
  it('answers the member even when the disk refuses to delete, then deletes every size on a later sweep', async () => {
    const { token } = await registeredMember(t.app);
    const removed = (await me(token)).mediaUrls[0] as string;
    // Every file of the photo shares its name: each size in each format, and the blurred copy.
    const filesOfPhoto = async () => {
      const name = path.basename(mediaKey(removed)).replace(/-\d+\.webp$/, '');
      const all = await fs.readdir(path.join(t.mediaDir, 'photos'));
      return all.filter((file) => file.startsWith(name));
    };
    expect(await filesOfPhoto()).toHaveLength(PHOTO_WIDTHS.length * 2 + 1);
    disk.failRemove = true;
    const response = await removePhoto(token, removed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().mediaUrls).not.toContain(removed);
    await t.app.mediaJanitor.sweepQueue().catch(() => undefined);
    expect(await queued()).toContain(mediaKey(removed));

    disk.failRemove = false;
    await t.app.mediaJanitor.sweepQueue();
    expect(await served(removed)).toBe(404);
    expect(await queued()).toEqual([]);
    expect(await filesOfPhoto()).toEqual([]);
  });

  it('deletes, at start, the files a crash left queued', async () => {
    const key = 'photos/left-by-a-crash.webp';
    const file = path.join(t.mediaDir, key);
    await fs.mkdir(path.join(t.mediaDir, 'photos'), { recursive: true });
    await fs.writeFile(file, 'old photo');
    await t.database.db.insert(mediaDeletions).values({ key });
    await t.app.mediaJanitor.sweepQueue();
    await expect(fs.stat(file)).rejects.toThrow();
  });

  it('sweeps the queue as the server starts, without waiting for the first period', async () => {
    const restarted = await createTestApp({
      database: t.database,
      config: { mediaSweepMs: 60 * 60 * 1000 },
    });
    const key = 'photos/queued-before-a-restart.webp';
    const file = path.join(restarted.mediaDir, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, 'removed photo');
    await t.database.db.insert(mediaDeletions).values({ key });
    await restarted.app.ready();
    // The sweep removes the file, then the queue's row: wait for both (on PostgreSQL, at a load
    // of 10, the row was still there the moment the file was gone).
    await vi.waitFor(async () => {
      await expect(fs.stat(file)).rejects.toThrow();
      expect(await queued()).not.toContain(key);
    });
  });

  it('answers 507 when the disk is full and keeps nothing of the attempt', async () => {
    const before = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from members`,
    );
    disk.failPut = 'ENOSPC';
    const full = await register(t.app);
    disk.failPut = 'EIO';
    const failing = await register(t.app);
    disk.failPut = undefined;
    expect(full.response.statusCode).toBe(507);
    expect(full.response.json().message).toBe(
      'There is no room left to store photos right now. Please try again later.',
    );
    expect(failing.response.statusCode).toBe(503);
    expect(failing.response.headers['retry-after']).toBe('60');
    const after = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from members`,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('cleans old orphan and .partial files, never fresh ones or photos in use, sizes included', async () => {
    const { token } = await registeredMember(t.app);
    const inUseUrl = (await me(token)).mediaUrls[0] as string;
    const inUse = mediaKey(inUseUrl);
    const inUseBlurred = inUse.replace(/\.webp$/, '-blur.webp');
    const inUseSizes = PHOTO_WIDTHS.map((width) => photoSizeUrl(inUse, width, 'avif'));
    const dir = path.join(t.mediaDir, 'photos');
    const old = new Date(t.clock.now().getTime() - 2 * 60 * 60 * 1000);
    const neverCommitted = 'photos/00000000-0000-4000-8000-000000000000';
    const files = {
      orphan: 'photos/never-committed.webp',
      orphanBlurred: 'photos/never-committed-blur.webp',
      orphanSize: `${neverCommitted}-480.avif`,
      orphanWidest: `${neverCommitted}-1080.webp`,
      partial: 'photos/interrupted.webp.123.partial',
      fresh: 'photos/upload-in-flight.webp',
    };
    for (const key of Object.values(files)) {
      await fs.writeFile(path.join(t.mediaDir, key), 'bytes');
    }
    const aged = [...Object.values(files), inUse, inUseBlurred, ...inUseSizes];
    for (const key of aged.filter((key) => key !== files.fresh)) {
      await fs.utimes(path.join(t.mediaDir, key), old, old);
    }
    await fs.utimes(path.join(t.mediaDir, files.fresh), t.clock.now(), t.clock.now());

    await t.app.mediaJanitor.cleanOrphans();
    const left = await fs.readdir(dir);
    expect(left).not.toContain('never-committed.webp');
    expect(left).not.toContain('never-committed-blur.webp');
    expect(left).not.toContain('interrupted.webp.123.partial');
    expect(left).not.toContain(path.basename(files.orphanSize));
    expect(left).not.toContain(path.basename(files.orphanWidest));
    expect(left).toEqual(expect.arrayContaining(inUseSizes.map((key) => path.basename(key))));
    expect(left).toContain('upload-in-flight.webp');
    expect(left).toContain(path.basename(inUse));
    expect(left).toContain(path.basename(inUseBlurred));
    expect(await served(inUseUrl)).toBe(200);
  });
});
