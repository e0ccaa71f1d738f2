import { BIO_MAX_LENGTH, BIO_WARNING_LENGTH } from '@mawadda/contract/constants';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useProfileTranslation } from '../i18n.ts';

/**
 * The bio, at most 1000 characters, with a counter that turns red above 900 (spec sections 5 and
 * 9). The red is the theme's danger colour, AA on white; past the warning the counter also says
 * how many characters are left, so the colour is never the only sign.
 */
export function BioField({
  length,
  error,
  registration,
}: {
  length: number;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useProfileTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const warning = length > BIO_WARNING_LENGTH;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {t('fields.bio')}
      </label>
      <p id={hintId} className="text-sm text-ink-muted">
        {t('bio.hint')}
      </p>
      <textarea
        id={id}
        rows={7}
        maxLength={BIO_MAX_LENGTH}
        placeholder={t('bio.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : '', counterId].filter(Boolean).join(' ')}
        className={`w-full resize-y rounded-xl border bg-white px-4 py-3 text-base leading-relaxed text-ink placeholder:text-ink-muted/80 ${error ? 'border-danger' : 'border-sand-300 focus:border-teal-600'}`}
        {...registration}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p
          id={counterId}
          data-state={warning ? 'warning' : 'normal'}
          className={`shrink-0 text-right text-sm tabular-nums ${warning ? 'font-semibold text-danger' : 'text-ink-muted'}`}
        >
          {t('bio.counter', { length, max: BIO_MAX_LENGTH })}
          {warning ? <> · {t('bio.left', { count: BIO_MAX_LENGTH - length })}</> : null}
        </p>
      </div>
    </div>
  );
}
