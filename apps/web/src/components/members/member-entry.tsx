import { titleCase } from '@mawadda/contract/text';
import { ChevronRight, EyeOff, type LucideIcon } from 'lucide-react';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn.ts';
import { capitalize, fullDate, timeAgo } from '@/lib/format.ts';
import { MediaImage } from '../media-image.tsx';
import { NameAndAge } from './name-and-age.tsx';
import { useVerifiedWord, VerifiedBadge } from './verified-badge.tsx';

/**
 * One member of a list (who liked me, who viewed me), as a button that opens them (spec section
 * 2): photo, name and age, how long ago, and a chevron that turns into a spinner while the member
 * is being opened. The texts come from the list's own namespace; the list also sets the look
 * (`className`, `photoClassName`, `timeClassName`): compact rows in a dialog, cards on a page.
 * A photo the server sent blurred (ADR 019) says so under the name, and the entry's description
 * says it to screen readers.
 */
export function MemberEntry({
  ref,
  member,
  time,
  describeTime,
  justNow,
  timeIcon: TimeIcon,
  badge,
  blurredPhoto,
  labelAsSentence = false,
  busy,
  disabled,
  onOpen,
  className,
  photoClassName,
  timeClassName = '',
}: {
  /** The entry's button, for a list that moves the focus to it. */
  ref?: Ref<HTMLButtonElement>;
  member: {
    name: string;
    age: number | null;
    mediaUrls: readonly string[];
    photosBlurred: boolean;
    /** The verified badge (ADR 044); absent in what an older cache kept. */
    verified?: boolean;
  };
  /** When it happened (ISO). */
  time: string;
  /** How long ago in its phrase: `(time) => t('liked', { time })` gives "liked you 2 hours ago". */
  describeTime: (time: string) => string;
  /** Said instead of "now" under a minute. */
  justNow: string;
  timeIcon?: LucideIcon;
  /** A short marker after the name, such as "New". */
  badge?: string | undefined;
  /**
   * Said of a blurred photo: `note` is shown, and so joins the accessible name ("Visible after a
   * match"); `description` describes the entry ("Photo blurred until you match").
   */
  blurredPhoto: { note: string; description: string };
  /**
   * The accessible name says the time in lower case, running on after the name ("Omar, 34, viewed
   * 2 hours ago"): a list without badges reads as one sentence. Otherwise each part is said as it
   * is shown, with its capital ("Maryam, 27, New, Liked you 2 hours ago").
   */
  labelAsSentence?: boolean;
  busy: boolean;
  /** Another member is being opened; this one waits. */
  disabled: boolean;
  onOpen: () => void;
  className: string;
  photoClassName: string;
  timeClassName?: string;
}) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const name = titleCase(member.name);
  const person = member.age !== null ? `${name}, ${member.age}` : name;
  const when = timeAgo(time, Date.now(), language, justNow);
  const phrase = when ? describeTime(when) : null;
  const shown = phrase ? capitalize(phrase, language) : null;
  const blurred = member.photosBlurred && member.mediaUrls.length > 0;
  const descriptionId = useId();
  const verifiedWord = useVerifiedWord();
  // One phrase, in the order it is seen, for screen readers (the visible text stays part of the
  // name, as WCAG 2.5.3 asks).
  const label = [
    person,
    member.verified && verifiedWord,
    badge,
    labelAsSentence ? phrase : shown,
    blurred && blurredPhoto.note,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <button
      ref={ref}
      type="button"
      onClick={onOpen}
      disabled={disabled && !busy}
      aria-label={label}
      aria-describedby={blurred ? descriptionId : undefined}
      aria-busy={busy || undefined}
      className={cn(
        'group flex w-full min-w-0 items-center text-left disabled:cursor-wait',
        className,
      )}
    >
      <MediaImage
        src={member.mediaUrls[0]}
        // A round photo of at most 56 px: the smallest size, not the 1080 px file.
        sizes="56px"
        alt=""
        className={cn('shrink-0 rounded-full bg-sand-200 object-cover', photoClassName)}
      />
      <span className="flex min-w-0 flex-1 flex-col">
        {/* A long name gives way, never the age after it. */}
        <span className="flex min-w-0 items-baseline font-display text-lg font-semibold leading-tight text-teal-900">
          <NameAndAge name={name} age={member.age} />
          {member.verified ? <VerifiedBadge className="ml-1.5 self-center" /> : null}
        </span>{' '}
        {badge || shown ? (
          // The badge ("New") on the line below: beside the name, it left a phone's 320 px a
          // letter or two of it.
          <span
            className={cn(
              'flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm text-ink-muted',
              timeClassName,
            )}
          >
            {badge ? (
              <>
                <span className="shrink-0 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">
                  {badge}
                </span>{' '}
              </>
            ) : null}
            {shown ? (
              <span className="flex min-w-0 items-center gap-1.5">
                {TimeIcon ? (
                  <TimeIcon aria-hidden="true" className="size-3.5 shrink-0 text-teal-700" />
                ) : null}
                <time dateTime={time} title={fullDate(time, language)}>
                  {shown}
                </time>
              </span>
            ) : null}
          </span>
        ) : null}
        {blurred ? (
          <>
            {' '}
            <span className="mt-0.5 flex items-center gap-1.5 text-xs font-medium text-ink-muted">
              <EyeOff aria-hidden="true" className="size-3.5 shrink-0" />
              {blurredPhoto.note}
            </span>
            <span id={descriptionId} hidden>
              {blurredPhoto.description}
            </span>
          </>
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
