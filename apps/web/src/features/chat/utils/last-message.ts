import type { LastMessage, Message } from '@mawadda/contract';
import type { TFunction } from 'i18next';
import { callEntryText } from './call-entry.ts';
import { type GiftLookup, giftNumberOf } from './gift-message.ts';
import { noticeText } from './notice-text.ts';

/** What the conversation list keeps of a message that just arrived (as the server previews it). */
export function lastMessageOf(message: Message, me: string): LastMessage {
  const mine = message.senderId === me;
  // Hidden by a moderator (ADR 083): its receiver reads nothing of it.
  if (message.hiddenByModeration && !mine) return { mine, kind: 'hidden', text: null, call: null };
  const call = message.call ?? null;
  const gift = giftNumberOf(message);
  const kind = message.notice
    ? 'notice'
    : call
      ? 'call'
      : gift !== null
        ? 'gift'
        : message.imageUrl
          ? 'photo'
          : message.audioUrl
            ? 'voice'
            : message.mediaRemoved
              ? 'removed'
              : 'text';
  return {
    mine,
    kind,
    text: call ? null : message.content,
    call,
    ...(message.notice ? { notice: message.notice } : {}),
    ...(gift !== null ? { gift } : {}),
  };
}

/**
 * The conversation list's line about the last message, in the member's language (`t` of the chat
 * namespace): its text, or what it was ("Photo", "Voice message", "Missed voice call", a gift),
 * after "You: " when the member sent it. Never a link.
 */
export function lastMessageText(
  t: TFunction<readonly ['chat', 'common']>,
  last: LastMessage,
  gifts: GiftLookup,
  otherName = '',
): string {
  if (last.kind === 'notice') {
    return noticeText(t, last.notice ?? 'guardian-follows', last.mine, otherName);
  }
  if (last.kind === 'call') {
    return last.call ? callEntryText(t, last.call, last.mine) : t('common:message.call');
  }
  if (last.kind === 'removed') return t('message.mediaRemoved');
  if (last.kind === 'hidden') return t('message.hiddenByModeration');
  // A gift by the server's mark: a text that reads `gift:4` shows as the text it is.
  if (last.kind === 'gift') {
    const number = giftNumberOf(last);
    const gift = (number !== null ? gifts(number)?.name : undefined) ?? t('giftMessage.aGift');
    return last.mine ? t('giftMessage.sent', { gift }) : t('lastMessage.giftReceived', { gift });
  }
  const what =
    last.kind === 'photo'
      ? last.text
        ? t('lastMessage.photoWithText', { text: last.text })
        : t('common:message.photo')
      : last.kind === 'voice'
        ? t('common:message.voice')
        : (last.text ?? '');
  return last.mine ? t('lastMessage.mine', { text: what }) : what;
}
