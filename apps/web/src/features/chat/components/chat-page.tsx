import type { Message } from '@mawadda/contract';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@/components/button.tsx';
import { EmptyStateIcon } from '@/components/empty-state.tsx';
import { formatBadge } from '@/components/layouts/badge.ts';
import { useFillScreen } from '@/components/layouts/fill-screen.ts';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import type { MemberSafety } from '@/components/members/member-safety-menu.tsx';
import { cn } from '@/lib/cn.ts';
import { useShownConversation } from '@/lib/realtime/use-realtime.ts';
import { useSession } from '@/lib/session.ts';
import { GiftLookupContext } from '../hooks/gift-lookup.ts';
import { useChatEvents, useContacts, useRequests, useRequestsCount } from '../hooks/use-chat.ts';
import { useChatTranslation } from '../i18n.ts';
import { callEntryText } from '../utils/call-entry.ts';
import { type GiftLookup, giftNumberOf } from '../utils/gift-message.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import { ContactList } from './contact-list.tsx';
import { Conversation } from './conversation.tsx';
import type { Calling, Paying } from './conversation-header.tsx';
import { RequestList } from './request-list.tsx';
import { RequestView } from './request-view.tsx';

/**
 * /chat (docs/spec.md §2): the contact sidebar and the open conversation (`?userId=…`), side by
 * side from `md`, two screens on a phone; or, beside them, the Requests list (`?requests=open`)
 * and an open request (`?request=…`, ADR 068). New messages are announced politely to screen
 * readers.
 * `calling` gives the conversation header its call buttons; `paying` its gift button and the
 * way to a subscription; `safety` its menu to report, block or unmatch; `gifts` names and pictures gift
 * messages.
 */
export function ChatPage({
  calling,
  paying,
  safety,
  gifts = noGifts,
}: {
  calling?: Calling;
  paying?: Paying;
  safety?: MemberSafety | undefined;
  gifts?: GiftLookup;
}) {
  const { t } = useChatTranslation();
  useDocumentTitle(t('title'));
  useFillScreen();
  const me = useSession()?.user?.id ?? '';
  // useLocation rather than useSearchParams: the router's entry chunk (the first route's cost)
  // carries only the hooks the app uses.
  const params = new URLSearchParams(useLocation().search);
  const other = params.get('userId');
  // The Requests list (ADR 068): `?requests=open`, or one request open (`?request=…`).
  const requestId = params.get('request');
  const showRequests = params.has('requests') || requestId !== null;
  useShownConversation(other);
  const contacts = useContacts(me);
  const list = contacts.data ?? [];
  const requests = useRequests(me, showRequests);
  const requestList = requests.data ?? [];
  const requestsCount = useRequestsCount(me, requests.data);
  const openRequest = requestList.find((r) => r.sender.id === requestId);
  const localized = useLocalizedPath();
  const [announcement, setAnnouncement] = useState('');

  useChatEvents(me, (message: Message) => {
    if (message.senderId === me) return;
    const name = list.find((c) => c.id === message.senderId)?.name ?? t('conversation.someone');
    const giftNumber = giftNumberOf(message);
    const what = message.call
      ? callEntryText(t, message.call, false)
      : giftNumber !== null
        ? t('giftMessage.received', {
            name,
            gift: gifts(giftNumber)?.name ?? t('giftMessage.aGift'),
          })
        : (message.content ?? (message.imageUrl ? t('message.aPhoto') : t('message.aVoice')));
    setAnnouncement(t('announce.message', { name, message: what }));
  });

  return (
    <GiftLookupContext.Provider value={gifts}>
      <main className="flex min-h-0 flex-1 flex-col">
        <ConnectionBanner />
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {/* The shell gives the chat the screen's height (useFillScreen): the messages scroll
            between the conversation's header and its composer, which stay in view. */}
        <div className="mx-auto flex min-h-0 w-full max-w-6xl flex-1 md:px-4 md:py-4">
          <div className="flex min-h-0 w-full overflow-hidden border-sand-200 bg-white md:rounded-card md:border md:shadow-card">
            <nav
              aria-labelledby="chat-title"
              className={cn(
                'min-h-0 w-full flex-col border-sand-200 md:flex md:w-80 md:shrink-0 md:border-r',
                other || requestId ? 'hidden' : 'flex',
              )}
            >
              <h1
                id="chat-title"
                className="border-b border-sand-200 px-4 py-3 font-display text-2xl font-semibold text-teal-900"
              >
                {t('title')}
              </h1>
              <ListSwitch requests={requestsCount} showRequests={showRequests} />
              <p role="status" className="sr-only">
                {params.has('declined') ? t('requests.declined') : ''}
              </p>
              {/* `relative`, as the messages' box: the list's hidden words stay inside it. */}
              <div className="relative min-h-0 flex-1 overflow-y-auto">
                {showRequests ? (
                  <RequestList
                    requests={requestList}
                    selected={requestId}
                    loading={requests.isPending && me !== ''}
                    failed={requests.isError}
                    onRetry={() => void requests.refetch()}
                  />
                ) : (
                  <ContactList
                    contacts={list}
                    selected={other}
                    loading={contacts.isPending && me !== ''}
                    failed={contacts.isError}
                    onRetry={() => void contacts.refetch()}
                  />
                )}
              </div>
            </nav>
            {openRequest ? (
              <RequestView me={me} request={openRequest} safety={safety} />
            ) : requestId ? (
              <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-sand-50 p-8 text-center">
                <p role="status" className="max-w-[36ch] text-ink-muted">
                  {requests.isPending ? t('requests.loading') : t('requests.gone')}
                </p>
                <Link
                  to={localized('/chat?requests=open')}
                  className={buttonClass({ variant: 'ghost' })}
                >
                  {t('requests.back')}
                </Link>
              </div>
            ) : other ? (
              <Conversation
                key={other}
                me={me}
                other={other}
                listed={list.find((c) => c.id === other)}
                contactsSettled={!contacts.isPending || contacts.fetchStatus !== 'fetching'}
                calling={calling}
                paying={paying}
                safety={safety}
              />
            ) : (
              <div className="hidden flex-1 flex-col items-center justify-center gap-3 bg-sand-50 p-8 text-center md:flex">
                <EmptyStateIcon icon={MessageCircle} />
                <p className="max-w-[36ch] leading-relaxed text-ink-muted">{t('choose')}</p>
              </div>
            )}
          </div>
        </div>
      </main>
    </GiftLookupContext.Provider>
  );
}

const noGifts: GiftLookup = () => undefined;

/**
 * Conversations or Requests (ADR 068): two links, the list shown the current page, the requests'
 * count on its own (they are not among the unread messages).
 */
function ListSwitch({ requests, showRequests }: { requests: number; showRequests: boolean }) {
  const { t } = useChatTranslation();
  const localized = useLocalizedPath();
  const badge = formatBadge(requests);
  const item = (current: boolean) =>
    cn(
      'flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full px-3 text-sm font-semibold',
      current ? 'bg-teal-700 text-white' : 'text-teal-800 hover:bg-teal-50',
    );
  return (
    <nav aria-label={t('tabs.label')} className="border-b border-sand-200 p-2">
      <ul className="flex gap-1">
        <li className="flex flex-1">
          <Link
            to={localized('/chat')}
            aria-current={showRequests ? undefined : 'page'}
            className={item(!showRequests)}
          >
            {t('tabs.conversations')}
          </Link>
        </li>
        <li className="flex flex-1">
          <Link
            to={localized('/chat?requests=open')}
            aria-current={showRequests ? 'page' : undefined}
            className={item(showRequests)}
          >
            {t('tabs.requests')}
            {badge ? (
              <span
                className={cn(
                  'min-w-6 rounded-full px-1.5 text-center text-xs',
                  showRequests ? 'bg-white text-teal-800' : 'bg-rose-600 text-white',
                )}
              >
                <span aria-hidden="true">{badge}</span>
                <span className="sr-only">{t('tabs.requestsCount', { count: requests })}</span>
              </span>
            ) : null}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
