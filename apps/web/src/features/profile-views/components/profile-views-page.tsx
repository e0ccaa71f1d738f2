import { titleCase } from '@mawadda/contract/text';
import { Eye, Sparkles, UserRoundPen } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { ListLoadError } from '@/components/members/list-load-error.tsx';
import { MemberEntry } from '@/components/members/member-entry.tsx';
import { type MemberSafety, MemberSafetyMenu } from '@/components/members/member-safety-menu.tsx';
import { OpenProblemAlert } from '@/components/members/open-problem-alert.tsx';
import { useOpenMember } from '@/hooks/use-open-member.ts';
import { cn } from '@/lib/cn.ts';
import { useMarkViewsSeen, useProfileViews } from '../hooks/use-profile-views.ts';
import { useProfileViewsTranslation } from '../i18n.ts';

/**
 * /profile-views (spec sections 2 and 4): who viewed my profile, newest first, or "No views
 * yet.". Opening the page marks the views seen (`onSeen` lets the app clear the badge). Opening
 * an entry checks that the member still exists, goes to their page and drops the entry; a member
 * who is gone gives the spec's alert. With `safety`, each entry has a menu to report or block the
 * member.
 */
export function ProfileViewsPage({
  onSeen,
  safety,
}: {
  onSeen?: () => void;
  safety?: MemberSafety | undefined;
}) {
  const { t } = useProfileViewsTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  useDocumentTitle(t('title'));
  const { query, entries, remove } = useProfileViews();
  useMarkViewsSeen(query, onSeen);
  const { open, opening, problem, dismissProblem } = useOpenMember({
    onOpen: (id) => {
      remove(id);
      void navigate(localized(`/user-details/${encodeURIComponent(id)}`));
    },
    onGone: remove,
  });

  return (
    <main className="flex-1">
      <div className="mx-auto w-full max-w-3xl px-4 pb-12 pt-6 md:pt-10">
        <header>
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.12em] text-teal-700">
            <Eye aria-hidden="true" className="size-4" />
            {t('eyebrow')}
          </p>
          <h1 className="mt-2 font-display text-3xl font-semibold leading-tight text-teal-900 md:text-4xl">
            {t('title')}
          </h1>
          <p className="mt-2 max-w-[60ch] leading-relaxed text-ink-muted">{t('lead')}</p>
        </header>

        <p role="status" className="sr-only">
          {opening ? t('opening') : ''}
        </p>
        {problem ? (
          <OpenProblemAlert
            problem={problem}
            onDismiss={dismissProblem}
            texts={{ gone: t('gone'), failed: t('openFailed'), dismiss: t('dismiss') }}
            className="mt-6"
          />
        ) : null}

        <div className="mt-6">
          {query.isPending ? (
            <Loading />
          ) : query.isError && !query.data ? (
            <ListLoadError
              message={t('error')}
              retry={t('retry')}
              onRetry={() => void query.refetch()}
              className="rounded-card border border-sand-200 bg-white px-6 py-10 shadow-card"
            />
          ) : entries.length === 0 ? (
            <EmptyViews />
          ) : (
            <>
              <h2 className="sr-only">{t('listLabel')}</h2>
              {/* grid-cols-1 is minmax(0, 1fr): a long name truncates instead of widening the
                  page on a 320 px phone. */}
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {entries.map((entry) => (
                  <li key={entry.id} className="relative">
                    <MemberEntry
                      member={entry}
                      time={entry.viewedAt}
                      describeTime={(time) => t('viewed', { time })}
                      justNow={t('justNow')}
                      blurredPhoto={{
                        note: t('blurredNote'),
                        description: t('blurredDescription'),
                      }}
                      timeIcon={Eye}
                      labelAsSentence
                      busy={opening === entry.id}
                      disabled={opening !== null}
                      onOpen={() => void open(entry.id)}
                      className={cn(
                        'min-h-20 gap-4 rounded-card border border-sand-200 bg-white p-3 shadow-card transition-[border-color,box-shadow] hover:border-teal-600/40 hover:shadow-[0_2px_4px_rgb(31_41_51/0.06),0_12px_28px_rgb(31_41_51/0.12)]',
                        safety && 'pr-14',
                      )}
                      photoClassName="size-14"
                      timeClassName="mt-0.5"
                    />
                    {safety ? (
                      // Beside the entry's button, not in it: a button holds no other button.
                      <MemberSafetyMenu
                        safety={safety}
                        member={{ id: entry.id, name: titleCase(entry.name) }}
                        className="absolute right-2 top-1/2 -translate-y-1/2"
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
    </main>
  );
}

function Loading() {
  const { t } = useProfileViewsTranslation();
  return (
    <>
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <ul aria-hidden="true" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {[0, 1, 2, 3].map((row) => (
          <li
            key={row}
            className="flex items-center gap-4 rounded-card border border-sand-200 bg-white p-3 shadow-card"
          >
            <span className="size-14 shrink-0 animate-pulse rounded-full bg-sand-100" />
            <span className="flex flex-1 flex-col gap-2">
              <span className="h-4 w-1/2 animate-pulse rounded bg-sand-200" />
              <span className="h-3 w-1/3 animate-pulse rounded bg-sand-100" />
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function EmptyViews() {
  const { t } = useProfileViewsTranslation();
  const localized = useLocalizedPath();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center rounded-card border border-sand-200 bg-white px-6 py-10 text-center shadow-card">
      <span className="flex size-16 items-center justify-center rounded-full bg-teal-50 text-teal-700">
        <Eye aria-hidden="true" className="size-8" />
      </span>
      <h2 className="mt-4 font-display text-2xl font-semibold text-teal-900">{t('empty')}</h2>
      <p className="mt-2 max-w-[40ch] leading-relaxed text-ink-muted">{t('emptyHint')}</p>
      <div className="mt-6 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Link
          to={localized('/mon-profil')}
          className="inline-flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-full bg-teal-700 px-5 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-teal-800"
        >
          <UserRoundPen aria-hidden="true" className="size-4" />
          {t('completeProfile')}
        </Link>
        <Link
          to={localized('/suggestions')}
          className="inline-flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-full border border-teal-700/30 bg-white px-5 py-2.5 font-semibold text-teal-800 transition-colors hover:bg-teal-50"
        >
          <Sparkles aria-hidden="true" className="size-4" />
          {t('suggestions')}
        </Link>
      </div>
    </div>
  );
}
