import type { Contact } from '@mawadda/contract';
import { isNewConversationLimit } from '@mawadda/contract/conversation-limits';
import { useEffect, useState } from 'react';
import { isMemberGone } from '@/lib/member-gone.ts';
import { useChatTranslation } from '../i18n.ts';
import { chatItems } from '../utils/chat-items.ts';
import { messagesOf } from '../utils/messages.ts';
import { drafts } from './drafts.ts';
import { refusedForGood, useOutgoing } from './outbox.ts';
import { useAskAgainWhenRefused, useContact, useConversation, useMarkRead } from './use-chat.ts';

/**
 * What one conversation shows, read from the server's pages, the tab's outbox and the draft: the
 * member (from the sidebar, or asked for on their own once the contacts have settled without
 * them), the messages, whether the conversation is unavailable, and the refusals its limits
 * gave. Reading it marks it read; a message refused for want of a subscription calls
 * `subscribe` at once.
 */
export function useConversationView({
  me,
  other,
  listed,
  contactsSettled,
  subscribe,
}: {
  me: string;
  other: string;
  listed: Contact | undefined;
  contactsSettled: boolean;
  subscribe: (() => void) | undefined;
}) {
  const { t } = useChatTranslation();
  const query = useConversation(me, other);
  const single = useContact(me, other, contactsSettled && !listed);
  const contact = listed ?? single.data;
  const messages = messagesOf(query.data);
  const outgoing = useOutgoing(me, other);
  // Read once: the composer keeps the text from then on.
  const [draft] = useState(() => drafts.get(me, other));
  useMarkRead(me, other, messages);
  // Refused for an end this screen did not know of yet: it asks what is now true.
  useAskAgainWhenRefused(
    me,
    other,
    outgoing.some((o) => refusedForGood(o.refusal)),
  );
  // Until the member is known the header waits, rather than calling them "Member".
  const lookingUp = !contact && (!contactsSettled || single.isFetching);
  const subscriptionRequired = outgoing.some((o) => o.refusal?.code === 'SUBSCRIPTION_REQUIRED');
  // The server refused a message for want of a subscription: the plans, at once.
  useEffect(() => {
    if (subscriptionRequired) subscribe?.();
  }, [subscriptionRequired, subscribe]);

  return {
    query,
    contact,
    messages,
    draft,
    name: contact?.name ?? (lookingUp ? '' : t('conversation.someone')),
    unavailable: isMemberGone(single.error) || (isMemberGone(query.error) && !query.data),
    items: chatItems(messages, outgoing, me),
    subscriptionRequired,
    // The refusal itself: its text says the member's own limit a day and when it starts again.
    dailyLimit: outgoing.find((o) => isNewConversationLimit(o.refusal?.code))?.refusal ?? undefined,
  };
}
