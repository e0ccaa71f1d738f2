import type { LikeEntry } from '@mawadda/contract';
import { titleCase } from '@mawadda/contract/text';
import { Heart, HeartHandshake } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { Button, buttonClass } from '@/components/button.tsx';
import { EmptyStateIcon } from '@/components/empty-state.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { MemberEntry } from '@/components/members/member-entry.tsx';
import { type MemberSafety, MemberSafetyMenu } from '@/components/members/member-safety-menu.tsx';
import { OpenProblemAlert } from '@/components/members/open-problem-alert.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { useOpenMember } from '@/hooks/use-open-member.ts';
import { cn } from '@/lib/cn.ts';
import { useLikeBack, useLikes, useMarkLikesSeen } from '../hooks/use-likes.ts';
import { useLikesTranslation } from '../i18n.ts';
import { ReceivedCompliment } from './received-compliment.tsx';

const primaryLink = buttonClass({ className: 'flex-1' });

/**
 * The body of the liked-you dialog (docs/spec.md §2 and §4): who liked me, newest first, "new" on
 * the likes since I last looked. Mounted when the dialog opens: the list is asked for, then the
 * likes are marked seen (`onSeen` lets the app refresh the badges). Each entry says whether it
 * was a like or a Lovely, and shows the compliment a like came with (ADR 071), which "Like back"
 * answers. Opening an entry checks that the member still exists, closes the
 * dialog, goes to their page and removes the entry for good. With `safety`, each entry has a
 * menu to report or block the member.
 */
export function LikedYouList({
  onClose,
  onSeen,
  safety,
}: {
  onClose: () => void;
  onSeen?: () => void;
  safety?: MemberSafety | undefined;
}) {
  const { t } = useLikesTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { query, entries, remove, open: openEntry } = useLikes();
  useCloseOnLeaving(onClose);
  useMarkLikesSeen(query, onSeen);
  const likeBack = useLikeBack();
  const entryButtons = useRef(new Map<string, HTMLButtonElement>());
  // A match removes the like-back button: the focus it held moves to the entry, which now says
  // "Match", instead of falling to the page.
  const sendLikeBack = (entry: LikeEntry, button: HTMLButtonElement) => {
    if (likeBack.isPending && likeBack.variables?.id === entry.id) return;
    likeBack.mutate(entry, {
      onSuccess: () => {
        const focusWasHere =
          document.activeElement === button ||
          (!button.isConnected && document.activeElement === document.body);
        if (focusWasHere) entryButtons.current.get(entry.id)?.focus();
      },
    });
  };
  const { open, opening, problem, dismissProblem } = useOpenMember({
    onOpen: (id) => {
      openEntry(id);
      onClose();
      void navigate(localized(`/user-details/${encodeURIComponent(id)}`));
    },
    onGone: remove,
  });

  // The list and its empty state share the frame: what opening an entry or a like back said
  // stays above either.
  const loaded = (content: ReactNode) => (
    <div className="flex flex-col">
      <p role="status" className="sr-only">
        {opening ? t('common:openProfile.opening') : ''}
      </p>
      {problem ? (
        <OpenProblemAlert
          problem={problem}
          onDismiss={dismissProblem}
          texts={{
            gone: t('common:openProfile.gone'),
            failed: t('common:openProfile.openFailed'),
            dismiss: t('common:openProfile.dismiss'),
          }}
          compact
          className="mx-3 mt-3"
        />
      ) : null}
      {likeBack.isError ? (
        <div className="mx-3 mt-3">
          <Alert tone="error">{t('likeBackFailed')}</Alert>
        </div>
      ) : null}
      {content}
    </div>
  );

  return (
    <QueryState
      query={query}
      items={entries}
      pending={<Loading />}
      error={{ message: t('error'), retry: t('common:actions.retry'), className: 'px-6 py-8' }}
      empty={loaded(<EmptyLikes onClose={onClose} />)}
    >
      {(items) =>
        loaded(
          <ul aria-label={t('listLabel')} className="flex flex-col gap-0.5 p-2 sm:p-3">
            {items.map((entry) => (
              // The like-back button wraps under the entry when both do not fit (a 320 px phone,
              // French), rather than squeezing the name out.
              <li key={entry.id} className="flex flex-wrap items-center justify-end gap-x-1">
                <MemberEntry
                  ref={(button) => {
                    if (button) entryButtons.current.set(entry.id, button);
                    else entryButtons.current.delete(entry.id);
                  }}
                  member={entry}
                  time={entry.createdAt}
                  describeTime={(time) =>
                    t(
                      entry.compliment
                        ? 'complimented'
                        : entry.kind === 'lovely'
                          ? 'lovelySent'
                          : 'liked',
                      { time },
                    )
                  }
                  justNow={t('common:time.justNow')}
                  blurredPhoto={{
                    note: t('common:memberCard.blurredNote'),
                    description: t('common:memberCard.blurredPhoto'),
                  }}
                  badge={
                    [entry.matched ? t('match') : null, entry.isNew ? t('new') : null]
                      .filter(Boolean)
                      .join(', ') || undefined
                  }
                  busy={opening === entry.id}
                  disabled={opening !== null}
                  onOpen={() => void open(entry.id)}
                  className={cn(
                    'min-h-16 min-w-52 flex-1 gap-3 rounded-2xl px-2 py-2 transition-colors hover:bg-sand-100',
                    entry.isNew && 'bg-rose-50/70',
                  )}
                  photoClassName={`size-12 ring-2 ${entry.isNew ? 'ring-rose-600/70' : 'ring-white'}`}
                />
                {entry.matched ? null : (
                  <button
                    type="button"
                    onClick={(event) => sendLikeBack(entry, event.currentTarget)}
                    // Not `disabled`: the browser would drop the focus to the page while it waits.
                    aria-disabled={likeBack.isPending && likeBack.variables?.id === entry.id}
                    aria-label={t('likeBackLabel', { name: titleCase(entry.name) })}
                    className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full bg-rose-600 px-3 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-rose-700 aria-disabled:cursor-wait aria-disabled:opacity-60"
                  >
                    <Heart aria-hidden="true" className="size-4" />
                    {t('likeBack')}
                  </button>
                )}
                {safety ? (
                  <MemberSafetyMenu
                    safety={safety}
                    member={{ id: entry.id, name: titleCase(entry.name) }}
                  />
                ) : null}
                {entry.compliment ? (
                  <ReceivedCompliment compliment={entry.compliment} name={titleCase(entry.name)} />
                ) : null}
              </li>
            ))}
          </ul>,
        )
      }
    </QueryState>
  );
}

function Loading() {
  const { t } = useLikesTranslation();
  return (
    <div className="px-4 py-3">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <ul aria-hidden="true" className="flex flex-col gap-1">
        {[0, 1, 2].map((row) => (
          <li key={row} className="flex items-center gap-3 rounded-2xl px-2 py-2">
            <span className="size-12 shrink-0 animate-pulse rounded-full bg-sand-100" />
            <span className="flex flex-1 flex-col gap-2">
              <span className="h-4 w-2/5 animate-pulse rounded bg-sand-200" />
              <span className="h-3 w-1/4 animate-pulse rounded bg-sand-100" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The list closes when the member goes to another page from above it ("Send a message" of a
 * match made here, a link of the navigation bar's menu): it belongs to the page it opened on.
 */
function useCloseOnLeaving(onClose: () => void) {
  const { pathname, search } = useLocation();
  const address = `${pathname}${search}`;
  const opened = useRef(address);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (address !== opened.current) close.current();
  }, [address]);
}

function EmptyLikes({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <div className="flex flex-col px-6 pb-6 pt-8">
      <div className="flex flex-col items-center text-center">
        <EmptyStateIcon icon={HeartHandshake} tone="rose" />
        <p className="mt-4 text-lg font-medium text-ink">{t('likedYou.empty')}</p>
        <p className="mt-2 max-w-[34ch] text-sm leading-relaxed text-ink-muted">
          {t('likedYou.hint')}
        </p>
      </div>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <Link to={localized('/mon-profil')} onClick={onClose} className={primaryLink}>
          {t('actions.completeProfile')}
        </Link>
        <Button variant="secondary" onClick={onClose} className="flex-1">
          {t('actions.close')}
        </Button>
      </div>
    </div>
  );
}
