import type { UserSummary } from '@mawadda/contract';
import { MODAL_TRANSITION_MS } from '@mawadda/contract/constants';
import { titleCase } from '@mawadda/contract/text';
import * as Dialog from '@radix-ui/react-dialog';
import { ArrowUpRight, MessageCircle, X } from 'lucide-react';
import { type CSSProperties, type KeyboardEvent, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import type { MemberLikes } from '@/components/members/member-likes.ts';
import { type MemberSafety, MemberSafetyMenu } from '@/components/members/member-safety-menu.tsx';
import { VerifiedBadge } from '@/components/members/verified-badge.tsx';
import { isMemberGone } from '@/lib/member-gone.ts';
import { useMemberDetails } from '../api/queries.ts';
import { useComplimentOptions } from '../hooks/use-compliment-options.ts';
import { useReturnFocus } from '../hooks/use-return-focus.ts';
import { useDiscoveryTranslation } from '../i18n.ts';
import { likeShake } from '../utils/match-shake.ts';
import { stepIndex } from '../utils/swipe.ts';
import { FaithFamilyFacts } from './faith-family-facts.tsx';
import { PhotoViewer } from './photo-viewer.tsx';
import { ProfileAnswers } from './profile-answers.tsx';
import {
  Bio,
  LocationLine,
  OnlineBadge,
  ProfileFacts,
  ProfileShieldNote,
  StayLine,
} from './profile-parts.tsx';
import { SharedSummary } from './shared-summary.tsx';

const transition = { '--discovery-modal-ms': `${MODAL_TRANSITION_MS}ms` } as CSSProperties;

/**
 * The profile dialog of a suggestion (docs/spec.md §2): photos with a lightbox, online badge,
 * name, age, location, gender, marital status, children, bio, Like and Message. Opening it loads
 * the member's details, which records a profile view. Radix traps focus, closes on Escape and
 * returns focus to the card; it slides up on phones and settles in the middle on wider screens,
 * in MODAL_TRANSITION_MS, and only fades when reduced motion is asked for. With `safety`, a menu
 * beside the close button, in the bar above the profile, reports or blocks the member.
 */
export function ProfileModal({
  member,
  open,
  onOpenChange,
  safety,
  likes,
}: {
  member: UserSummary | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  safety?: MemberSafety | undefined;
  likes: MemberLikes;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          style={transition}
          className="discovery-fade fixed inset-0 z-50 bg-teal-900/50 backdrop-blur-[2px]"
        />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          style={transition}
          className="discovery-sheet fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col overflow-hidden rounded-t-[1.75rem] bg-white shadow-2xl outline-none md:inset-0 md:m-auto md:h-[min(40rem,calc(100dvh-4rem))] md:max-h-none md:w-[min(58rem,calc(100vw-4rem))] md:rounded-card"
        >
          {member ? (
            // The dialog's own feedback: a match or a failed like from here shows in the dialog
            // only (not also as the page's toast), and goes when the dialog closes.
            <likes.Scope key={member.id}>
              <ModalBody member={member} safety={safety} likes={likes} />
            </likes.Scope>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ModalBody({
  member,
  safety,
  likes,
}: {
  member: UserSummary;
  safety: MemberSafety | undefined;
  likes: MemberLikes;
}) {
  const { t } = useDiscoveryTranslation();
  const localized = useLocalizedPath();
  const details = useMemberDetails(member.id);
  const shaking = likes.useShaking().has(member.id);
  const [photoIndex, setPhotoIndex] = useState(0);
  const shown = details.data ?? member;
  const name = titleCase(shown.name);
  const photos = shown.mediaUrls;
  const unavailable = isMemberGone(details.error);
  const id = encodeURIComponent(member.id);
  const complimentOptions = useComplimentOptions(details.data);

  // The arrow keys turn the photos from anywhere in the dialog (the carousel and the lightbox
  // handle their own).
  function onKeyDown(event: KeyboardEvent) {
    if (event.defaultPrevented || photos.length < 2) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    setPhotoIndex((index) => stepIndex(index, photos.length, event.key === 'ArrowLeft' ? -1 : 1));
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys bubbling from the dialog's controls turn the photos
    <div
      onKeyDown={onKeyDown}
      className="flex min-h-0 flex-1 flex-col md:grid md:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] md:grid-rows-[auto_minmax(0,1fr)]"
    >
      {/* A bar of their own, above what scrolls: floating over the dialog, these buttons covered
          the text scrolled under them. */}
      <div className="flex shrink-0 items-center justify-end gap-2 border-b border-sand-200 px-3 py-2 md:col-start-2 md:row-start-1 md:border-0 md:px-4 md:pb-0 md:pt-4">
        {safety && !unavailable ? (
          <MemberSafetyMenu safety={safety} member={{ id: member.id, name }} />
        ) : null}
        <Dialog.Close
          aria-label={t('common:actions.close')}
          className="flex size-11 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sand-100 hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>

      {/* Phones scroll the photos and the text together; wider screens, the text alone. */}
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain md:contents">
        <div className="relative shrink-0 md:col-start-1 md:row-span-2 md:row-start-1 md:h-full">
          <PhotoViewer
            photos={photos}
            name={name}
            index={photoIndex}
            onIndexChange={setPhotoIndex}
            blurred={shown.photosBlurred}
            className="aspect-[4/5] max-h-[58dvh] w-full md:aspect-auto md:h-full md:max-h-none"
          />
        </div>

        <div className="flex flex-col md:col-start-2 md:row-start-2 md:min-h-0 md:overflow-y-auto">
          <div className="flex flex-1 flex-col gap-5 px-5 pb-4 pt-5 md:px-7 md:pt-3">
            <div>
              {shown.online ? <OnlineBadge className="mb-2" /> : null}
              <Dialog.Title className="font-display text-3xl font-semibold leading-tight text-teal-900">
                {name}
                {shown.age !== null ? <span className="text-teal-800">, {shown.age}</span> : null}
                {shown.verified ? <VerifiedBadge className="ml-2 align-middle" /> : null}
              </Dialog.Title>
              <LocationLine member={shown} className="mt-1.5" />
              <StayLine member={shown} />
            </div>

            {unavailable ? (
              <p
                role="alert"
                className="rounded-xl border border-danger/25 bg-red-50 px-4 py-3 text-sm font-medium text-danger"
              >
                {t('details.notFound')}
              </p>
            ) : details.isError ? (
              <div
                role="alert"
                className="flex items-center justify-between gap-3 rounded-xl border border-sand-300 bg-sand-50 px-4 py-2 text-sm text-ink"
              >
                <span>{t('modal.error')}</span>
                <button
                  type="button"
                  onClick={() => void details.refetch()}
                  className="min-h-11 rounded-full px-3 font-semibold text-teal-800 underline underline-offset-4"
                >
                  {t('common:actions.retry')}
                </button>
              </div>
            ) : null}

            <ProfileFacts member={shown} loading={details.isPending} />

            {details.isPending ? (
              <div aria-hidden="true" className="space-y-2">
                <span className="block h-5 w-40 animate-pulse rounded bg-sand-200" />
                <span className="block h-4 w-full animate-pulse rounded bg-sand-100" />
                <span className="block h-4 w-5/6 animate-pulse rounded bg-sand-100" />
              </div>
            ) : details.data ? (
              <>
                <SharedSummary shared={details.data.shared} />
                <ProfileShieldNote name={name} shield={details.data.shield} />
                <Bio name={name} bio={details.data.bio} />
                <ProfileAnswers name={name} member={details.data} />
                <FaithFamilyFacts member={details.data} />
              </>
            ) : null}
            {details.isPending ? (
              <p role="status" className="sr-only">
                {t('modal.loading')}
              </p>
            ) : null}

            <Link
              to={localized(`/user-details/${id}`)}
              className="inline-flex min-h-11 items-center gap-1.5 self-start font-semibold text-teal-800 underline-offset-4 hover:underline"
            >
              {t('modal.fullProfile')}
              <ArrowUpRight aria-hidden="true" className="size-4" />
            </Link>
          </div>

          <div className="sticky bottom-0 border-t border-sand-200 bg-white/95 px-5 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur md:px-7">
            <likes.Failure variant="inline" />
            <div className="flex gap-3">
              <likes.Button
                member={{
                  id: member.id,
                  name,
                  likedByMe: shown.likedByMe,
                  sentLike: details.data?.sentLike ?? null,
                }}
                variant="like"
                disabled={unavailable}
                {...likeShake(shaking)}
              />
              <Link
                to={localized(`/chat?userId=${id}`)}
                className={buttonClass({ size: 'tall', className: 'shrink-0' })}
              >
                <MessageCircle aria-hidden="true" className="size-5" />
                {t('modal.message')}
              </Link>
            </div>
            <likes.Compliment
              member={{ id: member.id, name, likedByMe: shown.likedByMe }}
              options={complimentOptions}
              selected={shown.photosBlurred ? 0 : photoIndex}
              disabled={unavailable}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
