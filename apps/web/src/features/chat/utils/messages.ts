import type { Contact, Message } from '@mawadda/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { lastMessageOf } from './last-message.ts';

/** A conversation as loaded: pages[0] is the newest page; each page is in time order. */
export type ConversationData = InfiniteData<Message[], unknown>;

/** The member the message was exchanged with, seen from `me`. */
export function otherMemberOf(message: Message, me: string) {
  return message.senderId === me ? message.receiverId : message.senderId;
}

/**
 * Every loaded message once, oldest first. A message may sit in two pages (a live one and the
 * same one fetched again after a reconnection): the first copy, in time order, is kept, with the
 * latest state seen of it.
 */
export function messagesOf(data: ConversationData | undefined): Message[] {
  if (!data) return [];
  const byUuid = new Map<string, Message>();
  for (const page of [...data.pages].reverse()) {
    for (const message of page) {
      const known = byUuid.get(message.uuid);
      byUuid.set(
        message.uuid,
        known ? { ...known, isRead: known.isRead || message.isRead } : message,
      );
    }
  }
  return [...byUuid.values()];
}

/**
 * Adds a message (live, or the answer to a send) to the newest page, in time order; a message
 * already there is updated instead, so a message delivered twice shows once.
 */
export function withMessage(data: ConversationData | undefined, message: Message) {
  if (!data) return data;
  const present = data.pages.some((page) => page.some((m) => m.uuid === message.uuid));
  if (present) {
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.map((m) => (m.uuid === message.uuid ? { ...m, ...message } : m)),
      ),
    };
  }
  const [newest = [], ...older] = data.pages;
  const at = newest.findLastIndex((m) => m.timestamp <= message.timestamp) + 1;
  return { ...data, pages: [[...newest.slice(0, at), message, ...newest.slice(at)], ...older] };
}

/** The other member read what `sender` sent them until `readAt`: those ticks turn double. */
export function readUntil(data: ConversationData | undefined, sender: string, readAt: string) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.map((m) =>
        m.senderId === sender && !m.isRead && m.timestamp <= readAt ? { ...m, isRead: true } : m,
      ),
    ),
  };
}

/** `me` read these messages of `other` (the ones unread when the conversation was marked). */
export function readFrom(
  data: ConversationData | undefined,
  other: string,
  uuids: ReadonlySet<string>,
) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.map((m) => (m.senderId === other && uuids.has(m.uuid) ? { ...m, isRead: true } : m)),
    ),
  };
}

/** Newest conversation first; matches without a message last. */
export function byLastMessage(a: Contact, b: Contact) {
  return (b.lastMessageTime ?? '').localeCompare(a.lastMessageTime ?? '');
}

/**
 * The contacts after a message: its conversation moves to the top with the message as its
 * preview (unless a later one is known already), and a message from the other member counts as
 * unread until the conversation is read. Undefined when the contact is unknown (a new
 * conversation): the list is then asked again.
 */
export function contactsAfterMessage(
  contacts: Contact[] | undefined,
  message: Message,
  me: string,
): Contact[] | undefined {
  const other = otherMemberOf(message, me);
  if (!contacts?.some((c) => c.id === other)) return undefined;
  // Her first word (ADR 069): only she can have written it, so any message of the two ends the
  // wait, for him as for her, without asking the server again.
  const written = !message.notice && !message.call;
  const afterWait = (c: Contact): Contact => {
    if (!written || !c.awaitingFirstWordOf) return c;
    const { awaitingFirstWordOf: _ended, ...rest } = c;
    return rest;
  };
  return contacts
    .map((c) =>
      c.id === other
        ? {
            ...afterWait(c),
            ...((c.lastMessageTime ?? '') > message.timestamp
              ? {}
              : { lastMessageTime: message.timestamp, lastMessage: lastMessageOf(message, me) }),
            unreadCount: c.unreadCount + (message.senderId === other ? 1 : 0),
          }
        : c,
    )
    .sort(byLastMessage);
}
