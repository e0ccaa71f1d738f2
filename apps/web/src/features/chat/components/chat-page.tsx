import type { Message } from '@mawadda/contract';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { EmptyStateIcon } from '@/components/empty-state.tsx';
import { useFillScreen } from '@/components/layouts/fill-screen.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import type { MemberSafety } from '@/components/members/member-safety-menu.tsx';
import { cn } from '@/lib/cn.ts';
import { useShownConversation } from '@/lib/realtime/use-realtime.ts';
import { useSession } from '@/lib/session.ts';
import { GiftLookupContext } from '../hooks/gift-lookup.ts';
import { useChatEvents, useContacts } from '../hooks/use-chat.ts';
import { useChatTranslation } from '../i18n.ts';
import { callEntryText } from '../utils/call-entry.ts';
import { type GiftLookup, giftNumberOf } from '../utils/gift-message.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import { ContactList } from './contact-list.tsx';
import { Conversation } from './conversation.tsx';
import type { Calling, Paying } from './conversation-header.tsx';

/**
 * /chat (docs/spec.md §2): the contact sidebar and the open conversation (`?userId=…`), side by
 * side from `md`, two screens on a phone. New messages are announced politely to screen readers.
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
  const other = new URLSearchParams(useLocation().search).get('userId');
  useShownConversation(other);
  const contacts = useContacts(me);
  const list = contacts.data ?? [];
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
                other ? 'hidden' : 'flex',
              )}
            >
              <h1
                id="chat-title"
                className="border-b border-sand-200 px-4 py-3 font-display text-2xl font-semibold text-teal-900"
              >
                {t('title')}
              </h1>
              {/* `relative`, as the messages' box: the list's hidden words stay inside it. */}
              <div className="relative min-h-0 flex-1 overflow-y-auto">
                <ContactList
                  contacts={list}
                  selected={other}
                  loading={contacts.isPending && me !== ''}
                  failed={contacts.isError}
                  onRetry={() => void contacts.refetch()}
                />
              </div>
            </nav>
            {other ? (
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
