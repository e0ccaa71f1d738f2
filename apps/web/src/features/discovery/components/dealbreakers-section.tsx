import type { Dealbreakers } from '@mawadda/contract';
import {
  type ChoiceField,
  type ChoiceValue,
  DEALBREAKER_FIELDS,
  type DealbreakerField,
  dealbreakerFieldsFor,
  dealbreakerValues,
  FAITH_FIELDS,
  FAMILY_FIELDS,
  GENDER_ONLY_FIELDS,
  MAX_DEALBREAKER_COUNTRIES,
  type SpokenLanguage,
} from '@mawadda/contract/faith-family';
import type { HasChildren } from '@mawadda/contract/value-lists';
import { ChevronDown, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { Checkbox } from '@/components/checkbox.tsx';
import { CountryOptions } from '@/components/country-options.tsx';
import { useFaithFamilyText } from '@/lib/faith-family-text.ts';
import { useDiscoveryTranslation } from '../i18n.ts';

type Gender = 'homme' | 'femme';

const GROUPS = [
  { key: 'faith', fields: FAITH_FIELDS },
  { key: 'family', fields: [...FAMILY_FIELDS, 'hasChildren'] },
  { key: 'origins', fields: ['languages', 'nationality', 'origin'] },
] as const satisfies readonly { key: string; fields: readonly DealbreakerField[] }[];

const isCountryField = (field: DealbreakerField) => field === 'nationality' || field === 'origin';

/**
 * The fields a member may make dealbreakers of. Without a gender on the profile yet, neither
 * one-gender field: whichever it would be, it could only leave the member with no one.
 */
function offeredFields(gender: Gender | null): readonly DealbreakerField[] {
  if (gender) return dealbreakerFieldsFor(gender);
  return DEALBREAKER_FIELDS.filter((field) => !(field in GENDER_ONLY_FIELDS));
}

/** A field's accepted values put back in the contract's order, so the same choice reads the same. */
function inContractOrder(field: DealbreakerField, values: readonly string[]): string[] {
  const order = dealbreakerValues(field);
  return [...values].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/**
 * The dealbreakers of the discovery filters (ADR 042), in a chunk of their own: the
 * value sets, the country names and these controls load when the filters open. Each field is a
 * disclosure that reads, closed, as its accepted answers in one line, so seventeen fields stay a
 * short list on a phone; ticking an answer makes the field a dealbreaker, unticking the last one
 * lifts it.
 */
export function DealbreakersSection({
  dealbreakers,
  gender,
  onChange,
}: {
  dealbreakers: Dealbreakers;
  gender: Gender | null;
  onChange: (field: DealbreakerField, values: string[]) => void;
}) {
  const { t } = useDiscoveryTranslation();
  const headingId = useId();
  const offered = offeredFields(gender);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold text-ink">
        {t('dealbreakers.title')}
      </h3>
      <p className="-mt-1 text-sm leading-relaxed text-ink-muted">
        {t('dealbreakers.explanation')}
      </p>
      {GROUPS.map((group) => {
        const fields = (group.fields as readonly DealbreakerField[]).filter((field) =>
          offered.includes(field),
        );
        return (
          // min-w-0: a fieldset is as wide as its widest content by default, and the country
          // select is as wide as its longest name, which would push past a phone's edge.
          <fieldset key={group.key} className="flex min-w-0 flex-col">
            <legend className="mb-1 text-sm font-semibold uppercase tracking-wide text-teal-800">
              {t(`dealbreakers.groups.${group.key}`)}
            </legend>
            <ul className="divide-y divide-sand-200 rounded-xl border border-sand-200">
              {fields.map((field) => (
                <li key={field}>
                  <FieldDisclosure
                    field={field}
                    accepted={dealbreakers[field] ?? []}
                    gender={gender}
                    onChange={(values) => onChange(field, inContractOrder(field, values))}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
    </section>
  );
}

/** The words of one field and its values, in the reader's language. */
function useFieldWords(gender: Gender | null) {
  const { t } = useDiscoveryTranslation();
  const text = useFaithFamilyText();
  // The answers are the suggested members': polygamy reads in their gender's words.
  const audience: Gender | null =
    gender === 'homme' ? 'femme' : gender === 'femme' ? 'homme' : null;
  return {
    text,
    // "Children" alone would read like "Wants children" beside it: this one is the ones they have.
    label: (field: DealbreakerField) =>
      field === 'hasChildren' ? t('dealbreakers.hasChildren') : text.field(field),
    value: (field: DealbreakerField, value: string) => {
      if (field === 'hasChildren') return t(`values.hasChildren.${value as HasChildren}`);
      if (field === 'languages') return text.spoken(value as SpokenLanguage);
      if (isCountryField(field)) return text.country(value);
      return text.choice(field as ChoiceField, value as ChoiceValue<ChoiceField>, audience);
    },
  };
}

// Two names and a count fit one line on a 360 px phone; three did not.
const SUMMARY_COUNTRIES = 2;

function FieldDisclosure({
  field,
  accepted,
  gender,
  onChange,
}: {
  field: DealbreakerField;
  accepted: readonly string[];
  gender: Gender | null;
  onChange: (values: string[]) => void;
}) {
  const { t } = useDiscoveryTranslation();
  const words = useFieldWords(gender);
  const label = words.label(field);
  const active = accepted.length > 0;
  const named = accepted.map((value) => words.value(field, value));
  const summary = !active
    ? t('dealbreakers.none')
    : isCountryField(field) && named.length > SUMMARY_COUNTRIES
      ? t('dealbreakers.someCountries', {
          names: named.slice(0, SUMMARY_COUNTRIES).join(', '),
          count: named.length - SUMMARY_COUNTRIES,
        })
      : t('dealbreakers.only', { values: named.join(', ') });

  return (
    <details className="group">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 rounded-xl px-3 py-2 hover:bg-sand-50 [&::-webkit-details-marker]:hidden">
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="text-sm font-medium text-ink">{label}</span>
          <span className="sr-only">, </span>
          <span
            className={
              active
                ? 'truncate text-sm font-medium text-teal-800'
                : 'truncate text-sm text-ink-muted'
            }
          >
            {summary}
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-ink-muted transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="px-3 pb-3">
        {isCountryField(field) ? (
          <CountryChoice label={label} accepted={accepted} onChange={onChange} />
        ) : (
          <fieldset className="min-w-0">
            <legend className="text-sm text-ink-muted">
              {t('dealbreakers.accept', { field: label })}
            </legend>
            <div className={field === 'languages' ? 'grid grid-cols-2 gap-x-3' : 'flex flex-col'}>
              {dealbreakerValues(field).map((value) => (
                <Checkbox
                  key={value}
                  label={words.value(field, value)}
                  checked={accepted.includes(value)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...accepted, value]
                        : accepted.filter((v) => v !== value),
                    )
                  }
                />
              ))}
            </div>
          </fieldset>
        )}
      </div>
    </details>
  );
}

/** Countries: a select to add one, and each accepted one as a chip that removes it. */
function CountryChoice({
  label,
  accepted,
  onChange,
}: {
  label: string;
  accepted: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const { t } = useDiscoveryTranslation();
  const { text } = useFieldWords(null);
  const selectId = useId();
  const hintId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const full = accepted.length >= MAX_DEALBREAKER_COUNTRIES;

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={selectId} className="text-sm text-ink-muted">
        {t('dealbreakers.addCountry', { field: label })}
      </label>
      <div className="relative">
        <select
          ref={select}
          id={selectId}
          value=""
          disabled={full}
          aria-describedby={hintId}
          onChange={(event) => {
            if (event.target.value) onChange([...accepted, event.target.value]);
          }}
          className="min-h-11 w-full appearance-none rounded-xl border border-sand-300 bg-white py-2.5 pl-3 pr-10 text-base text-ink focus:border-teal-600 disabled:opacity-60"
        >
          <option value="">{t('dealbreakers.chooseCountry')}</option>
          <CountryOptions language={text.language} offered={(code) => !accepted.includes(code)} />
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-ink-muted"
        />
      </div>
      <p id={hintId} className="text-xs text-ink-muted">
        {t('dealbreakers.countryLimit', { count: MAX_DEALBREAKER_COUNTRIES })}
      </p>
      {accepted.length > 0 ? (
        <ul
          aria-label={t('dealbreakers.accepted', { field: label })}
          className="flex flex-wrap gap-2"
        >
          {accepted.map((code) => (
            <li key={code}>
              <button
                type="button"
                onClick={() => {
                  onChange(accepted.filter((c) => c !== code));
                  // The chip goes with its button: focus stays in the field, on its select.
                  select.current?.focus();
                }}
                aria-label={t('dealbreakers.removeCountry', { name: text.country(code) })}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-teal-700/20 bg-teal-50 py-1 pl-3 pr-2 text-sm font-medium text-teal-900 hover:bg-teal-100"
              >
                {text.country(code)}
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
