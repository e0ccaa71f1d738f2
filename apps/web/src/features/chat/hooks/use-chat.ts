import type {
  Contact,
  Message,
  Notifications,
  ReceivedRequest,
  RequestReply,
  WaliAnswer,
} from '@mawadda/contract';
import { CONVERSATION_PAGE_SIZE } from '@mawadda/contract/constants';
import { destinations } from '@mawadda/contract/destinations';
import { titleCase } from '@mawadda/contract/text';
import {
  type QueryClient,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { chatKeys, notificationKeys } from '@/lib/query-keys.ts';
import { useOnReconnect, useRealtimeSubscription } from '@/lib/realtime/use-realtime.ts';
import {
  acceptRequest,
  answerWaliContact,
  askFamilyOpinion,
  askWaliContact,
  changeExclusive,
  declineRequest,
  type ExclusiveAction,
  fetchContact,
  fetchContacts,
  fetchConversation,
  fetchFamilyOpinions,
  fetchRequests,
  markConversationRead,
  revokeFamilyOpinion,
} from '../api/chat-api.ts';
import { useChatTranslation } from '../i18n.ts';
import {
  type ConversationData,
  contactsAfterMessage,
  messagesOf,
  otherMemberOf,
  readFrom,
  readUntil,
  withMessage,
} from '../utils/messages.ts';
import { outbox } from './outbox.ts';

/**
 * A contact as the chat shows them: named as members are named on every screen (`titleCase`); a
 * member who deleted their account has no name left, their messages are from "a deleted member".
 */
const shownWith =
  (t: TFunction<'chat'>) =>
  (contact: Contact): Contact => ({
    ...contact,
    name: contact.deleted ? t('conversation.deletedMember') : titleCase(contact.name),
  });

/** Conversations and matches, newest first (docs/spec.md §2's sidebar). */
export function useContacts(me: string) {
  const { t } = useChatTranslation();
  const query = useQuery({
    queryKey: chatKeys.contacts(me),
    queryFn: ({ signal }) => fetchContacts(signal),
    enabled: me !== '',
    select: (contacts) => contacts.map(shownWith(t)),
  });
  useEffect(() => {
    if (query.error) console.warn('[chat] contacts could not be loaded', query.error);
  }, [query.error]);
  return query;
}

/**
 * The message requests waiting for the member's answer (ADR 068), newest first: asked only while
 * the Requests list is shown (`enabled`), the conversations' screen costs nothing more.
 */
export function useRequests(me: string, enabled: boolean) {
  const query = useQuery({
    queryKey: chatKeys.requests(me),
    queryFn: ({ signal }) => fetchRequests(signal),
    enabled: enabled && me !== '',
    select: (requests): ReceivedRequest[] =>
      requests.map((r) => ({ ...r, sender: { ...r.sender, name: titleCase(r.sender.name) } })),
  });
  useEffect(() => {
    if (query.error) console.warn('[chat] requests could not be loaded', query.error);
  }, [query.error]);
  return query;
}

/**
 * How many requests wait (ADR 068), for the Requests link's count: the list's length once asked,
 * otherwise the navbar's counts as the shell last fetched them (read from the cache, never asked
 * from here).
 */
export function useRequestsCount(me: string, listed: ReceivedRequest[] | undefined): number {
  const counts = useQuery<Notifications>({
    queryKey: notificationKeys.counts(me),
    queryFn: skipToken,
  });
  return listed?.length ?? counts.data?.messageRequests ?? 0;
}

/**
 * The member's answer to a request: accepted, the conversation opens (her contacts and her
 * conversation with him are asked again); declined, with the kind reply she chose. Either way
 * the request leaves her list and the badge counts are asked again.
 */
export function useAnswerRequest(me: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { senderId: string; reply?: RequestReply | null; accept: boolean }) =>
      answer.accept
        ? acceptRequest(answer.senderId)
        : declineRequest(answer.senderId, answer.reply ?? null),
    onSettled: (_data, _error, answer) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.requests(me), exact: true });
      askAgainAbout(queryClient, me, answer.senderId);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

/**
 * The member of a conversation opened with someone not among the contacts (from their profile,
 * or an old link to a member one may no longer see): asked only then. A 404 says the
 * conversation is not available.
 */
export function useContact(me: string, other: string, enabled: boolean) {
  const { t } = useChatTranslation();
  return useQuery({
    queryKey: chatKeys.contact(me, other),
    queryFn: ({ signal }) => fetchContact(other, signal),
    enabled: enabled && me !== '',
    select: shownWith(t),
  });
}

/** A conversation, newest page first; `fetchNextPage` loads older messages. */
export function useConversation(me: string, other: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.conversation(me, other),
    queryFn: ({ pageParam, signal }) => fetchConversation(other, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // Pages are in time order: the next (older) page is the one before this page's first
    // message; a page shorter than asked is the start of the conversation.
    getNextPageParam: (page) => (page.length < CONVERSATION_PAGE_SIZE ? undefined : page[0]?.uuid),
    enabled: me !== '',
  });
}

/**
 * An answer on its way was read before the message was stored, and would replace what holds it
 * (a conversation opened a moment before sending, the draft ready): it is dropped and asked
 * again. Cancelled, not just invalidated: TanStack would wait for a first load in flight.
 */
function askAgainIfLoading(queryClient: QueryClient, queryKey: readonly unknown[]) {
  if (queryClient.getQueryState(queryKey)?.fetchStatus !== 'fetching') return;
  void queryClient
    .cancelQueries({ queryKey, exact: true })
    .then(() => queryClient.invalidateQueries({ queryKey, exact: true }));
}

/** A stored message (live, or the answer to a send) goes into its conversation and the sidebar. */
function applyMessage(queryClient: QueryClient, me: string, message: Message) {
  const conversationKey = chatKeys.conversation(me, otherMemberOf(message, me));
  const known = messagesOf(queryClient.getQueryData<ConversationData>(conversationKey)).some(
    (m) => m.uuid === message.uuid,
  );
  queryClient.setQueryData<ConversationData>(conversationKey, (data) => withMessage(data, message));
  askAgainIfLoading(queryClient, conversationKey);
  if (known) return;
  const contacts = contactsAfterMessage(
    queryClient.getQueryData<Contact[]>(chatKeys.contacts(me)),
    message,
    me,
  );
  if (contacts) {
    queryClient.setQueryData(chatKeys.contacts(me), contacts);
    askAgainIfLoading(queryClient, chatKeys.contacts(me));
  } else {
    // Someone new: a conversation begun, or a message request (ADR 068), in her other list.
    void queryClient.invalidateQueries({ queryKey: chatKeys.contacts(me) });
    void queryClient.invalidateQueries({ queryKey: chatKeys.requests(me) });
  }
}

/**
 * What is between the member and `other` changed: the contact and the conversation are asked
 * again, and answer what the member may know of it (the conversation closed, or unavailable).
 */
function askAgainAbout(queryClient: QueryClient, me: string, other: string) {
  for (const queryKey of [
    chatKeys.contacts(me),
    chatKeys.requests(me),
    chatKeys.contact(me, other),
    chatKeys.conversation(me, other),
    chatKeys.familyOpinions(me, other),
  ]) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}

/**
 * A message to `other` was refused for a reason the conversation does not show yet (the match
 * ended, or the member is gone, while the screen was open): the conversation asks again.
 */
export function useAskAgainWhenRefused(me: string, other: string, refused: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (refused) askAgainAbout(queryClient, me, other);
  }, [queryClient, me, other, refused]);
}

/**
 * The chat's live events: new messages (from the other member, or sent from my other tabs), read
 * receipts (my ticks turn double), the end of a match or a block (what is shown of that member
 * is asked again) and presence (the online dots). After a reconnection, what was
 * missed is read again from the REST answers; messages are keyed by uuid, so none shows twice.
 */
export function useChatEvents(me: string, onMessage: (message: Message) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!me) return;
    outbox.onDelivered((message) => applyMessage(queryClient, me, message));
  }, [queryClient, me]);
  useRealtimeSubscription(me ? destinations.chat(me) : null, (message) => {
    applyMessage(queryClient, me, message);
    onMessage(message);
  });
  useRealtimeSubscription(me ? destinations.read(me) : null, (receipt) => {
    queryClient.setQueryData<ConversationData>(
      chatKeys.conversation(me, receipt.readerId),
      (data) => readUntil(data, me, receipt.readAt),
    );
  });
  // A match ended or a block (ADR 017), a request answered (ADR 068), her family's answer on him
  // (ADR 078): the frame says only with whom.
  useRealtimeSubscription(me ? destinations.contact(me) : null, ({ memberId }) =>
    askAgainAbout(queryClient, me, memberId),
  );
  useRealtimeSubscription(me ? destinations.presence : null, (event) => {
    queryClient.setQueryData<Contact[]>(chatKeys.contacts(me), (contacts) =>
      contacts?.map((c) =>
        c.id === event.userId ? { ...c, online: event.status === 'online' } : c,
      ),
    );
  });
  useOnReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.all(me) });
  });
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/**
 * An open conversation is read while the member can see it: the PUT marks the other member's
 * messages read (their ticks turn double, live), the sidebar's count clears, and the navbar's
 * counts are asked again (ADR 060). A message arriving meanwhile is read by the next round.
 */
export function useMarkRead(me: string, other: string, messages: Message[]) {
  const queryClient = useQueryClient();
  const visible = useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
  const unread = messages.filter((m) => m.senderId === other && !m.isRead).map((m) => m.uuid);
  const hasUnread = unread.length > 0;
  const [round, setRound] = useState(0);
  const busy = useRef(false);
  const latest = useRef(unread);
  latest.current = unread;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks again after a PUT.
  useEffect(() => {
    if (!hasUnread || !visible || busy.current) return;
    busy.current = true;
    const reading = new Set(latest.current);
    markConversationRead(other)
      .then(() => {
        queryClient.setQueryData<ConversationData>(chatKeys.conversation(me, other), (data) =>
          readFrom(data, other, reading),
        );
        queryClient.setQueryData<Contact[]>(chatKeys.contacts(me), (contacts) =>
          contacts?.map((c) => (c.id === other ? { ...c, unreadCount: 0 } : c)),
        );
        void queryClient.invalidateQueries({ queryKey: notificationKeys.counts(me) });
        busy.current = false;
        setRound((n) => n + 1);
      })
      .catch((error: unknown) => {
        busy.current = false;
        console.warn('[chat] marking as read failed', error);
      });
  }, [hasUnread, visible, me, other, queryClient, round]);
}

/**
 * Asking for the other member's wali's contact, and answering their question (ADR 045): the
 * line the server writes comes back as the answer and over the socket, keyed by uuid.
 */
export function useWaliContact(me: string, other: string) {
  const queryClient = useQueryClient();
  const onSuccess = (message: Message) => applyMessage(queryClient, me, message);
  return {
    ask: useMutation({ mutationFn: () => askWaliContact(other), onSuccess }),
    answer: useMutation({
      mutationFn: (answer: WaliAnswer) => answerWaliContact(other, answer),
      onSuccess,
    }),
  };
}

/**
 * Exclusive mode with the member of the conversation (ADR 070): the answer is where the two are
 * now; the contacts are asked again (the other member hears of it on the contact topic).
 */
export function useExclusiveMode(me: string, other: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ExclusiveAction) => changeExclusive(other, action),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: chatKeys.contact(me, other) });
      await queryClient.invalidateQueries({ queryKey: chatKeys.contacts(me) });
    },
  });
}

/**
 * The family's opinion on a match (ADR 078): what the member asked of her guardians and their
 * answers, and asking one more; the notice line it writes comes on the conversation's topic.
 */
export function useFamilyOpinions(me: string, other: string) {
  const queryClient = useQueryClient();
  const key = chatKeys.familyOpinions(me, other);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchFamilyOpinions(other, signal),
  });
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: key });
  const ask = useMutation({
    mutationFn: (guardianId: string) => askFamilyOpinion(other, guardianId),
    onSuccess,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeFamilyOpinion(other, id),
    onSuccess,
  });
  return { query, ask, revoke };
}
