import type { ReceivedRequest } from '@mawadda/contract';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { MemberAvatar } from '@/components/layouts/member-avatar.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { ListLoadError } from '@/components/members/list-load-error.tsx';
import { VerifiedBadge } from '@/components/members/verified-badge.tsx';
import { cn } from '@/lib/cn.ts';
import { useGiftLookup } from '../hooks/gift-lookup.ts';
import { useChatTranslation } from '../i18n.ts';
import { lastMessageOf, lastMessageText } from '../utils/last-message.ts';

/**
 * The Requests list (ADR 068): first messages from members the member has not matched with,
 * newest first, each the sender's avatar, name and a line of the message. Each entry opens the
 * request (`/chat?request=…`), where she accepts, declines or reports it.
 */
export function RequestList({
  requests,
  selected,
  loading,
  failed,
  onRetry,
}: {
  requests: ReceivedRequest[];
  selected: string | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useChatTranslation();
  const localized = useLocalizedPath();
  const gifts = useGiftLookup();
  if (loading) {
    return (
      <p role="status" className="px-4 py-8 text-center text-ink-muted">
        {t('requests.loading')}
      </p>
    );
  }
  if (failed && requests.length === 0) {
    return (
      <ListLoadError
        message={t('requests.error')}
        retry={t('common:actions.retry')}
        onRetry={onRetry}
        className="px-4 py-8"
      />
    );
  }
  if (requests.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          <Inbox aria-hidden="true" className="size-7" />
        </span>
        <p className="font-semibold text-teal-900">{t('requests.empty')}</p>
        <p className="text-sm leading-relaxed text-ink-muted">{t('requests.emptyHint')}</p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-1 p-2">
      {requests.map(({ sender, message }) => {
        const current = sender.id === selected;
        return (
          <li key={sender.id}>
            <Link
              to={localized(`/chat?request=${encodeURIComponent(sender.id)}`)}
              aria-current={current ? 'page' : undefined}
              aria-label={t('requests.open', { name: sender.name })}
              className={cn(
                'flex min-h-16 items-center gap-3 rounded-2xl p-2 transition-colors hover:bg-sand-100',
                current && 'bg-teal-50 hover:bg-teal-50',
              )}
            >
              <MemberAvatar
                name={sender.name}
                photoUrl={sender.mediaUrls[0]}
                className="size-12 shrink-0"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex min-w-0 items-center gap-1 font-bold text-ink">
                  <span className="truncate">{sender.name}</span>
                  {sender.verified ? <VerifiedBadge /> : null}
                </span>
                <span className="truncate text-sm text-ink-muted">
                  {lastMessageText(t, lastMessageOf(message, ''), gifts, sender.name)}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
