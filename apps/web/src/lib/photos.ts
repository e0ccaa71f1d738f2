import {
  MAX_PHOTOS,
  PHOTO_MAX_BYTES,
  PHOTO_NAME_DISPLAY_LENGTH,
} from '@mawadda/contract/constants';

/** The size limit as members read it in hints and messages ("10 MB"). */
export const PHOTO_MAX_MB = Math.round(PHOTO_MAX_BYTES / 1024 / 1024);

/** Spec section 9: a photo name is shortened beyond 15 characters. */
export function shortenPhotoName(name: string, max = PHOTO_NAME_DISPLAY_LENGTH): string {
  const characters = Array.from(name);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : name;
}

export type PhotoRejection = { reason: 'notImage' | 'tooLarge' | 'tooMany'; name: string };

/**
 * Which of the chosen files join the photos (spec section 5): images only, at most
 * PHOTO_MAX_BYTES each, and no more than MAX_PHOTOS in all, the photos already there included.
 * The server checks the bytes again; this only spares a member a long upload that would be
 * refused.
 */
export function screenPhotos(
  files: readonly File[],
  photosAlready: number,
): { accepted: File[]; rejected: PhotoRejection[] } {
  const accepted: File[] = [];
  const rejected: PhotoRejection[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) rejected.push({ reason: 'notImage', name: file.name });
    else if (file.size > PHOTO_MAX_BYTES) rejected.push({ reason: 'tooLarge', name: file.name });
    else if (photosAlready + accepted.length >= MAX_PHOTOS)
      rejected.push({ reason: 'tooMany', name: file.name });
    else accepted.push(file);
  }
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
