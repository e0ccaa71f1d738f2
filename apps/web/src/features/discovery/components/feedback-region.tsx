import { HeartHandshake, MessageCircle, TriangleAlert, X } from 'lucide-react';
import { Link } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { cn } from '@/lib/cn.ts';
import { useLikeFeedback } from '../hooks/like-feedback.tsx';
import { useDiscoveryTranslation } from '../i18n.ts';

const closeClass =
  'flex size-11 shrink-0 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sand-100 hover:text-ink';

/**
 * "It's a match!" with a link to the chat (role=status), and a failed like's reason
 * (role=alert). Both regions are always in the page, so a screen reader announces what appears.
 * `toast` floats above the phone's tab bar; `inline` sits in a dialog or a column.
 */
export function FeedbackRegion({ variant }: { variant: 'toast' | 'inline' }) {
  const { t } = useDiscoveryTranslation();
  const localized = useLocalizedPath();
  const { match, failure, dismissMatch, dismissFailure } = useLikeFeedback();
  const chatPath = match ? localized(`/chat?userId=${encodeURIComponent(match.id)}`) : '';
  const wrapper =
    variant === 'toast'
      ? 'pointer-events-none fixed inset-x-3 bottom-[calc(5.25rem+env(safe-area-inset-bottom))] z-40 flex flex-col items-center gap-2 md:inset-x-auto md:bottom-6 md:right-6 md:items-end'
      : '';
  const card = `pointer-events-auto w-full animate-rise rounded-2xl border bg-white shadow-card ${variant === 'toast' ? 'max-w-md md:w-[24rem]' : 'mb-3'}`;

  return (
    <div className={wrapper}>
      <div role="status" className="w-full md:w-auto">
        {match ? (
          <div className={cn(card, 'border-rose-100', variant === 'toast' ? 'p-4' : 'p-3')}>
            <div className="flex items-start gap-3">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-rose-50 text-rose-600">
                <HeartHandshake aria-hidden="true" className="size-6" />
              </span>
              <div className="min-w-0 flex-1 pt-0.5">
                <p className="font-display text-xl font-semibold text-rose-700">
                  {t('match.title')}
                </p>
                <p className="mt-0.5 text-sm text-ink">{t('match.body', { name: match.name })}</p>
                {variant === 'inline' ? (
                  <Link
                    to={chatPath}
                    className="mt-1 inline-flex min-h-11 items-center gap-1.5 font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-900"
                  >
                    <MessageCircle aria-hidden="true" className="size-4" />
                    {t('match.chatShort')}
                  </Link>
                ) : null}
              </div>
              <button
                type="button"
                aria-label={t('match.dismiss')}
                onClick={dismissMatch}
                className={cn(closeClass, '-mr-1.5 -mt-1.5')}
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            {variant === 'toast' ? (
              <Link
                to={chatPath}
                className="mt-3 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full bg-teal-700 px-5 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-teal-800"
              >
                <MessageCircle aria-hidden="true" className="size-5" />
                {t('match.chat', { name: match.name })}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      <div role="alert" className="w-full md:w-auto">
        {failure ? (
          <div className={cn(card, 'flex items-start gap-3 border-danger/25 p-3 pl-4')}>
            <TriangleAlert aria-hidden="true" className="mt-2.5 size-5 shrink-0 text-danger" />
            <p className="flex-1 py-2 text-sm font-medium text-danger">
              {t(`${failure.kind}.${failure.key}`)}
            </p>
            <button
              type="button"
              aria-label={t('like.dismiss')}
              onClick={dismissFailure}
              className={closeClass}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
