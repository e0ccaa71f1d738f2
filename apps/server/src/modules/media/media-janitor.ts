import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { photoKeyOfFile } from '../../core/profile-photos.ts';
import type { Database } from '../../db/database.ts';
import { MEDIA_STORES, mediaDeletions, photos } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MediaStore } from '../../lib/media-store.ts';

const BATCH = 500;

/**
 * Deletes media files nobody refers to any more, on the disk or in a bucket alike. The queue
 * (`media_deletions`) holds the keys of removed photos, of a deleted account's chat media and of
 * expired data exports, each with its folder, written in the same transaction: a failing store or
 * a crash only delays the deletion. Orphans are files no photo row names (an upload whose
 * transaction never committed; a blurred copy and each size count as their photo's) and `.partial` leftovers of
 * interrupted writes to a disk; both are left alone during a grace period, so an upload in flight
 * is never touched.
 */
export function createMediaJanitor(deps: {
  db: Database;
  mediaStore: MediaStore;
  /** The other folders whose files the queue names: chat media and data exports. */
  stores: Record<Exclude<(typeof MEDIA_STORES)[number], 'media'>, MediaStore>;
  clock: Clock;
  log: FastifyBaseLogger;
  orphanGraceMs: number;
}) {
  const { db, mediaStore } = deps;
  let running: Promise<number> | undefined;

  async function sweepQueueOnce(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const batch = await db
        .select({ key: mediaDeletions.key, store: mediaDeletions.store })
        .from(mediaDeletions)
        .limit(BATCH);
      if (batch.length === 0) return deleted;
      const keys = batch.map((row) => row.key);
      for (const store of MEDIA_STORES.filter((name) => name !== 'media')) {
        await deps.stores[store].remove(
          batch.filter((row) => row.store === store).map((row) => row.key),
        );
      }
      const photoKeys = batch.filter((row) => row.store === 'media').map((row) => row.key);
      // A key a photo names again (never expected: keys are random) is not deleted.
      const live = await db
        .select({ key: photos.displayKey })
        .from(photos)
        .where(sql`${photos.displayKey} in ${keys} or ${photos.thumbnailKey} in ${keys}`);
      const keep = new Set(live.map((row) => row.key));
      await mediaStore.remove(photoKeys.filter((key) => !keep.has(key)));
      await db.delete(mediaDeletions).where(inArray(mediaDeletions.key, keys));
      deleted += keys.length;
      if (batch.length < BATCH) return deleted;
    }
  }

  return {
    /** Deletes the queued files; one sweep at a time. A store's error leaves the queue. */
    sweepQueue(): Promise<number> {
      running ??= sweepQueueOnce().finally(() => {
        running = undefined;
      });
      return running;
    },

    /** Deletes orphan and `.partial` files older than the grace period; answers how many. */
    async cleanOrphans(): Promise<number> {
      const cutoff = deps.clock.now().getTime() - deps.orphanGraceMs;
      const candidates: string[] = [];
      for await (const file of mediaStore.list()) {
        if (file.modifiedAt.getTime() <= cutoff) candidates.push(file.key);
      }
      const partial = candidates.filter((key) => key.endsWith('.partial'));
      const complete = candidates.filter((key) => !key.endsWith('.partial'));
      const orphans: string[] = [];
      for (let i = 0; i < complete.length; i += BATCH) {
        const files = complete.slice(i, i + BATCH);
        // A blurred copy and each size belong to the photo whose display file names them.
        const keys = [...new Set(files.map(photoKeyOfFile))];
        const named = await db
          .select({ display: photos.displayKey, thumbnail: photos.thumbnailKey })
          .from(photos)
          .where(sql`${photos.displayKey} in ${keys} or ${photos.thumbnailKey} in ${keys}`);
        const used = new Set(named.flatMap((row) => [row.display, row.thumbnail]));
        orphans.push(...files.filter((file) => !used.has(photoKeyOfFile(file))));
      }
      await mediaStore.remove([...partial, ...orphans]);
      return partial.length + orphans.length;
    },

    /** Sweeps now and then every `intervalMs` (orphans once a day); errors are logged. */
    start(intervalMs: number): () => void {
      const sweep = () =>
        this.sweepQueue().catch((err) => deps.log.warn({ err }, 'Media deletion sweep failed'));
      const clean = () =>
        this.cleanOrphans().catch((err) => deps.log.warn({ err }, 'Media orphan cleanup failed'));
      void sweep().then(clean);
      const sweeping = setInterval(sweep, intervalMs);
      const cleaning = setInterval(clean, 24 * 60 * 60 * 1000);
      sweeping.unref();
      cleaning.unref();
      return () => {
        clearInterval(sweeping);
        clearInterval(cleaning);
      };
    },
  };
}

export type MediaJanitor = ReturnType<typeof createMediaJanitor>;
