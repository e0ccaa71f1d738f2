import { titleCase } from '@mawadda/contract/text';
import { Eye, Sparkles, UserRoundPen } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '@/components/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { MemberEntry } from '@/components/members/member-entry.tsx';
import { type MemberSafety, MemberSafetyMenu } from '@/components/members/member-safety-menu.tsx';
import { OpenProblemAlert } from '@/components/members/open-problem-alert.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { useOpenMember } from '@/hooks/use-open-member.ts';
import { cn } from '@/lib/cn.ts';
import { useMarkViewsSeen, useProfileViews } from '../hooks/use-profile-views.ts';
import { useProfileViewsTranslation } from '../i18n.ts';

/**
 * /profile-views (docs/spec.md §2 and §4): who viewed my profile, newest first, or "No views
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
        <PageHeader icon={Eye} eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />

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
            className="mt-6"
          />
        ) : null}

        <div className="mt-6">
          <QueryState
            query={query}
            items={entries}
            pending={<Loading />}
            error={{
              message: t('error'),
              retry: t('common:actions.retry'),
              className: 'rounded-card border border-sand-200 bg-white px-6 py-10 shadow-card',
            }}
            empty={<EmptyViews />}
          >
            {(items) => (
              <>
                <h2 className="sr-only">{t('listLabel')}</h2>
                {/* grid-cols-1 is minmax(0, 1fr): a long name truncates instead of widening the
                    page on a 320 px phone. */}
                <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                  {items.map((entry) => (
                    <li key={entry.id} className="relative">
                      <MemberEntry
                        member={entry}
                        time={entry.viewedAt}
                        describeTime={(time) => t('viewed', { time })}
                        justNow={t('common:time.justNow')}
                        blurredPhoto={{
                          note: t('common:memberCard.blurredNote'),
                          description: t('common:memberCard.blurredPhoto'),
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
          </QueryState>
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
    <EmptyState icon={Eye} title={t('empty')} hint={t('emptyHint')}>
      <Link
        to={localized('/mon-profil')}
        className={buttonClass({ className: 'whitespace-nowrap' })}
      >
        <UserRoundPen aria-hidden="true" className="size-4" />
        {t('common:actions.completeProfile')}
      </Link>
      <Link
        to={localized('/suggestions')}
        className={buttonClass({ variant: 'secondary', className: 'whitespace-nowrap' })}
      >
        <Sparkles aria-hidden="true" className="size-4" />
        {t('common:actions.seeSuggestions')}
      </Link>
    </EmptyState>
  );
}
