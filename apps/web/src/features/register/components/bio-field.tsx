import { BIO_MAX_LENGTH, BIO_WARNING_LENGTH } from '@mawadda/contract/constants';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useRegisterTranslation } from '../i18n.ts';
import type { RegistrationFormValues } from '../utils/registration-values.ts';

/**
 * The bio, at most BIO_MAX_LENGTH characters; its counter turns red past BIO_WARNING_LENGTH
 * (spec sections 5 and 9). The red is the theme's danger colour, AA on white.
 */
export function BioField({ error }: { error: string | undefined }) {
  const { t } = useRegisterTranslation();
  const { register } = useFormContext<RegistrationFormValues>();
  const bio = useWatch<RegistrationFormValues, 'bio'>({ name: 'bio' }) ?? '';
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const warning = bio.length > BIO_WARNING_LENGTH;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {t('fields.bio')}
      </label>
      <textarea
        id={id}
        rows={6}
        maxLength={BIO_MAX_LENGTH}
        required
        placeholder={t('bio.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : '', counterId].filter(Boolean).join(' ')}
        className={`w-full resize-y rounded-xl border bg-white px-4 py-3 text-base text-ink placeholder:text-ink-muted/80 ${error ? 'border-danger' : 'border-sand-300 focus:border-teal-600'}`}
        {...register('bio')}
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
          className={`shrink-0 text-sm tabular-nums ${warning ? 'font-semibold text-danger' : 'text-ink-muted'}`}
        >
          {t('bio.counter', { length: bio.length, max: BIO_MAX_LENGTH })}
        </p>
      </div>
    </div>
  );
}
