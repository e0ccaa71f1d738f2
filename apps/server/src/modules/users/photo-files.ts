import { errorText, newPhotoSlotIndex } from '@mawadda/contract';
import type { NewPhoto } from '../../core/members.repository.ts';
import { newPhotoFiles, photoFilesOf } from '../../core/profile-photos.ts';
import type { PhotoRow } from '../../db/schema.ts';
import { badRequest, invalidFields } from '../../lib/http-error.ts';
import { type MediaStore, mediaPathOf, storageFailure } from '../../lib/media-store.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { type ProcessedPhoto, processPhoto } from '../../lib/photo-processor.ts';

/** At least one photo: the refusal names the photo field, as a form's field refusals do. */
export const photoRequired = () =>
  invalidFields([
    { path: 'profilePicture', code: 'PHOTO_REQUIRED', message: errorText('PHOTO_REQUIRED') },
  ]);

export type PhotoFiles = ReturnType<typeof createPhotoFiles>;

/**
 * A member's photos as files and as the form names them: new files checked, re-encoded and
 * stored (every size, the blurred copy), and the URLs the form sends back read as the
 * member's photos (to remove, or to order).
 */
export function createPhotoFiles(mediaStore: MediaStore) {
  /** Checks and re-encodes every photo, then stores them; nothing is kept if one is refused. */
  async function storePhotos(files: UploadedFile[]) {
    const processed: ProcessedPhoto[] = [];
    for (const [index, file] of files.entries()) {
      processed.push(await processPhoto(file.data, { index: index + 1, name: file.filename }));
    }
    const stored = processed.map((photo) => ({ photo, ...newPhotoFiles(photo) }));
    const discard = () =>
      // Best effort: what a failing disk keeps is an orphan the janitor deletes later.
      mediaStore.remove(stored.flatMap(photoFilesOf)).catch(() => {});
    const writes = await Promise.allSettled(
      stored.flatMap((s) => s.files.map((file) => mediaStore.put(file.key, file.data))),
    );
    const failed = writes.find((w) => w.status === 'rejected');
    if (failed) {
      await discard();
      throw storageFailure(failed.reason);
    }
    return {
      rows: (memberId: string, firstPosition: number): NewPhoto[] =>
        stored.map((s, i) => ({
          memberId,
          position: firstPosition + i,
          displayKey: s.displayKey,
          thumbnailKey: s.thumbnailKey,
          width: s.photo.display.width,
          height: s.photo.display.height,
        })),
      discard,
    };
  }

  /**
   * Finds a photo of the member by its display or thumbnail URL (absolute or not). By its path
   * alone: the form sends back the signed links it was given, whatever their signature.
   */
  function photoByUrl(current: PhotoRow[]) {
    const byPath = new Map(
      current.flatMap((p) => [
        [mediaStore.urlFor(p.displayKey), p],
        [mediaStore.urlFor(p.thumbnailKey), p],
      ]),
    );
    return (url: string) => {
      const path = mediaPathOf(url);
      return path === undefined ? undefined : byPath.get(path);
    };
  }

  /** The member's photos named by `urls` (display or thumbnail); a foreign URL is refused. */
  function photosToRemove(current: PhotoRow[], urls: string[]): PhotoRow[] {
    const find = photoByUrl(current);
    const removing = new Map<string, PhotoRow>();
    for (const url of urls) {
      const photo = find(url);
      if (!photo) throw badRequest('PHOTO_NOT_YOURS');
      removing.set(photo.id, photo);
    }
    return [...removing.values()];
  }

  /**
   * The display keys in the order the member chose: kept photos by URL, new files by slot. A
   * photo that is not the member's (or no longer is), a slot without a file, or a photo named
   * twice is refused.
   */
  function photoOrderKeys(order: string[], kept: PhotoRow[], added: NewPhoto[]): string[] {
    const find = photoByUrl(kept);
    const keys: string[] = [];
    for (const entry of order) {
      const slot = newPhotoSlotIndex(entry);
      const key = slot === undefined ? find(entry)?.displayKey : added[slot]?.displayKey;
      if (!key || keys.includes(key)) throw badRequest('PHOTO_ORDER_INVALID');
      keys.push(key);
    }
    return keys;
  }

  return { storePhotos, photosToRemove, photoOrderKeys };
}
