import type { Contact, Message } from '@mawadda/contract';
import { describe, expect, it } from 'vitest';
import {
  type ConversationData,
  contactsAfterMessage,
  messagesOf,
  readUntil,
  withMessage,
} from './messages.ts';

const m = (uuid: string, timestamp: string, senderId = 'me'): Message => ({
  uuid,
  senderId,
  receiverId: senderId === 'me' ? 'awa' : 'me',
  content: uuid,
  imageUrl: null,
  audioUrl: null,
  timestamp,
  isRead: false,
});

const data = (...pages: Message[][]): ConversationData => ({
  pages,
  pageParams: pages.map(() => undefined),
});

describe('conversation pages', () => {
  it('read oldest first across pages, each message once', () => {
    const older = [m('a', '2026-01-01T10:00:00.000Z'), m('b', '2026-01-01T11:00:00.000Z')];
    const newer = [m('b', '2026-01-01T11:00:00.000Z'), m('c', '2026-01-01T12:00:00.000Z')];
    expect(messagesOf(data(newer, older)).map((x) => x.uuid)).toEqual(['a', 'b', 'c']);
  });

  it('take a live message in time order, and a second copy as an update', () => {
    const page = [m('a', '2026-01-01T10:00:00.000Z'), m('c', '2026-01-01T12:00:00.000Z')];
    const added = withMessage(data(page), m('b', '2026-01-01T11:00:00.000Z'));
    expect(messagesOf(added).map((x) => x.uuid)).toEqual(['a', 'b', 'c']);
    const again = withMessage(added, { ...m('b', '2026-01-01T11:00:00.000Z'), isRead: true });
    expect(messagesOf(again).map((x) => [x.uuid, x.isRead])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
  });

  it('turn my ticks double up to the read time only', () => {
    const page = [
      m('a', '2026-01-01T10:00:00.000Z'),
      m('x', '2026-01-01T10:30:00.000Z', 'awa'),
      m('b', '2026-01-01T12:00:00.000Z'),
    ];
    const read = readUntil(data(page), 'me', '2026-01-01T11:00:00.000Z');
    expect(messagesOf(read).map((x) => [x.uuid, x.isRead])).toEqual([
      ['a', true],
      ['x', false],
      ['b', false],
    ]);
  });
});

describe('contacts after a message', () => {
  const contact = (id: string, lastMessageTime: string | null): Contact => ({
    id,
    name: id,
    mediaUrls: [],
    photosBlurred: false,
    verified: false,
    online: false,
    unreadCount: 0,
    lastMessageTime,
    lastMessage: null,
    matched: true,
    matchEnded: false,
    deleted: false,
  });

  it('move the conversation to the top and count the other member’s message as unread', () => {
    const contacts = [contact('bintou', '2026-01-02T00:00:00.000Z'), contact('awa', null)];
    const next = contactsAfterMessage(contacts, m('x', '2026-01-03T00:00:00.000Z', 'awa'), 'me');
    expect(next?.map((c) => [c.id, c.unreadCount])).toEqual([
      ['awa', 1],
      ['bintou', 0],
    ]);
    const mine = contactsAfterMessage(next, m('y', '2026-01-03T01:00:00.000Z'), 'me');
    expect(mine?.[0]).toMatchObject({ id: 'awa', unreadCount: 1 });
  });

  it('stop waiting for her first word once she wrote, and a notice line does not end the wait', () => {
    const waiting: Contact[] = [{ ...contact('awa', null), awaitingFirstWordOf: 'them' }];
    const notice = {
      ...m('n', '2026-01-03T00:00:00.000Z', 'awa'),
      notice: 'guardian-follows' as const,
    };
    expect(contactsAfterMessage(waiting, notice, 'me')?.[0]?.awaitingFirstWordOf).toBe('them');
    const first = contactsAfterMessage(waiting, m('x', '2026-01-03T00:00:00.000Z', 'awa'), 'me');
    expect(first?.[0]).not.toHaveProperty('awaitingFirstWordOf');
  });

  it('are unknown for a new conversation (the list is asked again)', () => {
    expect(contactsAfterMessage([], m('x', '2026-01-03T00:00:00.000Z', 'awa'), 'me')).toBe(
      undefined,
    );
  });
});
