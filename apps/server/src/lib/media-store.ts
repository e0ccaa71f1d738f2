import { randomUUID } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HttpError } from './http-error.ts';

/** What a store knows of a file without reading it: what the validators of an answer need. */
export type MediaInfo = { size: number; etag: string; modifiedAt: Date };

/** A file being read: its bytes from `start` to `end` (inclusive), the whole file unless asked. */
export type MediaRead = MediaInfo & { body: Readable };

/**
 * Where uploaded media live: on disk under `<dataDir>/<folder>` by default, or under a prefix of
 * an S3-compatible bucket (`s3-media-store.ts`, ADR 046), so that every node reads what any node
 * stored. Keys are ours (`photos/<uuid>.webp`), never a member's words.
 */
export type MediaStore = {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a finished file of the local disk (a data export's ZIP), whole or not at all. */
  putFile(key: string, file: string): Promise<void>;
  /** Removes the files; a key already gone is no error. */
  remove(keys: string[]): Promise<void>;
  urlFor(key: string): string;
  /** Undefined when there is no such file. */
  stat(key: string): Promise<MediaInfo | undefined>;
  /** The file's bytes, or a range of them; undefined when there is no such file. */
  read(key: string, range?: { start: number; end: number }): Promise<MediaRead | undefined>;
  /** Every file whose key starts with `prefix`, in no set order (the janitor's sweeps). */
  list(prefix?: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
};

export const MEDIA_URL_PREFIX = '/media/';

/**
 * The path of a media URL (absolute or not), without the signature of a link: what names the
 * file whoever the link was made for. Undefined for what is not a URL.
 */
export function mediaPathOf(url: string): string | undefined {
  return URL.canParse(url, 'http://x') ? new URL(url, 'http://x').pathname : undefined;
}

export function newMediaKey(folder: string, suffix: string): string {
  return `${folder}/${randomUUID()}${suffix}`;
}

/** A whole file in memory (a photo to blur): undefined when there is no such file. */
export async function readWhole(store: MediaStore, key: string): Promise<Buffer | undefined> {
  const read = await store.read(key);
  return read && Buffer.concat(await read.body.toArray());
}

/** The weak validator `send` (@fastify/static) gave disk files: browsers' copies stay valid. */
const diskEtag = (size: number, modifiedAt: Date) =>
  `W/"${size.toString(16)}-${modifiedAt.getTime().toString(16)}"`;

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

async function infoOf(file: string): Promise<MediaInfo | undefined> {
  const stat = await fs.stat(file).catch((error) => {
    if (isMissing(error)) return undefined;
    throw error;
  });
  if (!stat?.isFile()) return undefined;
  return { size: stat.size, etag: diskEtag(stat.size, stat.mtime), modifiedAt: stat.mtime };
}

export function createDiskMediaStore(root: string): MediaStore {
  // The media routes read this folder from the start, before the first upload.
  fsSync.mkdirSync(root, { recursive: true });
  const fileFor = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`Media key escapes the store: ${key}`);
    return file;
  };
  /** Written (or copied) aside then renamed, so a reader never sees half a file. */
  async function place(key: string, write: (partial: string) => Promise<void>) {
    const file = fileFor(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await write(partial);
    await fs.rename(partial, file);
  }
  return {
    put: (key, data) => place(key, (partial) => fs.writeFile(partial, data)),
    putFile: (key, source) => place(key, (partial) => fs.copyFile(source, partial)),
    async remove(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileFor(key), { force: true })));
    },
    urlFor: (key) => MEDIA_URL_PREFIX + key,
    stat: (key) => infoOf(fileFor(key)),
    async read(key, range) {
      const file = fileFor(key);
      const info = await infoOf(file);
      // Keys are never rewritten, so the size read first is the size streamed. A path stream
      // rather than one over a FileHandle: less CPU a photo (performance.md).
      return info && { ...info, body: fsSync.createReadStream(file, range) };
    },
    async *list(prefix = '') {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, file).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        // Deleted since the listing: not there any more, so not listed.
        const stat = await fs.stat(file).catch(() => undefined);
        if (stat) yield { key, modifiedAt: stat.mtime };
      }
    },
  };
}

/**
 * An object store that does not answer, or refuses (down, unreachable, credentials revoked, a
 * 5xx): the store's trouble, not the request's. `storageFailure` makes it a 503.
 */
export class MediaStoreUnavailableError extends Error {
  override name = 'MediaStoreUnavailableError';
}

/**
 * A store that cannot take or give a file says so in words a member can act on: full (507, try
 * later) or failing (503, a disk's error or an object store that is down or refuses). Anything
 * else is a bug and stays a 500.
 */
export function storageFailure(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new HttpError(507, 'STORAGE_FULL', { cause: error });
  }
  if (
    error instanceof MediaStoreUnavailableError ||
    (code && ['EIO', 'EROFS', 'EACCES', 'EPERM', 'EMFILE', 'ENFILE', 'EBUSY'].includes(code))
  ) {
    return new HttpError(503, 'STORAGE_UNAVAILABLE', {
      cause: error,
      headers: { 'retry-after': '60' },
    });
  }
  return error;
}
