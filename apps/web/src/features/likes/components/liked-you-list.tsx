import type { LikeEntry } from '@mawadda/contract';
import { ChevronRight, HeartHandshake, RotateCcw, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalizedPath } from '../../../components/layouts/paths.ts';
import { MediaImage } from '../../../components/media-image.tsx';
import { type OpenProblem, useOpenMember } from '../../../hooks/use-open-member.ts';
import { capitalize, fullDate, timeAgo, titleCase } from '../../../lib/format.ts';
import { useLikes, useMarkLikesSeen } from '../hooks/use-likes.ts';
import { useLikesTranslation } from '../i18n.ts';

const primaryLink =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-full bg-teal-700 px-5 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-teal-800';
const secondaryButton =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-full border border-teal-700/30 bg-white px-5 py-2.5 font-semibold text-teal-800 transition-colors hover:bg-teal-50';

/**
 * The body of the liked-you dialog (spec sections 2 and 4): who liked me, newest first, "new" on
 * the likes since I last looked. Mounted when the dialog opens: the list is asked for, then the
 * likes are marked seen (`onSeen` lets the app refresh the badges). Opening an entry checks that
 * the member still exists, closes the dialog, goes to their page and drops the entry.
 */
export function LikedYouList({ onClose, onSeen }: { onClose: () => void; onSeen?: () => void }) {
  const { t } = useLikesTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { query, entries, remove } = useLikes();
  useMarkLikesSeen(query, onSeen);
  const { open, opening, problem, dismissProblem } = useOpenMember({
    onOpen: (id) => {
      remove(id);
      onClose();
      void navigate(localized(`/user-details/${encodeURIComponent(id)}`));
    },
    onGone: remove,
  });

  if (query.isPending) {
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

  if (query.isError && !query.data) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-8 text-center">
        <p role="alert" className="font-medium text-ink">
          {t('error')}
        </p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 font-semibold text-teal-800 transition-colors hover:bg-teal-50"
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('retry')}
        </button>
      </div>
    );
  }

  return (
    <div className="flex flex-col">
      <p role="status" className="sr-only">
        {opening ? t('opening') : ''}
      </p>
      {problem ? <ProblemAlert problem={problem} onDismiss={dismissProblem} /> : null}
      {entries.length === 0 ? (
        <EmptyLikes onClose={onClose} />
      ) : (
        <ul aria-label={t('listLabel')} className="flex flex-col gap-0.5 p-2 sm:p-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <LikeRow
                entry={entry}
                busy={opening === entry.id}
                disabled={opening !== null}
                onOpen={() => void open(entry.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LikeRow({
  entry,
  busy,
  disabled,
  onOpen,
}: {
  entry: LikeEntry;
  busy: boolean;
  disabled: boolean;
  onOpen: () => void;
}) {
  const { t, i18n } = useLikesTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const name = titleCase(entry.name);
  const person = entry.age !== null ? `${name}, ${entry.age}` : name;
  const when = timeAgo(entry.createdAt, Date.now(), language, t('justNow'));
  const liked = when ? capitalize(t('liked', { time: when }), language) : null;
  // One phrase, in the order it is seen, for screen readers: "Maryam, 27, New, Liked you 2 hours
  // ago" (the visible text stays part of the name, as WCAG 2.5.3 asks).
  const label = [person, entry.isNew ? t('new') : null, liked].filter(Boolean).join(', ');
  return (
    <button
      type="button"
      onClick={onOpen}
      disabled={disabled && !busy}
      aria-label={label}
      aria-busy={busy || undefined}
      className={`group flex min-h-16 w-full items-center gap-3 rounded-2xl px-2 py-2 text-left transition-colors hover:bg-sand-100 disabled:cursor-wait ${entry.isNew ? 'bg-rose-50/70' : ''}`}
    >
      <MediaImage
        src={entry.mediaUrls[0]}
        alt=""
        className={`size-12 shrink-0 rounded-full bg-sand-200 object-cover ring-2 ${entry.isNew ? 'ring-rose-600/70' : 'ring-white'}`}
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-display text-lg font-semibold leading-tight text-teal-900">
            {person}
          </span>{' '}
          {entry.isNew ? (
            <span className="shrink-0 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">
              {t('new')}
            </span>
          ) : null}
        </span>{' '}
        {liked ? (
          <time
            dateTime={entry.createdAt}
            title={fullDate(entry.createdAt, language)}
            className="text-sm text-ink-muted"
          >
            {liked}
          </time>
        ) : null}
      </span>
      {busy ? (
        <span
          aria-hidden="true"
          className="size-5 shrink-0 animate-spin rounded-full border-2 border-teal-700 border-t-transparent"
        />
      ) : (
        <ChevronRight
          aria-hidden="true"
          className="size-5 shrink-0 text-ink-muted transition-transform group-hover:translate-x-0.5"
        />
      )}
    </button>
  );
}

function ProblemAlert({ problem, onDismiss }: { problem: OpenProblem; onDismiss: () => void }) {
  const { t } = useLikesTranslation();
  const { t: tCommon } = useTranslation();
  const alert = useRef<HTMLDivElement>(null);
  // The entry just pressed may be gone: keep the keyboard in the dialog, on the message.
  useEffect(() => {
    alert.current?.focus();
  }, []);
  const message =
    problem === 'gone'
      ? t('gone')
      : problem === 'network'
        ? tCommon('errors.network')
        : t('openFailed');
  return (
    <div
      ref={alert}
      tabIndex={-1}
      role="alert"
      className="mx-3 mt-3 flex items-start gap-2 rounded-xl border border-danger/30 bg-red-50 py-1 pl-4 pr-1 text-sm font-medium text-danger outline-none focus-visible:outline-3 focus-visible:outline-teal-600"
    >
      <p className="flex-1 py-2">{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('dismiss')}
        className="flex size-11 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-red-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

function EmptyLikes({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <div className="flex flex-col px-6 pb-6 pt-8">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-rose-50 text-rose-600">
          <HeartHandshake aria-hidden="true" className="size-8" />
        </span>
        <p className="mt-4 text-lg font-medium text-ink">{t('likedYou.empty')}</p>
        <p className="mt-2 max-w-[34ch] text-sm leading-relaxed text-ink-muted">
          {t('likedYou.hint')}
        </p>
      </div>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <Link to={localized('/mon-profil')} onClick={onClose} className={primaryLink}>
          {t('likedYou.completeProfile')}
        </Link>
        <button type="button" onClick={onClose} className={secondaryButton}>
          {t('likedYou.close')}
        </button>
      </div>
    </div>
  );
}
