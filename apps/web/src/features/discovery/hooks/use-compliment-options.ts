import type { ComplimentAnswerKey, UserDetails } from '@mawadda/contract';
// The zod-free part of the contract: the profile's chunk carries no schema.
import { FAITH_FIELDS, FAMILY_FIELDS, PREFER_NOT_TO_SAY } from '@mawadda/contract/faith-family';
import type { ComplimentOption } from '@/components/members/member-likes.ts';
import { useFaithFamilyText } from '@/lib/faith-family-text.ts';
import { useDiscoveryTranslation } from '../i18n.ts';

/**
 * What of a profile a compliment may be about (ADR 071), as the server takes it: each photo unless
 * the member blurs them until a match, the bio, each answer to a profile prompt (named by the
 * prompt in the reader's language, ADR 072), and every answer they give and show (not "prefer
 * not to say", nor a faith answer kept for matches, which reads null here).
 */
export function useComplimentOptions(member: UserDetails | undefined): ComplimentOption[] {
  const { t } = useDiscoveryTranslation();
  const text = useFaithFamilyText();
  if (!member) return [];
  const options: ComplimentOption[] = [];
  if (!member.photosBlurred) {
    member.photoIds.forEach((photoId, index) => {
      options.push({
        about: { kind: 'photo', photoId },
        label: t('complimentPhoto', { number: index + 1, count: member.photoIds.length }),
        imageUrl: member.mediaUrls[index],
      });
    });
  }
  if (member.bio?.trim()) {
    options.push({ about: { kind: 'answer', key: 'bio' }, label: t('facts.bio') });
  }
  for (const { prompt, answer } of member.promptAnswers) {
    options.push({
      about: { kind: 'prompt', prompt },
      label: t('complimentAnswer', { question: t(`common:profilePrompts.${prompt}`), answer }),
    });
  }
  const answer = (key: Exclude<ComplimentAnswerKey, 'bio'>, value: string) =>
    options.push({
      about: { kind: 'answer', key },
      label: t('complimentAnswer', { question: text.field(key), answer: value }),
    });
  for (const field of [...FAITH_FIELDS, ...FAMILY_FIELDS]) {
    const value = member[field];
    if (value !== null && value !== PREFER_NOT_TO_SAY) {
      answer(field, text.choice(field, value, member.gender));
    }
  }
  if (member.languages.length > 0) {
    answer('languages', member.languages.map(text.spoken).join(', '));
  }
  if (member.profession?.trim()) answer('profession', member.profession);
  for (const field of ['nationality', 'origin'] as const) {
    const code = member[field];
    if (code && code !== PREFER_NOT_TO_SAY) answer(field, text.country(code));
  }
  return options;
}
