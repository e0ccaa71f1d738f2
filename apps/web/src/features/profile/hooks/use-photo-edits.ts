import { newPhotoSlot, type Photo } from '@mawadda/contract';
import { MAX_PHOTOS } from '@mawadda/contract/constants';
import { useCallback, useMemo, useState } from 'react';
import { type NewPhoto, useNewPhotos } from '@/hooks/use-new-photos.ts';
import { moveItem } from '@/lib/photos.ts';

export type PhotoTile =
  | { kind: 'current'; key: string; photo: Photo }
  | { kind: 'new'; key: string; photo: NewPhoto };

/**
 * The photos as the member edits them: the current ones they keep (a deleted one is sent as
 * `imagesToRemove` on save), the new files with a preview each, and the order they put them in
 * (the first is the main photo), sent as `photoOrder` once they moved one.
 */
export function usePhotoEdits(current: readonly Photo[]) {
  const [removed, setRemoved] = useState<readonly string[]>([]);
  /** Tile keys as the member arranged them; a tile it does not name comes after, as added. */
  const [arranged, setArranged] = useState<readonly string[]>([]);
  const fresh = useNewPhotos();
  const { add: addNew, clearRejected, clear } = fresh;

  const kept = useMemo(
    () => current.filter((photo) => !removed.includes(photo.url)),
    [current, removed],
  );
  const tiles = useMemo(() => {
    const all: PhotoTile[] = [
      ...kept.map((photo) => ({ kind: 'current' as const, key: photo.url, photo })),
      ...fresh.photos.map((photo) => ({ kind: 'new' as const, key: photo.id, photo })),
    ];
    const rank = (tile: PhotoTile) => {
      const at = arranged.indexOf(tile.key);
      return at === -1 ? arranged.length : at;
    };
    // A stable sort: tiles the arrangement does not name keep their own order.
    return all.sort((a, b) => rank(a) - rank(b));
  }, [kept, fresh.photos, arranged]);

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

  const move = useCallback(
    (key: string, to: number) => {
      const keys = tiles.map((tile) => tile.key);
      setArranged(moveItem(keys, keys.indexOf(key), to));
    },
    [tiles],
  );

  const restoreRemoved = useCallback(() => setRemoved([]), []);

  /** After a save: the server's photos, in its order, are the current ones now. */
  const reset = useCallback(() => {
    clear();
    setRemoved([]);
    setArranged([]);
  }, [clear]);

  // Only photos that still exist: a photo the server no longer has is not sent again.
  const imagesToRemove = current.filter((photo) => removed.includes(photo.url)).map((p) => p.url);
  const photoOrder =
    arranged.length === 0
      ? []
      : tiles.map((tile) =>
          tile.kind === 'current' ? tile.photo.url : newPhotoSlot(fresh.photos.indexOf(tile.photo)),
        );

  return {
    tiles,
    rejected: fresh.rejected,
    total: tiles.length,
    slotsLeft: Math.max(0, MAX_PHOTOS - tiles.length),
    imagesToRemove,
    /** The new files, in the order of their `profilePicture` parts (`photoOrder` slots). */
    newFiles: fresh.photos.map((photo) => photo.file),
    photoOrder,
    add,
    removeCurrent,
    removeNew: fresh.remove,
    move,
    restoreRemoved,
    reset,
  };
}
