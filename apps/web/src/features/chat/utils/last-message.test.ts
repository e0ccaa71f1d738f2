import type { Message } from '@mawadda/contract';
import { describe, expect, it } from 'vitest';
import { createTestI18n, type TestLanguage } from '@/test/render.tsx';
import { addChatTexts, CHAT_NAMESPACE } from '../i18n.ts';
import { lastMessageOf, lastMessageText } from './last-message.ts';

async function tIn(language: TestLanguage) {
  const i18n = await createTestI18n(language);
  addChatTexts(i18n);
  return i18n.getFixedT(language, CHAT_NAMESPACE);
}

const noGifts = () => undefined;

const hidden: Message = {
  uuid: 'm1',
  senderId: 'karim',
  receiverId: 'amina',
  content: null,
  imageUrl: null,
  audioUrl: null,
  timestamp: '2026-12-01T10:00:00.000Z',
  isRead: false,
  hiddenByModeration: true,
};

describe('the conversation list’s line about a message a moderator hid (ADR 083)', () => {
  it('tells its receiver only that it was hidden, in her language', async () => {
    const last = lastMessageOf(hidden, 'amina');
    expect(last).toEqual({ mine: false, kind: 'hidden', text: null, call: null });
    expect(lastMessageText(await tIn('en'), last, noGifts)).toBe('Message hidden by moderation');
    expect(lastMessageText(await tIn('fr'), last, noGifts)).toBe(
      'Message masqué par la modération',
    );
  });

  it('shows its sender his own words', async () => {
    const last = lastMessageOf({ ...hidden, content: 'Send me money' }, 'karim');
    expect(lastMessageText(await tIn('en'), last, noGifts)).toBe('You: Send me money');
  });
});
