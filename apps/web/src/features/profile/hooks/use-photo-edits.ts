import type { Photo } from '@mawadda/contract';
import { MAX_PHOTOS } from '@mawadda/contract/constants';
import { useCallback, useMemo, useState } from 'react';
import { useNewPhotos } from '../../../hooks/use-new-photos.ts';

/**
 * The photos as the member edits them: the current ones they keep (a deleted one is sent as
 * `imagesToRemove` on save), and the new files with a preview each.
 */
export function usePhotoEdits(current: readonly Photo[]) {
  const [removed, setRemoved] = useState<readonly string[]>([]);
  const fresh = useNewPhotos();
  const { add: addNew, clearRejected, clear } = fresh;

  const kept = useMemo(
    () => current.filter((photo) => !removed.includes(photo.url)),
    [current, removed],
  );
  const total = kept.length + fresh.photos.length;

  const add = useCallback(
    (files: readonly File[]) => addNew(files, kept.length),
    [addNew, kept.length],
  );

  const removeCurrent = useCallback(
    (url: string) => {
      setRemoved((list) => (list.includes(url) ? list : [...list, url]));
      clearRejected();
    },
    [clearRejected],
  );

  const restoreRemoved = useCallback(() => setRemoved([]), []);

  /** After a save: the server's photos are the current ones now. */
  const reset = useCallback(() => {
    clear();
    setRemoved([]);
  }, [clear]);

  // Only photos that still exist: a photo the server no longer has is not sent again.
  const imagesToRemove = current.filter((photo) => removed.includes(photo.url)).map((p) => p.url);

  return {
    kept,
    added: fresh.photos,
    rejected: fresh.rejected,
    total,
    slotsLeft: Math.max(0, MAX_PHOTOS - total),
    imagesToRemove,
    add,
    removeCurrent,
    removeNew: fresh.remove,
    restoreRemoved,
    reset,
  };
}
