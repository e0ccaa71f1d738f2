import { describe, expect, it } from 'vitest';
import { renderScreen, screen, type TestLanguage } from '@/test/render.tsx';
import type { ChatItem } from '../utils/chat-items.ts';
import { MessageBubble } from './message-bubble.tsx';

const aMessage = (item: Partial<ChatItem>): ChatItem => ({
  uuid: 'm1',
  mine: false,
  content: null,
  imageUrl: null,
  audioUrl: null,
  timestamp: '2026-11-26T10:00:00Z',
  state: 'received',
  refusal: null,
  call: null,
  mediaRemoved: false,
  hiddenByModeration: false,
  shield: [],
  notice: null,
  ...item,
});

const bubble = (item: ChatItem, language: TestLanguage = 'en') =>
  renderScreen(
    <ul>
      <MessageBubble item={item} otherName="Awa" onRetry={() => {}} onRemove={() => {}} />
    </ul>,
    { language },
  );

describe('a message a moderator hid (ADR 083)', () => {
  it('is only a placeholder to its receiver, in French too', async () => {
    await bubble(aMessage({ hiddenByModeration: true }), 'fr');
    expect(screen.getByText('Message masqué par la modération')).toBeTruthy();
  });

  it('still shows its text to its sender, marked as no longer seen by the other member', async () => {
    await bubble(
      aMessage({ mine: true, state: 'read', content: 'Send me money', hiddenByModeration: true }),
    );
    expect(screen.getByText('Send me money')).toBeTruthy();
    expect(screen.getByText('Hidden by moderation: Awa no longer sees it')).toBeTruthy();
    expect(screen.queryByText('Message hidden by moderation')).toBeNull();
  });

  it('shows nothing of the kind on a message shown', async () => {
    await bubble(aMessage({ content: 'Salam' }));
    expect(screen.getByText('Salam')).toBeTruthy();
    expect(screen.queryByText(/moderation/)).toBeNull();
  });
});
