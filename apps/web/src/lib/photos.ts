import {
  MAX_PHOTOS,
  PHOTO_MAX_BYTES,
  PHOTO_NAME_DISPLAY_LENGTH,
} from '@mawadda/contract/constants';

/** The size limit as members read it in hints and messages ("10 MB"). */
export const PHOTO_MAX_MB = Math.round(PHOTO_MAX_BYTES / 1024 / 1024);

/** docs/spec.md §9: a photo name is shortened beyond 15 characters. */
export function shortenPhotoName(name: string, max = PHOTO_NAME_DISPLAY_LENGTH): string {
  const characters = Array.from(name);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : name;
}

export type PhotoRejection = { reason: 'notImage' | 'tooLarge' | 'tooMany'; name: string };

/**
 * Whether the browser can decode the file as an image. A file's name and type say only what it
 * claims to be (a text renamed `photo.jpg` is typed image/jpeg): decoding reads its bytes. The
 * bitmap is made small and let go at once. A browser without createImageBitmap leaves the
 * question to the server.
 */
export async function isReadableImage(file: File): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    const bitmap = await createImageBitmap(file, { resizeWidth: 16, resizeQuality: 'low' });
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * Which of the chosen files join the photos (docs/spec.md §5): images the browser can decode
 * only, at most PHOTO_MAX_BYTES each, and no more than MAX_PHOTOS in all, the photos already
 * there included. The server checks the bytes again; this spares a member a broken preview as
 * their main photo and a long upload that would be refused.
 */
export async function screenPhotos(
  files: readonly File[],
  photosAlready: number,
  isReadable: (file: File) => Promise<boolean> = isReadableImage,
): Promise<{ accepted: File[]; rejected: PhotoRejection[] }> {
  // Only a file that passes the cheap checks is decoded, all of them at once.
  const candidate = (file: File) => file.type.startsWith('image/') && file.size <= PHOTO_MAX_BYTES;
  const readable = await Promise.all(
    files.map((file) => (candidate(file) ? isReadable(file) : false)),
  );
  const accepted: File[] = [];
  const rejected: PhotoRejection[] = [];
  files.forEach((file, i) => {
    if (file.type.startsWith('image/') && file.size > PHOTO_MAX_BYTES)
      rejected.push({ reason: 'tooLarge', name: file.name });
    else if (!readable[i]) rejected.push({ reason: 'notImage', name: file.name });
    else if (photosAlready + accepted.length >= MAX_PHOTOS)
      rejected.push({ reason: 'tooMany', name: file.name });
    else accepted.push(file);
  });
  return { accepted, rejected };
}

/** The list with the item at `from` moved to `to`, the others keeping their order. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}
