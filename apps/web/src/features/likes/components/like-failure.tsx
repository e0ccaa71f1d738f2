import { TriangleAlert, X } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { useLikeFeedback } from '../hooks/like-feedback.tsx';
import { useLikesTranslation } from '../i18n.ts';

/**
 * A failed like's reason (role=alert, always in the page, so a screen reader announces what
 * appears). `toast` floats above the phone's tab bar; `inline` sits in a dialog or a column. A
 * match is not told here: it has its own dialog over the whole app (lib/match-moment.ts).
 */
export function LikeFailure({ variant }: { variant: 'toast' | 'inline' }) {
  const { t } = useLikesTranslation();
  const { failure, dismissFailure } = useLikeFeedback();
  const wrapper =
    variant === 'toast'
      ? 'pointer-events-none fixed inset-x-3 bottom-[calc(5.25rem+env(safe-area-inset-bottom))] z-40 flex flex-col items-center gap-2 md:inset-x-auto md:bottom-6 md:right-6 md:items-end'
      : '';
  return (
    <div className={wrapper}>
      <div role="alert" className="w-full md:w-auto">
        {failure ? (
          <div
            className={cn(
              'pointer-events-auto flex w-full animate-rise items-start gap-3 rounded-2xl border border-danger/25 bg-white p-3 pl-4 shadow-card',
              variant === 'toast' ? 'max-w-md md:w-[24rem]' : 'mb-3',
            )}
          >
            <TriangleAlert aria-hidden="true" className="mt-2.5 size-5 shrink-0 text-danger" />
            <p className="flex-1 py-2 text-sm font-medium text-danger">
              {t(`${failure.kind}.${failure.key}`)}
            </p>
            <button
              type="button"
              aria-label={t('like.dismiss')}
              onClick={dismissFailure}
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sand-100 hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
