import type { Photo } from '@mawadda/contract';
import { MAX_PHOTOS } from '@mawadda/contract/constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type PhotoRejection, screenPhotos } from '../../../lib/photos.ts';

export type NewPhoto = { id: string; file: File; previewUrl: string };

let nextId = 0;

/**
 * The photos as the member edits them: the current ones they keep (a deleted one is sent as
 * `imagesToRemove` on save), and the new files with a preview each (released once not shown).
 */
export function usePhotoEdits(current: readonly Photo[]) {
  const [removed, setRemoved] = useState<readonly string[]>([]);
  const [added, setAdded] = useState<readonly NewPhoto[]>([]);
  const [rejected, setRejected] = useState<readonly PhotoRejection[]>([]);
  const latestAdded = useRef(added);
  latestAdded.current = added;

  useEffect(
    () => () => {
      for (const photo of latestAdded.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  const kept = useMemo(
    () => current.filter((photo) => !removed.includes(photo.url)),
    [current, removed],
  );
  const total = kept.length + added.length;

  const add = useCallback(
    (files: readonly File[]) => {
      const screened = screenPhotos(files, total);
      const fresh = screened.accepted.map((file) => ({
        id: `new-photo-${++nextId}`,
        file,
        previewUrl: URL.createObjectURL(file),
      }));
      setAdded((list) => [...list, ...fresh]);
      setRejected(screened.rejected);
      return fresh.length;
    },
    [total],
  );

  const removeCurrent = useCallback((url: string) => {
    setRemoved((list) => (list.includes(url) ? list : [...list, url]));
    setRejected([]);
  }, []);

  const removeNew = useCallback((id: string) => {
    setAdded((list) => {
      const gone = list.find((photo) => photo.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((photo) => photo.id !== id);
    });
    setRejected([]);
  }, []);

  const restoreRemoved = useCallback(() => setRemoved([]), []);

  /** After a save: the server's photos are the current ones now. */
  const reset = useCallback(() => {
    for (const photo of latestAdded.current) URL.revokeObjectURL(photo.previewUrl);
    setAdded([]);
    setRemoved([]);
    setRejected([]);
  }, []);

  // Only photos that still exist: a photo the server no longer has is not sent again.
  const imagesToRemove = current.filter((photo) => removed.includes(photo.url)).map((p) => p.url);

  return {
    kept,
    added,
    rejected,
    total,
    slotsLeft: Math.max(0, MAX_PHOTOS - total),
    imagesToRemove,
    add,
    removeCurrent,
    removeNew,
    restoreRemoved,
    reset,
  };
}
