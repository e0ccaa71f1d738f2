import type { Photo } from '@mawadda/contract';
import { MAX_PHOTOS } from '@mawadda/contract/constants';
import { RotateCcw, Star } from 'lucide-react';
import { type Ref, useEffect, useRef, useState } from 'react';
import { MediaImage } from '../../../components/media-image.tsx';
import { PhotoAddButton, PhotoField, RemovePhotoButton } from '../../../components/photo-field.tsx';
import type { NewPhoto } from '../../../hooks/use-new-photos.ts';
import { PHOTO_MAX_MB, type PhotoRejection } from '../../../lib/photos.ts';
import { useProfileTranslation } from '../i18n.ts';

type Tile =
  | { kind: 'current'; key: string; src: string; photo: Photo }
  | { kind: 'new'; key: string; src: string; photo: NewPhoto };

/**
 * The profile's photos (spec sections 2 and 5): a preview of each, with a delete button named
 * by the photo's number; new images (several at once) join them, checked here for type, size
 * (10 MB) and count (6 in all). The first photo is the one members see first.
 */
export function PhotoEditor({
  kept,
  added,
  rejected,
  slotsLeft,
  removedCount,
  error,
  inputRef,
  onAdd,
  onRemoveCurrent,
  onRemoveNew,
  onRestore,
}: {
  kept: readonly Photo[];
  added: readonly NewPhoto[];
  rejected: readonly PhotoRejection[];
  slotsLeft: number;
  removedCount: number;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  onAdd: (files: File[]) => void;
  onRemoveCurrent: (url: string) => void;
  onRemoveNew: (id: string) => void;
  onRestore: () => void;
}) {
  const { t } = useProfileTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const deleteButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusAfterDelete, setFocusAfterDelete] = useState<number | null>(null);

  const tiles: Tile[] = [
    ...kept.map((photo) => ({
      kind: 'current' as const,
      key: photo.url,
      src: photo.thumbnailUrl || photo.url,
      photo,
    })),
    ...added.map((photo) => ({
      kind: 'new' as const,
      key: photo.id,
      src: photo.previewUrl,
      photo,
    })),
  ];
  const total = tiles.length;

  // A deleted photo's button is gone: the keyboard moves on to the next photo's button (or the
  // previous one, or the add button) instead of falling back to the top of the page.
  useEffect(() => {
    if (focusAfterDelete === null) return;
    const buttons = deleteButtons.current.slice(0, total);
    const next = buttons[focusAfterDelete] ?? buttons[focusAfterDelete - 1] ?? input.current;
    next?.focus();
    setFocusAfterDelete(null);
  }, [focusAfterDelete, total]);

  return (
    <PhotoField
      hint={t('photos.hint', { max: MAX_PHOTOS, size: PHOTO_MAX_MB })}
      rejected={rejected}
      rejectionMessage={(reason, values) => t(`photos.${reason}`, values)}
      error={error}
    >
      <ul className="grid grid-cols-3 gap-3">
        {tiles.map((tile, index) => (
          <li key={tile.key} className="relative">
            <div className="aspect-[4/5] overflow-hidden rounded-xl bg-sand-100 ring-1 ring-sand-200">
              {tile.kind === 'current' ? (
                <MediaImage
                  src={tile.src}
                  alt={t('photos.alt', { index: index + 1 })}
                  className="size-full object-cover"
                />
              ) : (
                <img
                  src={tile.src}
                  alt={t('photos.altNew', { index: index + 1 })}
                  className="size-full object-cover"
                />
              )}
            </div>
            {index === 0 || tile.kind === 'new' ? (
              <span
                className={`absolute inset-x-0 bottom-0 flex items-center justify-center gap-1 truncate rounded-b-xl px-1 py-1 text-xs font-semibold ${index === 0 ? 'bg-teal-800/95 text-white' : 'bg-white/95 text-teal-900'}`}
              >
                {index === 0 ? <Star aria-hidden="true" className="size-3 shrink-0" /> : null}
                <span className="truncate">
                  {[
                    index === 0 ? t('photos.main') : null,
                    tile.kind === 'new' ? t('photos.new') : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            ) : null}
            <RemovePhotoButton
              ref={(element) => {
                deleteButtons.current[index] = element;
              }}
              label={t('photos.delete', { index: index + 1 })}
              title={t('photos.delete', { index: index + 1 })}
              onClick={() => {
                if (tile.kind === 'current') onRemoveCurrent(tile.photo.url);
                else onRemoveNew(tile.photo.id);
                setFocusAfterDelete(index);
              }}
              className="-right-1.5 -top-1.5"
            />
          </li>
        ))}
        {slotsLeft > 0 ? (
          <li>
            <PhotoAddButton
              ref={(element) => {
                input.current = element;
                if (typeof inputRef === 'function') inputRef(element);
                else if (inputRef) inputRef.current = element;
              }}
              label={t('photos.add')}
              onAdd={onAdd}
              className="aspect-[4/5] rounded-xl px-2 text-sm"
            />
          </li>
        ) : null}
      </ul>

      <div className="flex flex-col gap-2 text-sm" aria-live="polite">
        <p className="text-ink-muted">
          {t('photos.count', { count: total, max: MAX_PHOTOS })}
          {slotsLeft === 0 ? <> · {t('photos.full')}</> : null}
        </p>
        {removedCount > 0 ? (
          <p className="flex flex-wrap items-center gap-x-2 text-ink">
            {t('photos.removed', { count: removedCount })}
            <button
              type="button"
              onClick={onRestore}
              className="-my-2 inline-flex min-h-11 items-center gap-1 rounded-full px-2 font-semibold text-teal-800 underline-offset-4 hover:bg-teal-50 hover:underline"
            >
              <RotateCcw aria-hidden="true" className="size-3.5" />
              {t('photos.restore')}
            </button>
          </p>
        ) : null}
      </div>
    </PhotoField>
  );
}
