import { MAX_PHOTOS } from '@mawadda/contract/constants';
import { forwardRef } from 'react';
import {
  PhotoAddButton,
  PhotoField,
  PhotoOrderControls,
  RemovePhotoButton,
} from '@/components/photo-field.tsx';
import type { NewPhoto } from '@/hooks/use-new-photos.ts';
import { PHOTO_MAX_MB, type PhotoRejection, shortenPhotoName } from '@/lib/photos.ts';
import { useRegisterTranslation } from '../i18n.ts';

type Props = {
  photos: readonly NewPhoto[];
  rejected: readonly PhotoRejection[];
  error: string | undefined;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onMove: (id: string, to: number) => void;
};

/**
 * Photo upload (docs/spec.md §2 and §5): several images at once, a preview and a remove button
 * each, names shortened beyond 15 characters; non-images, files over 10 MB and photos beyond the
 * sixth are refused here with a message. The member puts them in order (sent in that order); the
 * first is the main photo, the one on their card in suggestions.
 */
export const PhotoPicker = forwardRef<HTMLInputElement, Props>(function PhotoPicker(
  { photos, rejected, error, onAdd, onRemove, onMove },
  ref,
) {
  const { t } = useRegisterTranslation();
  return (
    <PhotoField
      legend={t('photos.label')}
      hint={t('photos.hint', { max: MAX_PHOTOS, size: PHOTO_MAX_MB })}
      rejected={rejected}
      rejectionMessage={(reason, values) => t(`photos.${reason}`, values)}
      error={error}
    >
      {photos.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 min-[26rem]:grid-cols-3">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <div className="relative">
                <img
                  src={photo.previewUrl}
                  alt={
                    index === 0
                      ? t('photos.previewMain', { index: index + 1 })
                      : t('photos.preview', { index: index + 1 })
                  }
                  className="aspect-square w-full rounded-xl border border-sand-200 object-cover"
                />
                {index === 0 ? (
                  <span
                    aria-hidden="true"
                    className="absolute bottom-1.5 left-1.5 rounded-full bg-teal-800 px-2 py-0.5 text-[0.6875rem] font-semibold whitespace-nowrap text-white"
                  >
                    {t('common:profileForm.photos.main')}
                  </span>
                ) : null}
              </div>
              <RemovePhotoButton
                label={t('photos.remove', { name: photo.file.name })}
                onClick={() => onRemove(photo.id)}
                className="-top-1 -right-1"
              />
              <p className="mt-1 truncate text-xs text-ink-muted" title={photo.file.name}>
                {shortenPhotoName(photo.file.name)}
              </p>
              <PhotoOrderControls
                index={index}
                total={photos.length}
                labels={{
                  earlier: t('common:profileForm.photos.moveEarlier', { index: index + 1 }),
                  later: t('common:profileForm.photos.moveLater', { index: index + 1 }),
                  main: t('common:profileForm.photos.makeMain', { index: index + 1 }),
                }}
                onMove={(to) => onMove(photo.id, to)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < MAX_PHOTOS ? (
        <div>
          <PhotoAddButton
            ref={ref}
            label={t('common:profileForm.photos.add')}
            onAdd={onAdd}
            className="min-h-20 rounded-2xl px-4 py-4"
          />
        </div>
      ) : null}
      <p className="text-sm text-ink-muted" aria-live="polite">
        {t('photos.count', { count: photos.length, max: MAX_PHOTOS })}
      </p>
    </PhotoField>
  );
});
