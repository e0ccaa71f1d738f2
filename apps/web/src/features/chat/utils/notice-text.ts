import type { Message, MessageNotice } from '@mawadda/contract';
import { titleCase } from '@mawadda/contract/text';
import type { TFunction } from 'i18next';

const KEYS = {
  'guardian-follows': 'guardian.follows',
  'wali-asked': 'guardian.waliAsked',
  'wali-shared': 'guardian.waliShared',
  'wali-declined': 'guardian.waliDeclined',
  'guardian-stopped': 'guardian.stopped',
  'closed-kindly': 'closing.closed',
  'shown-to-family': 'guardian.shownToFamily',
} as const satisfies Record<MessageNotice, string>;

/**
 * A notice line in the reader's language (`t` of the chat namespace, ADR 045): about the reader
 * ("Your guardian follows…") or about the other member ("Aminata's guardian follows…"). With the
 * contact a `wali-shared` line carries, the contact is part of the sentence, so each language
 * punctuates it ("…de votre wali : Mamadou", "…your wali’s contact: Mamadou").
 */
export function noticeText(
  t: TFunction<'chat'>,
  notice: MessageNotice,
  mine: boolean,
  otherName: string,
  wali?: Message['wali'],
): string {
  return t(`${KEYS[notice]}${mine ? 'Mine' : 'Theirs'}`, {
    name: otherName,
    ...(wali ? { context: 'contact', contact: waliContactText(t, wali) } : {}),
  });
}

/** The contact a `wali-shared` line carries: "Mamadou Diallo (father) · +221 77 123 45 67". */
export function waliContactText(t: TFunction<'chat'>, wali: NonNullable<Message['wali']>): string {
  const relation = t(`guardian.relation.${wali.relation}`, { defaultValue: wali.relation });
  return [`${titleCase(wali.name)} (${relation})`, ...(wali.phone ? [wali.phone] : [])].join(' · ');
}
