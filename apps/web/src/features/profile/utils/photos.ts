import {
  MAX_PHOTOS,
  PHOTO_MAX_BYTES,
  PHOTO_NAME_DISPLAY_LENGTH,
} from '@mawadda/contract/constants';

export type PhotoRejection = { reason: 'notImage' | 'tooLarge' | 'tooMany'; name: string };

/**
 * Which of the chosen files join the profile (spec section 5: images only): at most
 * PHOTO_MAX_BYTES each, and no more than MAX_PHOTOS photos in all, the kept ones included. The
 * server checks the bytes again; this spares a member a long upload that would be refused.
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

/** A long file name, shortened for a message (spec section 9: beyond 15 characters). */
export function shortName(name: string, max = PHOTO_NAME_DISPLAY_LENGTH): string {
  const characters = Array.from(name);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : name;
}
