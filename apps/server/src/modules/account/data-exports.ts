import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DATA_EXPORT_TTL_HOURS, type DataExport } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import { queueMediaDeletions } from '../../core/members.repository.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDailyLimit } from '../../lib/daily-limit.ts';
import { type MediaStore, storageFailure } from '../../lib/media-store.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import { archiveEntries } from './data-archive.ts';
import {
  claimPendingExport,
  collectMemberData,
  type DataExportRow,
  deleteExpiredExports,
  deleteOffered,
  insertExport,
  latestExport,
  markExportFailed,
  markExportReady,
  namedExportFiles,
} from './data-export.repository.ts';
import { writeZip } from './zip-file.ts';

const DATA_EXPORT_TTL_MS = DATA_EXPORT_TTL_HOURS * 60 * 60 * 1000;
/** How long a node may take to make one export before another may take it over. */
const CLAIM_LEASE_MS = 10 * 60 * 1000;
/** Copies of one's data a member may ask for in a day: each reads every row and file they have. */
const EXPORTS_PER_DAY = 3;

const exportFileKey = (exportId: string) => `${exportId}.zip`;

/**
 * Copies of a member's data (ADR 020): asked for, then made in the background into a
 * ZIP of `data.json` and the member's photos and chat media, offered for 24 hours to the
 * member's session (ADR 028), then deleted. The requests live in `data_exports`, so a restart loses none: the
 * pending ones are made at start and at every sweep.
 */
export function createDataExports(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  log: FastifyBaseLogger;
  /** Where the ZIPs are kept while offered (a disk folder or a bucket's prefix). */
  exportStore: MediaStore;
  /** Profile photos and chat media, read into the ZIP. */
  mediaStore: MediaStore;
  privateMediaStore: MediaStore;
  /** Deletes the files queued for deletion (the janitor's sweep). */
  sweepFiles(): Promise<unknown>;
}) {
  const { db, clock } = deps;
  const dailyExports = createDailyLimit({
    limiter: deps.limiter,
    clock,
    name: 'data-exports',
    max: EXPORTS_PER_DAY,
    code: 'DATA_EXPORTS_DAILY_LIMIT',
  });
  let running: Promise<void> | undefined;

  function toDataExport(row: DataExportRow | undefined): DataExport {
    if (!row) {
      return {
        status: 'none',
        requestedAt: null,
        readyAt: null,
        expiresAt: null,
        sizeBytes: null,
      };
    }
    return {
      status: row.status,
      requestedAt: row.requestedAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      sizeBytes: row.sizeBytes,
    };
  }

  async function make(job: DataExportRow): Promise<void> {
    const data = await collectMemberData(db, job.memberId);
    // The member deleted the account meanwhile: the request went with it.
    if (!data) return;
    const key = exportFileKey(job.id);
    // Made on this node's disk, then stored whole: a ZIP is only ever offered complete.
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-export-'));
    const file = path.join(scratch, key);
    try {
      const sizeBytes = await writeZip(file, archiveEntries(data, clock.now(), deps));
      await deps.exportStore.putFile(key, file);
      const readyAt = clock.now();
      const offered = await markExportReady(db, job.id, {
        fileKey: key,
        sizeBytes,
        readyAt,
        expiresAt: new Date(readyAt.getTime() + DATA_EXPORT_TTL_MS),
      });
      if (!offered) await deps.exportStore.remove([key]);
    } catch (error) {
      deps.log.error({ err: error, exportId: job.id }, 'Data export failed');
      await markExportFailed(db, job.id);
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  }

  /**
   * Files no export names, older than a lease: what a node that died while making a copy left
   * (a `.partial`, or a ZIP whose row was never marked ready and has expired since).
   */
  async function removeLeftovers(): Promise<void> {
    const cutoff = clock.now().getTime() - CLAIM_LEASE_MS;
    const old: string[] = [];
    for await (const file of deps.exportStore.list()) {
      if (file.modifiedAt.getTime() < cutoff) old.push(file.key);
    }
    const named = new Set(await namedExportFiles(db, old));
    await deps.exportStore.remove(old.filter((name) => !named.has(name)));
  }

  async function runPendingOnce(): Promise<void> {
    for (;;) {
      const job = await claimPendingExport(db, clock.now(), CLAIM_LEASE_MS);
      if (!job) return;
      await make(job);
    }
  }

  return {
    /**
     * Asks for a copy: one at a time (asking again while one is being made answers that one),
     * a few a day. The copy is made in the background; a new one replaces the one offered.
     */
    async request(memberId: string): Promise<DataExport> {
      const latest = await latestExport(db, memberId);
      if (latest?.status === 'pending') return toDataExport(latest);
      await dailyExports.reserve(memberId);
      const created = await db.transaction(async (tx) => {
        await queueMediaDeletions(tx, await deleteOffered(tx, memberId), 'exports');
        return insertExport(tx, memberId, clock.now());
      });
      this.runPending().catch((err) => deps.log.error({ err }, 'Data exports failed'));
      return toDataExport(created);
    },

    async latest(memberId: string): Promise<DataExport> {
      const row = await latestExport(db, memberId);
      if (row?.expiresAt && row.expiresAt <= clock.now()) return toDataExport(undefined);
      return toDataExport(row);
    },

    /** Makes the pending exports, oldest first; one run at a time in this process. */
    runPending(): Promise<void> {
      running ??= runPendingOnce().finally(() => {
        running = undefined;
      });
      return running;
    },

    /** Deletes the expired exports and their files. */
    async sweepExpired(): Promise<void> {
      await db.transaction(async (tx) => {
        await queueMediaDeletions(tx, await deleteExpiredExports(tx, clock.now()), 'exports');
      });
      await deps.sweepFiles();
      await removeLeftovers();
    },

    /** The member's copy while it is offered: its bytes from the store, and when it was made. */
    async offeredFile(memberId: string) {
      const row = await latestExport(db, memberId);
      if (row?.status !== 'ready' || !row.fileKey || !row.readyAt) return undefined;
      if (!row.expiresAt || row.expiresAt <= clock.now()) return undefined;
      const file = await deps.exportStore.read(row.fileKey).catch((error) => {
        throw storageFailure(error);
      });
      return file && { file, readyAt: row.readyAt };
    },

    /** Makes what is pending and sweeps now, then every `intervalMs`; errors are logged. */
    start(intervalMs: number): () => void {
      const tick = () =>
        this.sweepExpired()
          .then(() => this.runPending())
          .catch((err) => deps.log.error({ err }, 'Data export sweep failed'));
      void tick();
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type DataExports = ReturnType<typeof createDataExports>;
