import {
  CHOICE_FIELDS,
  type ChoiceField,
  FAITH_FIELDS,
  FAMILY_FIELDS,
  type FaithField,
  PREFER_NOT_TO_SAY,
  SPOKEN_LANGUAGES,
} from '@mawadda/contract/faith-family';
import { type ReactNode, useEffect, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useCommonTranslation } from '@/i18n/feature-texts.ts';
import { PROFILE_FORM_TEXTS } from '@/i18n/profile-form-texts.ts';
import { cn } from '@/lib/cn.ts';
import type { FaithFamilyFormValues } from '@/lib/faith-family-form.ts';
import { useFaithFamilyText } from '@/lib/faith-family-text.ts';
import { Checkbox } from './checkbox.tsx';
import { CountryOptions } from './country-options.tsx';
import { FieldError } from './field-error.tsx';
import { TextField } from './text-field.tsx';

/** The inputs these questions fill, and the gender they watch (hijab and beard depend on it). */
type Values = FaithFamilyFormValues & { gender: '' | 'homme' | 'femme' };

/** A labelled native select: compact on a phone, and every screen reader knows it. */
function SelectField({
  name,
  label,
  error,
  notAnswered,
  children,
}: {
  name: keyof Values;
  label: string;
  error: string | undefined;
  notAnswered: string;
  /** The options after "not answered". */
  children: ReactNode;
}) {
  const { register } = useFormContext<Values>();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          'min-h-11 w-full rounded-xl border bg-white px-3 py-2.5 text-base text-ink',
          error ? 'border-danger' : 'border-sand-300 focus:border-teal-600',
        )}
        {...register(name)}
      >
        <option value="">{notAnswered}</option>
        {children}
      </select>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/**
 * The faith and family questions (ADR 041), shared by the edit-profile section and the
 * registration wizard's optional step; every answer optional, each with "prefer not to say"; beside each
 * faith answer, the member's choice to show it to matches only. Hijab is asked of women, beard of
 * men; an answer the other gender cannot give is cleared when the gender changes, so the form
 * never sends one the server refuses.
 */
export function FaithFamilyFields({
  fieldMessage,
}: {
  fieldMessage: (field: keyof Values) => string | undefined;
}) {
  const text = useFaithFamilyText();
  const { t } = useCommonTranslation(PROFILE_FORM_TEXTS);
  const matchesOnlyHintId = useId();
  const { register, control, setValue } = useFormContext<Values>();
  const gender = useWatch({ control, name: 'gender' }) || null;
  const revert = useWatch({ control, name: 'revert' });
  useEffect(() => {
    if (gender !== 'femme') setValue('hijab', '');
    if (gender !== 'homme') setValue('beard', '');
  }, [gender, setValue]);
  useEffect(() => {
    if (revert !== 'yes') setValue('revertSince', '');
  }, [revert, setValue]);

  const countries = (
    <>
      <CountryOptions language={text.language} />
      <option value={PREFER_NOT_TO_SAY}>{t('profileForm.faithFamily.preferNotToSay')}</option>
    </>
  );

  const choice = (field: ChoiceField) => (
    <SelectField
      key={field}
      name={field}
      label={text.field(field)}
      error={fieldMessage(field)}
      notAnswered={t('profileForm.faithFamily.notAnswered')}
    >
      {CHOICE_FIELDS[field].values.map((value) => (
        <option key={value} value={value}>
          {text.choice(field, value, gender)}
        </option>
      ))}
    </SelectField>
  );
  const askedOf = (field: FaithField) =>
    field === 'hijab' ? gender === 'femme' : field === 'beard' ? gender === 'homme' : true;

  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-display text-lg font-semibold text-teal-900">
          {t('profileForm.faithFamily.faith')}
        </legend>
        {/* Said once, and read with each matches-only box: the trade-off is the same for all. */}
        <p id={matchesOnlyHintId} className="-mt-2 text-sm text-ink-muted">
          {t('profileForm.faithFamily.matchesOnlyHint')}
        </p>
        {FAITH_FIELDS.filter(askedOf).map((field) => (
          <div key={field} className="flex flex-col gap-1">
            {choice(field)}
            {field === 'revert' && revert === 'yes' ? (
              <TextField
                label={text.field('revertSince')}
                inputMode="numeric"
                autoComplete="off"
                className="mt-2"
                error={fieldMessage('revertSince')}
                {...register('revertSince')}
              />
            ) : null}
            <Checkbox
              label={t('profileForm.faithFamily.matchesOnly', { field: text.field(field) })}
              aria-describedby={matchesOnlyHintId}
              value={field}
              {...register('faithMatchesOnly')}
            />
          </div>
        ))}
        {fieldMessage('faithMatchesOnly') ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {fieldMessage('faithMatchesOnly')}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-display text-lg font-semibold text-teal-900">
          {t('profileForm.faithFamily.family')}
        </legend>
        {FAMILY_FIELDS.map(choice)}
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-ink">{text.field('languages')}</legend>
          <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
            {SPOKEN_LANGUAGES.map((code) => (
              <Checkbox
                key={code}
                label={text.spoken(code)}
                value={code}
                {...register('languages')}
              />
            ))}
          </div>
          {fieldMessage('languages') ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {fieldMessage('languages')}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label={text.field('profession')}
          hint={t('profileForm.faithFamily.professionHint')}
          autoComplete="organization-title"
          error={fieldMessage('profession')}
          {...register('profession')}
        />
        <SelectField
          name="nationality"
          label={text.field('nationality')}
          error={fieldMessage('nationality')}
          notAnswered={t('profileForm.faithFamily.notAnswered')}
        >
          {countries}
        </SelectField>
        <SelectField
          name="origin"
          label={text.field('origin')}
          error={fieldMessage('origin')}
          notAnswered={t('profileForm.faithFamily.notAnswered')}
        >
          {countries}
        </SelectField>
      </fieldset>
    </div>
  );
}
