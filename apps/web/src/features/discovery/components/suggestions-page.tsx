import type { Preferences, UserSummary } from '@mawadda/contract';
import { Plane, RotateCcw, SlidersHorizontal, Sparkles, UserRoundPen } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import '../discovery.css';
import { Button, buttonClass } from '@/components/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { LoadingStatus } from '@/components/loading-status.tsx';
import type { MemberLikes } from '@/components/members/member-likes.ts';
import type { MemberSafety } from '@/components/members/member-safety-menu.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useDialogOnDemand } from '@/hooks/use-dialog-on-demand.ts';
import { useFirstScreenHold, useLoadAfterFirstScreen } from '@/lib/first-screen.ts';
import { useDataSaver } from '@/lib/use-data-saver.ts';
import { usePreferences, useSuggestions } from '../api/queries.ts';
import { cardsAtFirst, useCardsDrawn } from '../hooks/use-cards-drawn.ts';
import { useDiscoveryTranslation } from '../i18n.ts';
import { activeFilterCount, dealbreakerCount } from '../utils/filters.ts';
import { ProfileCard } from './profile-card.tsx';

/**
 * The profile dialog is not part of the first screen (ADR 054): it loads once the browser is
 * idle after the cards are drawn (not in data saver), or with its first opening.
 */
const loadProfileModal = () => import('./profile-modal.tsx');
const ProfileModal = lazy(() =>
  loadProfileModal().then((module) => ({ default: module.ProfileModal })),
);

/** The filters load with their first opening: most visits never open them (ADR 047). */
const FiltersDialog = lazy(() =>
  import('./filters-dialog.tsx').then((module) => ({ default: module.FiltersDialog })),
);

/** Travel mode (ADR 077) loads with its first opening, like the filters. */
const TravelPanel = lazy(() =>
  import('./travel-panel.tsx').then((module) => ({ default: module.TravelPanel })),
);

/** Opens the gift popup for a member; given by the app (the gifts are another feature). */
export type OnGift = (member: { id: string; name: string }) => void;

/**
 * /suggestions (docs/spec.md §2 and §4). Without `onGift`, a card's gift button goes to /gifts;
 * `safety` gives the profile dialog its menu (report, block); `likes`, the cards' and the dialog's
 * like (the likes feature's, given by the route).
 */
export function SuggestionsPage({
  onGift,
  safety,
  likes,
}: {
  onGift?: OnGift;
  safety?: MemberSafety;
  likes: MemberLikes;
}) {
  return (
    <likes.Scope>
      <Suggestions onGift={onGift} safety={safety} likes={likes} />
    </likes.Scope>
  );
}

const gridClass =
  'grid grid-cols-1 gap-3 min-[22rem]:grid-cols-2 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-5';

function Suggestions({
  onGift,
  safety,
  likes,
}: {
  onGift: OnGift | undefined;
  safety: MemberSafety | undefined;
  likes: MemberLikes;
}) {
  const { t } = useDiscoveryTranslation();
  useDocumentTitle(t('page.title'));
  // Travel mode (ADR 077) opens on demand: its panel and its request are not the first screen's.
  const [travelling, setTravelling] = useState(false);
  const [browsing, setBrowsing] = useState<string | undefined>(undefined);
  const suggestions = useSuggestions(browsing);
  const preferences = usePreferences();
  const vibrating = likes.useShaking();
  const [selected, setSelected] = useState<UserSummary | null>(null);
  const modal = useDialogOnDemand();
  const filters = useDialogOnDemand();
  const saving = useDataSaver();
  const { members } = suggestions;
  const cards = useCardsDrawn(suggestions, saving);
  // Opening the app on the suggestions, the member waits for the first card's photo: the rest of
  // the app waits for it in turn (ADR 055), or for the answer when it brings no photo.
  const [firstPhotoShown, setFirstPhotoShown] = useState(false);
  const onFirstPhoto = useCallback(() => setFirstPhotoShown(true), []);
  useFirstScreenHold(firstPhotoShown || (!suggestions.isPending && !members[0]?.mediaUrls[0]));
  useLoadAfterFirstScreen(loadProfileModal, members.length > 0 && !saving);

  // A member blocked from their profile dialog leaves the suggestions: the dialog goes with them.
  const selectedGone = selected !== null && !members.some((m) => m.id === selected.id);
  useEffect(() => {
    if (selectedGone) modal.setOpen(false);
  }, [selectedGone, modal.setOpen]);

  const showModal = modal.show;
  const open = useCallback(
    (member: UserSummary) => {
      setSelected(member);
      showModal();
    },
    [showModal],
  );

  const filterCount = activeFilterCount(preferences.data);

  return (
    <main className="flex-1">
      <div className="mx-auto w-full max-w-6xl px-4 pb-12 pt-6 md:pt-10">
        <PageHeader
          icon={Sparkles}
          tone="rose"
          eyebrow={t('page.eyebrow')}
          title={t('page.title')}
          lead={t('page.lead')}
          action={
            <Button
              variant="secondary"
              size="snug"
              aria-haspopup="dialog"
              onClick={filters.show}
              icon={<SlidersHorizontal aria-hidden="true" className="size-5" />}
              className="shrink-0 shadow-sm"
            >
              {t('filters.open')}
              {filterCount > 0 ? (
                <>
                  <span
                    aria-hidden="true"
                    className="flex size-6 items-center justify-center rounded-full bg-teal-700 text-xs text-white"
                  >
                    {filterCount}
                  </span>
                  <span className="sr-only">, {t('filters.active', { count: filterCount })}</span>
                </>
              ) : null}
            </Button>
          }
        />

        <FilterSummary preferences={preferences.data} />
        {travelling ? (
          <Suspense fallback={<LoadingStatus text={t('travel.loading')} />}>
            <TravelPanel browsing={browsing} onBrowse={setBrowsing} />
          </Suspense>
        ) : (
          <Button
            variant="secondary"
            size="snug"
            className="mt-3"
            aria-expanded={false}
            onClick={() => setTravelling(true)}
            icon={<Plane aria-hidden="true" className="size-4" />}
          >
            {t('travel.title')}
          </Button>
        )}

        <div className="mt-6">
          {suggestions.isPending ? (
            <LoadingGrid label={t('page.loading')} />
          ) : suggestions.isError && members.length === 0 ? (
            <RetryNote text={t('page.error')} onRetry={() => void suggestions.refetch()} />
          ) : members.length === 0 ? (
            <NoSuggestions filtered={filterCount > 0} onWiden={filters.show} />
          ) : (
            <ul aria-label={t('page.list')} className={gridClass}>
              {cards.shown.map((member, index) => (
                <li key={member.id}>
                  {index < cards.drawn ? (
                    <ProfileCard
                      member={member}
                      priority={index === 0}
                      onPhotoShown={index === 0 ? onFirstPhoto : undefined}
                      onOpen={open}
                      onGift={onGift}
                      likes={likes}
                      vibrating={vibrating.has(member.id)}
                    />
                  ) : (
                    <CardSkeleton />
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>

        {members.length > 0 ? (
          <div className="mt-8 flex min-h-16 flex-col items-center justify-center gap-3 text-center">
            <div ref={cards.endRef} aria-hidden="true" className="h-px w-full" />
            {suggestions.isFetchingNextPage ? (
              <LoadingStatus text={t('page.loadingMore')} />
            ) : suggestions.isFetchNextPageError ? (
              <RetryNote
                text={t('page.moreError')}
                onRetry={() => void suggestions.fetchNextPage()}
              />
            ) : !suggestions.hasNextPage && !cards.moreToDraw ? (
              <p className="max-w-md text-sm text-ink-muted">{t('page.end')}</p>
            ) : !cards.observed ? (
              <Button variant="secondary" onClick={() => void suggestions.fetchNextPage()}>
                {t('page.loadMore')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      <likes.Failure variant="toast" />
      {modal.mounted ? (
        <Suspense fallback={<LoadingNote text={t('modal.loading')} />}>
          <ProfileModal
            member={selected}
            open={modal.open}
            onOpenChange={modal.setOpen}
            safety={safety}
            likes={likes}
          />
        </Suspense>
      ) : null}
      {filters.mounted ? (
        <Suspense fallback={<LoadingNote text={t('filters.loading')} />}>
          <FiltersDialog
            open={filters.open}
            onOpenChange={filters.setOpen}
            preferences={preferences.data}
          />
        </Suspense>
      ) : null}
    </main>
  );
}

/** Said while a dialog's chunk loads (its first opening on a slow network). */
function LoadingNote({ text }: { text: string }) {
  return (
    <LoadingStatus
      text={text}
      className="fixed inset-x-0 bottom-6 z-50 mx-auto w-fit rounded-full bg-white px-4 py-2 shadow-lg"
    />
  );
}

function FilterSummary({ preferences }: { preferences: Preferences | undefined }) {
  const { t } = useDiscoveryTranslation();
  if (!preferences) return null;
  const chips: string[] = [];
  const { minAge, maxAge, maxDistanceKm } = preferences;
  if (minAge !== null && maxAge !== null) {
    chips.push(t('filters.summaryAgeRange', { min: minAge, max: maxAge }));
  } else if (minAge !== null) chips.push(t('filters.summaryAgeMin', { min: minAge }));
  else if (maxAge !== null) chips.push(t('filters.summaryAgeMax', { max: maxAge }));
  if (maxDistanceKm !== null) chips.push(t('filters.summaryDistance', { count: maxDistanceKm }));
  const dealbreakers = dealbreakerCount(preferences.dealbreakers);
  if (dealbreakers > 0) chips.push(t('filters.summaryDealbreakers', { count: dealbreakers }));
  if (chips.length === 0) return null;
  return (
    <ul aria-label={t('filters.summaryLabel')} className="mt-4 flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li
          key={chip}
          className="rounded-full border border-teal-700/15 bg-teal-50 px-3 py-1 text-sm font-medium text-teal-900"
        >
          {chip}
        </li>
      ))}
    </ul>
  );
}

/** As many as the most cards drawn at first. */
const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

function LoadingGrid({ label }: { label: string }) {
  const [count] = useState(cardsAtFirst);
  return (
    <>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul aria-hidden="true" className={gridClass}>
        {SKELETON_KEYS.slice(0, count).map((key) => (
          <li key={key}>
            <CardSkeleton />
          </li>
        ))}
      </ul>
    </>
  );
}

/** A card's place while it is on its way. */
function CardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="overflow-hidden rounded-card bg-white shadow-card ring-1 ring-sand-200/80"
    >
      <div className="aspect-[4/5] animate-pulse bg-sand-100" />
      <div className="space-y-2 p-4">
        <div className="h-5 w-2/3 animate-pulse rounded bg-sand-200" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-sand-100" />
        <div className="flex gap-2 pt-2">
          <div className="size-11 animate-pulse rounded-full bg-sand-100" />
          <div className="size-11 animate-pulse rounded-full bg-sand-100" />
          <div className="size-11 animate-pulse rounded-full bg-sand-100" />
        </div>
      </div>
    </div>
  );
}

/** Failures are only logged (docs/spec.md §8); the member still gets a small way to retry. */
function RetryNote({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useDiscoveryTranslation();
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm text-ink-muted">
      <span>{text}</span>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 font-semibold text-teal-800 underline-offset-4 hover:bg-teal-50 hover:underline"
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('common:actions.retry')}
      </button>
    </div>
  );
}

function NoSuggestions({ filtered, onWiden }: { filtered: boolean; onWiden: () => void }) {
  const { t } = useDiscoveryTranslation();
  const localized = useLocalizedPath();
  return (
    <EmptyState
      region
      icon={Sparkles}
      title={t(filtered ? 'empty.filteredTitle' : 'empty.title')}
      hint={t(filtered ? 'empty.filteredBody' : 'empty.body')}
    >
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        onClick={onWiden}
        icon={<SlidersHorizontal aria-hidden="true" className="size-5" />}
      >
        {t('empty.widenFilters')}
      </Button>
      <Link to={localized('/mon-profil')} className={buttonClass()}>
        <UserRoundPen aria-hidden="true" className="size-5" />
        {t('common:actions.completeProfile')}
      </Link>
    </EmptyState>
  );
}
