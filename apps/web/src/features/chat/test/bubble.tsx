import { renderScreen, type TestLanguage } from '@/test/render.tsx';
import { MessageBubble } from '../components/message-bubble.tsx';
import type { ChatItem } from '../utils/chat-items.ts';

/** A message Awa sent, as the conversation lists it: plain unless `item` says otherwise. */
export const aReceivedItem = (item: Partial<ChatItem>): ChatItem => ({
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

/** One message bubble of a conversation with Awa, in its list. */
export const renderBubble = (item: ChatItem, language: TestLanguage = 'en') =>
  renderScreen(
    <ul>
      <MessageBubble item={item} otherName="Awa" onRetry={() => {}} onRemove={() => {}} />
    </ul>,
    { language },
  );
