import type { UserSummary } from '@mawadda/contract';
import { titleCase } from '@mawadda/contract/text';
import { Camera, Gift, MessageCircle, Navigation, UserRound } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { MediaImage } from '@/components/media-image.tsx';
import type { MemberLikes } from '@/components/members/member-likes.ts';
import { NameAndAge } from '@/components/members/name-and-age.tsx';
import { VerifiedBadge } from '@/components/members/verified-badge.tsx';
import { cn } from '@/lib/cn.ts';
import { useDiscoveryTranslation } from '../i18n.ts';
import { CARD_PHOTO_SIZES } from '../utils/card-photo-sizes.ts';
import { matchStyle } from '../utils/match-shake.ts';
import { BlurredNote } from './blurred-note.tsx';
import { LocationLine, StayLine, useDistanceText } from './profile-parts.tsx';

const actionClass =
  'flex size-11 items-center justify-center rounded-full bg-sand-100 text-teal-800 ring-1 ring-sand-300/70 transition-colors hover:bg-teal-50 hover:text-teal-900';

/**
 * A suggestion (docs/spec.md §2): the first photo or a placeholder, "Online" when they are, the
 * name in title case, age, photo count, distance, and like, gift and chat. The name is the
 * card's button: its click area covers the card, so tapping anywhere but the three actions (or
 * Enter on the focused name) opens the profile dialog.
 */
export const ProfileCard = memo(function ProfileCard({
  member,
  onOpen,
  onGift,
  likes,
  vibrating,
  priority = false,
  onPhotoShown,
}: {
  member: UserSummary;
  onOpen: (member: UserSummary) => void;
  /** Opens the gift popup; without it the gift button goes to /gifts for this member. */
  onGift: ((member: { id: string; name: string }) => void) | undefined;
  likes: MemberLikes;
  /** Shaking: a match was just made from this card. */
  vibrating: boolean;
  /** The first card of the screen: its photo is the largest thing painted first (the LCP). */
  priority?: boolean;
  /** Told when the photo has loaded, or failed and the default image shows instead. */
  onPhotoShown?: () => void;
}) {
  const { t } = useDiscoveryTranslation();
  const localized = useLocalizedPath();
  const name = titleCase(member.name);
  const photo = member.mediaUrls[0];
  const photoCount = member.mediaUrls.length;
  const id = encodeURIComponent(member.id);
  const distance = useDistanceText()(member.distanceKm, 'away');

  return (
    <article
      style={matchStyle}
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-sand-200/80 transition-shadow hover:shadow-[0_2px_4px_rgb(31_41_51/0.06),0_16px_36px_rgb(31_41_51/0.14)]',
        vibrating && 'discovery-shake',
      )}
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-sand-100">
        {photo ? (
          <MediaImage
            src={photo}
            sizes={CARD_PHOTO_SIZES}
            width={480}
            height={600}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            onLoad={onPhotoShown}
            onError={onPhotoShown}
            alt={member.photosBlurred ? t('card.blurredAlt', { name }) : ''}
            className="size-full object-cover transition-transform duration-500 ease-out group-hover:scale-[1.03]"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-sand-100 via-sand-50 to-teal-50 p-3 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-white/90 text-teal-700 shadow-sm">
              <UserRound aria-hidden="true" className="size-7" />
            </span>
            <span className="text-xs font-medium text-ink-muted">{t('card.noPhoto')}</span>
          </div>
        )}
        <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-1 p-2">
          {member.online ? (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-white/95 px-2 py-1 text-xs font-semibold text-emerald-800 shadow-sm">
              <span
                aria-hidden="true"
                className="size-2 rounded-full bg-emerald-500 ring-2 ring-emerald-500/25"
              />
              {t('common:memberCard.online')}
            </span>
          ) : (
            <span />
          )}
          {photoCount > 0 ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-1 text-xs font-semibold text-white">
              <Camera aria-hidden="true" className="size-3.5" />
              <span aria-hidden="true">{photoCount}</span>
              <span className="sr-only">{t('card.photos', { count: photoCount })}</span>
            </span>
          ) : null}
        </div>
        {photo && member.photosBlurred ? (
          <BlurredNote className="absolute left-1/2 top-1/2 max-w-[calc(100%-1rem)] -translate-x-1/2 -translate-y-1/2 text-center" />
        ) : null}
        {distance ? (
          <span className="pointer-events-none absolute bottom-2 left-2 inline-flex max-w-[calc(100%-1rem)] items-center gap-1 rounded-full bg-white/95 px-2 py-1 text-xs font-semibold text-teal-900 shadow-sm">
            <Navigation aria-hidden="true" className="size-3 shrink-0 text-teal-700" />
            <span className="truncate">{distance}</span>
          </span>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <h2 className="font-display text-lg font-semibold leading-tight text-teal-900 sm:text-xl">
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => onOpen(member)}
            className="flex w-full min-w-0 items-baseline text-left outline-none after:absolute after:inset-0 after:z-[1] after:rounded-card after:content-[''] focus-visible:after:outline-[3px] focus-visible:after:outline-offset-[-3px] focus-visible:after:outline-teal-600 focus-visible:after:outline-solid"
          >
            <NameAndAge name={name} age={member.age} />
            {member.verified ? <VerifiedBadge className="ml-1.5 self-center" /> : null}
          </button>
        </h2>
        <LocationLine member={member} showDistance={false} />
        <StayLine member={member} />
        <div className="relative z-[2] mt-auto flex items-center justify-between gap-1.5 pt-2 sm:justify-start sm:gap-2">
          <likes.Button
            member={{ id: member.id, name, likedByMe: member.likedByMe }}
            variant="icon"
          />
          {onGift ? (
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => onGift({ id: member.id, name })}
              aria-label={t('card.gift', { name })}
              className={actionClass}
            >
              <Gift aria-hidden="true" className="size-5" />
            </button>
          ) : (
            <Link
              to={localized(`/gifts?receiverId=${id}`)}
              aria-label={t('card.gift', { name })}
              className={actionClass}
            >
              <Gift aria-hidden="true" className="size-5" />
            </Link>
          )}
          <Link
            to={localized(`/chat?userId=${id}`)}
            aria-label={t('card.chat', { name })}
            className={actionClass}
          >
            <MessageCircle aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </div>
    </article>
  );
});
