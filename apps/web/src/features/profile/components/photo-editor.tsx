import { MAX_PHOTOS } from '@mawadda/contract/constants';
import { RotateCcw, Star } from 'lucide-react';
import { type Ref, useEffect, useRef, useState } from 'react';
import { MediaImage } from '@/components/media-image.tsx';
import {
  PhotoAddButton,
  PhotoField,
  PhotoOrderControls,
  RemovePhotoButton,
} from '@/components/photo-field.tsx';
import { cn } from '@/lib/cn.ts';
import { PHOTO_MAX_MB } from '@/lib/photos.ts';
import type { usePhotoEdits } from '../hooks/use-photo-edits.ts';
import { useProfileTranslation } from '../i18n.ts';

/**
 * The profile's photos (docs/spec.md §2 and §5): a preview of each, with a delete button named
 * by the photo's number; new images (several at once) join them, checked here for type, size
 * (10 MB) and count (6 in all). The member puts them in order; the first is the main photo, the
 * one on their card in suggestions.
 */
export function PhotoEditor({
  photos,
  error,
  inputRef,
}: {
  photos: ReturnType<typeof usePhotoEdits>;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
}) {
  const { t } = useProfileTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const deleteButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusAfterDelete, setFocusAfterDelete] = useState<number | null>(null);
  const { tiles, slotsLeft } = photos;
  const removedCount = photos.imagesToRemove.length;
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
      rejected={photos.rejected}
      rejectionMessage={(reason, values) => t(`photos.${reason}`, values)}
      error={error}
    >
      <ul className="grid grid-cols-2 gap-3 min-[26rem]:grid-cols-3 lg:grid-cols-2">
        {tiles.map((tile, index) => (
          <li key={tile.key} className="relative">
            <div className="relative aspect-[4/5] overflow-hidden rounded-xl bg-sand-100 ring-1 ring-sand-200">
              {tile.kind === 'current' ? (
                <MediaImage
                  src={tile.photo.thumbnailUrl || tile.photo.url}
                  alt={t('photos.alt', { index: index + 1 })}
                  className="size-full object-cover"
                />
              ) : (
                <img
                  src={tile.photo.previewUrl}
                  alt={t('photos.altNew', { index: index + 1 })}
                  className="size-full object-cover"
                />
              )}
              {index === 0 || tile.kind === 'new' ? (
                <span
                  className={cn(
                    'absolute inset-x-0 bottom-0 flex items-center justify-center gap-1 truncate rounded-b-xl px-1 py-1 text-xs font-semibold',
                    index === 0 ? 'bg-teal-800/95 text-white' : 'bg-white/95 text-teal-900',
                  )}
                >
                  {index === 0 ? <Star aria-hidden="true" className="size-3 shrink-0" /> : null}
                  <span className="truncate">
                    {[
                      index === 0 ? t('common:profileForm.photos.main') : null,
                      tile.kind === 'new' ? t('photos.new') : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              ) : null}
            </div>
            <RemovePhotoButton
              ref={(element) => {
                deleteButtons.current[index] = element;
              }}
              label={t('photos.delete', { index: index + 1 })}
              title={t('photos.delete', { index: index + 1 })}
              onClick={() => {
                if (tile.kind === 'current') photos.removeCurrent(tile.photo.url);
                else photos.removeNew(tile.photo.id);
                setFocusAfterDelete(index);
              }}
              className="-right-1.5 -top-1.5"
            />
            <PhotoOrderControls
              index={index}
              total={total}
              labels={{
                earlier: t('common:profileForm.photos.moveEarlier', { index: index + 1 }),
                later: t('common:profileForm.photos.moveLater', { index: index + 1 }),
                main: t('common:profileForm.photos.makeMain', { index: index + 1 }),
              }}
              onMove={(to) => photos.move(tile.key, to)}
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
              label={t('common:profileForm.photos.add')}
              onAdd={photos.add}
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
              onClick={photos.restoreRemoved}
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
