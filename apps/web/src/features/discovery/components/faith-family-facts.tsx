import type { FaithFamily } from '@mawadda/contract';
// The zod-free part of the contract: the suggestions' chunk carries no schema.
import {
  type ChoiceField,
  FAITH_FIELDS,
  FAMILY_FIELDS,
  type FaithFamilyField,
  PREFER_NOT_TO_SAY,
} from '@mawadda/contract/faith-family';
import { useFaithFamilyText } from '@/lib/faith-family-text.ts';
import { useDiscoveryTranslation } from '../i18n.ts';

type Row = { field: FaithFamilyField; value: string };

/**
 * A member's faith and family answers (ADR 041), grouped, in the reader's language; only what
 * they answered. A faith answer kept for matches only reads so, never as "not answered": the
 * reader learns the question has an answer they will see once matched.
 */
export function FaithFamilyFacts({
  member,
  headingLevel = 3,
}: {
  member: FaithFamily & { gender: 'homme' | 'femme' | null };
  headingLevel?: 2 | 3;
}) {
  const { t } = useDiscoveryTranslation();
  const text = useFaithFamilyText();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const said = (value: string) =>
    value === PREFER_NOT_TO_SAY ? t('faithFamily.preferNotToSay') : value;

  const choiceRow = (field: ChoiceField): Row | null => {
    const value = member[field];
    if (value === null) {
      const hidden = (member.faithMatchesOnly as string[]).includes(field);
      return hidden ? { field, value: t('faithFamily.matchesOnly') } : null;
    }
    // The contract's "I prefer not to say" is the member's own words; others read it in the third person.
    if (value === PREFER_NOT_TO_SAY) return { field, value: said(value) };
    const label = text.choice(field, value as never, member.gender);
    if (field === 'revert' && value === 'yes' && member.revertSince !== null) {
      return {
        field,
        value: t('faithFamily.revertSince', { answer: label, year: member.revertSince }),
      };
    }
    return { field, value: label };
  };
  const country = (code: string | null) =>
    code === null ? null : code === PREFER_NOT_TO_SAY ? said(code) : text.country(code);

  const faith = FAITH_FIELDS.map(choiceRow).filter((row) => row !== null);
  const family = [
    ...FAMILY_FIELDS.map(choiceRow),
    member.languages.length > 0
      ? { field: 'languages' as const, value: member.languages.map(text.spoken).join(', ') }
      : null,
    member.profession ? { field: 'profession' as const, value: member.profession } : null,
    member.nationality
      ? { field: 'nationality' as const, value: country(member.nationality) ?? '' }
      : null,
    member.origin ? { field: 'origin' as const, value: country(member.origin) ?? '' } : null,
  ].filter((row) => row !== null);

  const groups = [
    { key: 'faith', title: t('faithFamily.faith'), rows: faith },
    { key: 'family', title: t('faithFamily.family'), rows: family },
  ].filter((group) => group.rows.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className="flex flex-col gap-5">
      {groups.map((group) => (
        <section key={group.key}>
          <Heading className="font-display text-lg font-semibold text-teal-900">
            {group.title}
          </Heading>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-3">
            {group.rows.map((row) => (
              <div key={row.field}>
                <dt className="text-xs font-semibold uppercase tracking-[0.08em] text-ink-muted">
                  {text.field(row.field)}
                </dt>
                <dd className="mt-0.5 font-medium text-ink">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
