import type { Contact } from '@mawadda/contract';
import { EyeOff, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/button.tsx';
import { formatBadge } from '@/components/layouts/badge.ts';
import { MemberAvatar } from '@/components/layouts/member-avatar.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { ListLoadError } from '@/components/members/list-load-error.tsx';
import { VerifiedBadge } from '@/components/members/verified-badge.tsx';
import { cn } from '@/lib/cn.ts';
import { useGiftLookup } from '../hooks/gift-lookup.ts';
import { useChatTranslation } from '../i18n.ts';
import { lastMessageText } from '../utils/last-message.ts';
import { conversationTime } from '../utils/time.ts';

/** The avatar with its online dot. */
export function ContactAvatar({
  contact,
  className,
}: {
  contact: Pick<Contact, 'name' | 'mediaUrls' | 'online'>;
  className: string;
}) {
  return (
    <span className="relative shrink-0">
      <MemberAvatar name={contact.name} photoUrl={contact.mediaUrls[0]} className={className} />
      {contact.online ? (
        <span
          aria-hidden="true"
          data-testid="online-dot"
          className="absolute bottom-0 right-0 size-3.5 rounded-full bg-emerald-500 ring-2 ring-white"
        />
      ) : null}
    </span>
  );
}

/** The server sent the contact's photo blurred (ADR 019); without a photo nothing looks blurred. */
export const photoBlurred = (contact: Pick<Contact, 'mediaUrls' | 'photosBlurred'>) =>
  contact.photosBlurred && contact.mediaUrls.length > 0;

/**
 * Says why the contact's photo looks blurred, in words a screen reader also gets (the avatar
 * itself is decorative). `textClassName` hides the words on screen where they do not fit.
 */
export function BlurredNote({
  className,
  textClassName,
}: {
  className?: string;
  textClassName?: string;
}) {
  const { t } = useChatTranslation();
  return (
    <span className={cn('flex min-w-0 items-center gap-1 text-xs text-ink-muted', className)}>
      <EyeOff aria-hidden="true" className="size-3.5 shrink-0" />
      <span className={cn('truncate', textClassName)}>
        <span className="sr-only">{t('blurred.photo')},</span> {t('common:memberCard.blurredNote')}
      </span>
    </span>
  );
}

/**
 * The contact sidebar (docs/spec.md §2): avatar, online dot, name, when the conversation last
 * moved, a line of its last message and the unread badge, newest conversation first. Each entry
 * opens its conversation (`/chat?userId=…`); the open one is the current page.
 */
export function ContactList({
  contacts,
  selected,
  loading,
  failed,
  onRetry,
}: {
  contacts: Contact[];
  selected: string | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t, i18n } = useChatTranslation();
  const localized = useLocalizedPath();
  const gifts = useGiftLookup();
  if (loading) {
    return (
      <>
        <p role="status" className="sr-only">
          {t('contacts.loading')}
        </p>
        <ul aria-hidden="true" className="flex flex-col gap-1 p-2">
          {[0, 1, 2, 3].map((row) => (
            <li key={row} className="flex items-center gap-3 rounded-2xl p-2">
              <span className="size-12 shrink-0 animate-pulse rounded-full bg-sand-100" />
              <span className="h-4 w-2/3 animate-pulse rounded bg-sand-200" />
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (failed && contacts.length === 0) {
    return (
      <ListLoadError
        message={t('contacts.error')}
        retry={t('common:actions.retry')}
        onRetry={onRetry}
        className="px-4 py-8"
      />
    );
  }
  if (contacts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          <MessageCircle aria-hidden="true" className="size-7" />
        </span>
        <p className="font-semibold text-teal-900">{t('contacts.empty')}</p>
        <p className="text-sm leading-relaxed text-ink-muted">{t('contacts.emptyHint')}</p>
        <Link to={localized('/suggestions')} className={buttonClass()}>
          {t('common:actions.seeSuggestions')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-1 p-2">
      {contacts.map((contact) => {
        const badge = formatBadge(contact.unreadCount);
        const current = contact.id === selected;
        const last = contact.lastMessage
          ? lastMessageText(t, contact.lastMessage, gifts, contact.name)
          : t('contacts.newMatch');
        return (
          <li key={contact.id}>
            <Link
              to={localized(`/chat?userId=${encodeURIComponent(contact.id)}`)}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'flex min-h-16 items-center gap-3 rounded-2xl p-2 transition-colors hover:bg-sand-100',
                current && 'bg-teal-50 hover:bg-teal-50',
              )}
            >
              <ContactAvatar contact={contact} className="size-12" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex min-w-0 items-baseline gap-2">
                  <span
                    className={cn(
                      'min-w-0 flex-1 truncate text-ink',
                      badge ? 'font-bold' : 'font-semibold',
                    )}
                  >
                    {contact.name}
                  </span>
                  {contact.verified ? <VerifiedBadge className="self-center" /> : null}
                  {contact.online ? (
                    <span className="sr-only">, {t('common:memberCard.online')}, </span>
                  ) : null}
                  {contact.lastMessageTime ? (
                    <time
                      dateTime={contact.lastMessageTime}
                      data-testid="last-message-time"
                      className={cn(
                        'shrink-0 text-xs',
                        badge ? 'font-semibold text-rose-700' : 'text-ink-muted',
                      )}
                    >
                      {conversationTime(contact.lastMessageTime, i18n.language)}
                    </time>
                  ) : null}
                </span>
                <span className="flex min-w-0 items-center gap-2">
                  <span
                    className={cn(
                      'min-w-0 flex-1 truncate text-sm',
                      badge ? 'font-medium text-ink' : 'text-ink-muted',
                    )}
                  >
                    <span className="sr-only">, </span>
                    <span data-testid="last-message">{last}</span>
                  </span>
                  {badge ? (
                    <>
                      <span
                        aria-hidden="true"
                        data-testid="unread-badge"
                        className="flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full bg-rose-600 px-1.5 text-xs font-bold text-white"
                      >
                        {badge}
                      </span>
                      <span className="sr-only">
                        , {t('contacts.unread', { count: contact.unreadCount })}
                      </span>
                    </>
                  ) : null}
                </span>
                {photoBlurred(contact) ? (
                  <>
                    {' '}
                    <BlurredNote />
                  </>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
