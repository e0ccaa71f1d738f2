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
import { cn } from '@/lib/cn.ts';
import type { FaithFamilyFormValues } from '@/lib/faith-family-form.ts';
import { useFaithFamilyText } from '@/lib/faith-family-text.ts';
import { Checkbox } from './checkbox.tsx';
import { FieldError } from './field-error.tsx';
import { TextField } from './text-field.tsx';

/** The inputs these questions fill, and the gender they watch (hijab and beard depend on it). */
type Values = FaithFamilyFormValues & { gender: '' | 'homme' | 'femme' };

/** The words around the questions, in the reader's language, from the feature showing them. */
export type FaithFamilyWords = {
  notAnswered: string;
  preferNotToSay: string;
  faith: string;
  family: string;
  /** The matches-only checkbox under a faith question, naming it. */
  matchesOnly: (field: string) => string;
  /** What keeping an answer to matches costs: it meets no one's dealbreaker (ADR 042). */
  matchesOnlyHint: string;
  professionHint: string;
};

type Option = { value: string; label: string };

/** A labelled native select: compact on a phone, and every screen reader knows it. */
function SelectField({
  name,
  label,
  options,
  error,
  notAnswered,
}: {
  name: keyof Values;
  label: string;
  options: readonly Option[];
  error: string | undefined;
  notAnswered: string;
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
 * The faith and family questions (ADR 041), shared by the edit-profile section and the
 * registration wizard's optional step; every answer optional, each with "prefer not to say"; beside each
 * faith answer, the member's choice to show it to matches only. Hijab is asked of women, beard of
 * men; an answer the other gender cannot give is cleared when the gender changes, so the form
 * never sends one the server refuses.
 */
export function FaithFamilyFields({
  fieldMessage,
  words,
}: {
  fieldMessage: (field: keyof Values) => string | undefined;
  words: FaithFamilyWords;
}) {
  const text = useFaithFamilyText();
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

  const countries = useMemo(
    () => [
      ...COUNTRY_CODES.map((code) => ({ value: code, label: text.country(code) })).sort((a, b) =>
        a.label.localeCompare(b.label, text.language),
      ),
      { value: PREFER_NOT_TO_SAY, label: words.preferNotToSay },
    ],
    [text.country, text.language, words.preferNotToSay],
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
      notAnswered={words.notAnswered}
    />
  );
  const askedOf = (field: FaithField) =>
    field === 'hijab' ? gender === 'femme' : field === 'beard' ? gender === 'homme' : true;

  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-display text-lg font-semibold text-teal-900">
          {words.faith}
        </legend>
        {/* Said once, and read with each matches-only box: the trade-off is the same for all. */}
        <p id={matchesOnlyHintId} className="-mt-2 text-sm text-ink-muted">
          {words.matchesOnlyHint}
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
              label={words.matchesOnly(text.field(field))}
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
          {words.family}
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
          hint={words.professionHint}
          autoComplete="organization-title"
          error={fieldMessage('profession')}
          {...register('profession')}
        />
        <SelectField
          name="nationality"
          label={text.field('nationality')}
          options={countries}
          error={fieldMessage('nationality')}
          notAnswered={words.notAnswered}
        />
        <SelectField
          name="origin"
          label={text.field('origin')}
          options={countries}
          error={fieldMessage('origin')}
          notAnswered={words.notAnswered}
        />
      </fieldset>
    </div>
  );
}
