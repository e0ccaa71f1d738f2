import { MAX_PHOTOS } from '@mawadda/contract/constants';
import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, forwardRef, useId } from 'react';
import { PHOTO_MAX_MB, type PhotoRejection, shortenPhotoName } from '../../../lib/photos.ts';
import type { SelectedPhoto } from '../hooks/use-photo-selection.ts';
import { useRegisterTranslation } from '../i18n.ts';

type Props = {
  photos: readonly SelectedPhoto[];
  rejected: readonly PhotoRejection[];
  error: string | undefined;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
};

/**
 * Photo upload (spec sections 2 and 5): several images at once, a preview and a remove button
 * each, names shortened beyond 15 characters; non-images, files over 10 MB and photos beyond the
 * sixth are refused here with a message.
 */
export const PhotoPicker = forwardRef<HTMLInputElement, Props>(function PhotoPicker(
  { photos, rejected, error, onAdd, onRemove },
  ref,
) {
  const { t } = useRegisterTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const rejectedId = `${id}-rejected`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so choosing the same file again after removing it still fires a change.
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };

  const describedBy = [hintId, error ? errorId : '', rejected.length ? rejectedId : '']
    .filter(Boolean)
    .join(' ');

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-ink">{t('photos.label')}</legend>
      <p id={hintId} className="-mt-1 text-sm text-ink-muted">
        {t('photos.hint', { max: MAX_PHOTOS, size: PHOTO_MAX_MB })}
      </p>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-3">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img
                src={photo.previewUrl}
                alt={t('photos.preview', { index: index + 1 })}
                className="aspect-square w-full rounded-xl border border-sand-200 object-cover"
              />
              {index === 0 ? (
                <span className="absolute bottom-7 left-1.5 rounded-full bg-teal-800 px-2 py-0.5 text-[0.6875rem] font-semibold whitespace-nowrap text-white">
                  {t('photos.main')}
                </span>
              ) : null}
              <button
                type="button"
                onClick={() => onRemove(photo.id)}
                aria-label={t('photos.remove', { name: photo.file.name })}
                className="group absolute -top-1 -right-1 inline-flex size-11 items-center justify-center rounded-full"
              >
                <span className="inline-flex size-8 items-center justify-center rounded-full bg-white text-ink shadow-md ring-1 ring-sand-300 transition-colors group-hover:bg-rose-700 group-hover:text-white">
                  <X aria-hidden="true" className="size-4" />
                </span>
              </button>
              <p className="mt-1 truncate text-xs text-ink-muted" title={photo.file.name}>
                {shortenPhotoName(photo.file.name)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < MAX_PHOTOS ? (
        <div>
          <input
            ref={ref}
            id={id}
            type="file"
            accept="image/*"
            multiple
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={onChange}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className={`flex min-h-20 cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed px-4 py-4 text-center font-semibold text-teal-800 transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600 hover:bg-teal-50 ${error ? 'border-danger bg-red-50/40' : 'border-teal-600/40 bg-teal-50/40'}`}
          >
            <ImagePlus aria-hidden="true" className="size-6" />
            {t('photos.add')}
          </label>
        </div>
      ) : null}
      <p className="text-sm text-ink-muted" aria-live="polite">
        {t('photos.count', { count: photos.length, max: MAX_PHOTOS })}
      </p>
      {rejected.length > 0 ? (
        <ul
          id={rejectedId}
          role="alert"
          className="flex flex-col gap-1 text-sm font-medium text-danger"
        >
          {rejected.map((rejection) => (
            <li key={`${rejection.reason}-${rejection.name}`}>
              {t(`photos.${rejection.reason}`, {
                name: shortenPhotoName(rejection.name),
                size: PHOTO_MAX_MB,
                max: MAX_PHOTOS,
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
});
