import { useCallback, useEffect, useRef, useState } from 'react';
import { type PhotoRejection, screenPhotos } from '../../../lib/photos.ts';

export type SelectedPhoto = { id: string; file: File; previewUrl: string };

let nextId = 0;

/** The photos chosen so far, with a preview address each, released when no longer shown. */
export function usePhotoSelection() {
  const [photos, setPhotos] = useState<SelectedPhoto[]>([]);
  const [rejected, setRejected] = useState<PhotoRejection[]>([]);
  const current = useRef(photos);
  current.current = photos;

  useEffect(
    () => () => {
      for (const photo of current.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  const add = useCallback((files: readonly File[]) => {
    const screened = screenPhotos(files, current.current.length);
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

  return { photos, rejected, add, remove };
}
