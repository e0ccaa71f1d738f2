import { useCallback, useEffect, useRef, useState } from 'react';
import { moveItem, type PhotoRejection, screenPhotos } from '@/lib/photos.ts';

export type NewPhoto = { id: string; file: File; previewUrl: string };

let nextId = 0;

/**
 * Photos chosen on this device and not sent yet, in the order the member arranged them (the first
 * is the main photo), each with a preview address released once it is no longer shown, and the
 * files refused at the last choice.
 */
export function useNewPhotos() {
  const [photos, setPhotos] = useState<readonly NewPhoto[]>([]);
  const [rejected, setRejected] = useState<readonly PhotoRejection[]>([]);
  const latest = useRef(photos);
  latest.current = photos;
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const photo of latest.current) URL.revokeObjectURL(photo.previewUrl);
    };
  }, []);

  /**
   * Screens the files (their bytes are decoded, so it takes a moment); `photosBesides` (a
   * profile's current photos) count towards MAX_PHOTOS. Resolves to how many joined.
   */
  const add = useCallback(async (files: readonly File[], photosBesides = 0) => {
    const screened = await screenPhotos(files, photosBesides + latest.current.length);
    if (!mounted.current) return 0;
    const added = screened.accepted.map((file) => ({
      id: `photo-${++nextId}`,
      file,
      previewUrl: URL.createObjectURL(file),
    }));
    setPhotos((list) => [...list, ...added]);
    setRejected(screened.rejected);
    return added.length;
  }, []);

  const remove = useCallback((id: string) => {
    setPhotos((list) => {
      const gone = list.find((photo) => photo.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((photo) => photo.id !== id);
    });
    setRejected([]);
  }, []);

  /** Puts the photo at `to` (0 makes it the main photo). */
  const move = useCallback((id: string, to: number) => {
    setPhotos((list) =>
      moveItem(
        list,
        list.findIndex((photo) => photo.id === id),
        to,
      ),
    );
  }, []);

  const clearRejected = useCallback(() => setRejected([]), []);

  const clear = useCallback(() => {
    for (const photo of latest.current) URL.revokeObjectURL(photo.previewUrl);
    setPhotos([]);
    setRejected([]);
  }, []);

  return { photos, rejected, add, remove, move, clearRejected, clear };
}
