import { randomUUID } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { HttpError } from './http-error.ts';

/**
 * Where uploaded media live. On disk under `<dataDir>/media` by default; an S3-compatible bucket
 * can take its place behind the same three calls.
 */
export type MediaStore = {
  put(key: string, data: Buffer): Promise<void>;
  remove(keys: string[]): Promise<void>;
  urlFor(key: string): string;
  /** The folder the media route serves from. */
  root: string;
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

export function createDiskMediaStore(root: string): MediaStore {
  // The media route serves this folder from the start, before the first upload.
  fsSync.mkdirSync(root, { recursive: true });
  const fileFor = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`Media key escapes the store: ${key}`);
    return file;
  };
  return {
    root,
    async put(key, data) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, file);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileFor(key), { force: true })));
    },
    urlFor: (key) => MEDIA_URL_PREFIX + key,
  };
}

/**
 * A disk that cannot take a file says so in words a member can act on: full (507, try later)
 * or failing (503). Anything else is a bug and stays a 500.
 */
export function storageFailure(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new HttpError(507, 'STORAGE_FULL', { cause: error });
  }
  if (code && ['EIO', 'EROFS', 'EACCES', 'EPERM', 'EMFILE', 'ENFILE', 'EBUSY'].includes(code)) {
    return new HttpError(503, 'STORAGE_UNAVAILABLE', {
      cause: error,
      headers: { 'retry-after': '60' },
    });
  }
  return error;
}
