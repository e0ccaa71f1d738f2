import {
  CHOICE_FIELDS,
  type ChoiceField,
  COUNTRY_CODES,
  FAITH_FIELDS,
  FAMILY_FIELDS,
  type FaithField,
  PREFER_NOT_TO_SAY,
  SPOKEN_LANGUAGES,
} from '@mawadda/contract/faith-family';
import { useEffect, useId, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Checkbox } from '@/components/checkbox.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { TextField } from '@/components/text-field.tsx';
import { cn } from '@/lib/cn.ts';
import { useFaithFamilyText } from '@/lib/faith-family-text.ts';
import { useProfileTranslation } from '../i18n.ts';
import type { ProfileFormValues } from '../utils/profile-form.ts';
import type { FieldMessage } from './about-section.tsx';
import { ProfileSection } from './profile-section.tsx';

type Option = { value: string; label: string };

/** A labelled native select: compact on a phone, and every screen reader knows it. */
function SelectField({
  name,
  label,
  options,
  error,
}: {
  name: keyof ProfileFormValues;
  label: string;
  options: readonly Option[];
  error: string | undefined;
}) {
  const { t } = useProfileTranslation();
  const { register } = useFormContext<ProfileFormValues>();
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
        <option value="">{t('faithFamily.notAnswered')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/**
 * Faith and family (ADR 041), every answer optional, each with "prefer not to say"; beside each
 * faith answer, the member's choice to show it to matches only. Hijab is asked of women, beard of
 * men; an answer the other gender cannot give is cleared when the gender changes, so the form
 * never sends one the server refuses.
 */
export function FaithFamilySection({ fieldMessage }: { fieldMessage: FieldMessage }) {
  const { t } = useProfileTranslation();
  const text = useFaithFamilyText();
  const { register, control, setValue } = useFormContext<ProfileFormValues>();
  const gender = useWatch({ control, name: 'gender' }) || null;
  const revert = useWatch({ control, name: 'revert' });
  useEffect(() => {
    if (gender !== 'femme') setValue('hijab', '');
    if (gender !== 'homme') setValue('beard', '');
  }, [gender, setValue]);
  useEffect(() => {
    if (revert !== 'yes') setValue('revertSince', '');
  }, [revert, setValue]);

  const countries = useMemo(
    () => [
      ...COUNTRY_CODES.map((code) => ({ value: code, label: text.country(code) })).sort((a, b) =>
        a.label.localeCompare(b.label, text.language),
      ),
      { value: PREFER_NOT_TO_SAY, label: t('faithFamily.preferNotToSay') },
    ],
    [text.country, text.language, t],
  );

  const choiceOptions = (field: ChoiceField) =>
    CHOICE_FIELDS[field].values.map((value) => ({
      value,
      label: text.choice(field, value, gender),
    }));
  const choice = (field: ChoiceField) => (
    <SelectField
      key={field}
      name={field}
      label={text.field(field)}
      options={choiceOptions(field)}
      error={fieldMessage(field)}
    />
  );
  const askedOf = (field: FaithField) =>
    field === 'hijab' ? gender === 'femme' : field === 'beard' ? gender === 'homme' : true;

  return (
    <ProfileSection title={t('sections.faithFamily')}>
      <p className="-mt-2 mb-5 text-sm text-ink-muted">{t('faithFamily.lead')}</p>
      <div className="flex flex-col gap-6">
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 font-display text-lg font-semibold text-teal-900">
            {t('faithFamily.faith')}
          </legend>
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
                label={t('faithFamily.matchesOnly', { field: text.field(field) })}
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
            {t('faithFamily.family')}
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
            hint={t('faithFamily.professionHint')}
            autoComplete="organization-title"
            error={fieldMessage('profession')}
            {...register('profession')}
          />
          <SelectField
            name="nationality"
            label={text.field('nationality')}
            options={countries}
            error={fieldMessage('nationality')}
          />
          <SelectField
            name="origin"
            label={text.field('origin')}
            options={countries}
            error={fieldMessage('origin')}
          />
        </fieldset>
      </div>
    </ProfileSection>
  );
}
