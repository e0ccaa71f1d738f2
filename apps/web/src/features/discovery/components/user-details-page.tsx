import { ArrowLeft, MessageCircle, RotateCcw, UserRoundX } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import '../discovery.css';
import { titleCase } from '@mawadda/contract/text';
import { buttonClass } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import type { MemberLikes } from '@/components/members/member-likes.ts';
import { type MemberSafety, MemberSafetyMenu } from '@/components/members/member-safety-menu.tsx';
import { VerifiedBadge } from '@/components/members/verified-badge.tsx';
import { isMemberGone } from '@/lib/member-gone.ts';
import { useMemberDetails } from '../api/queries.ts';
import { useComplimentOptions } from '../hooks/use-compliment-options.ts';
import { useDiscoveryTranslation } from '../i18n.ts';
import { likeShake } from '../utils/match-shake.ts';
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

/**
 * /user-details/{id} (docs/spec.md §2). With `safety`, a menu reports or blocks the member;
 * `likes` gives the page its Lovely (the likes feature's, given by the route).
 */
export function UserDetailsPage({
  id,
  safety,
  likes,
}: {
  id: string;
  safety?: MemberSafety | undefined;
  likes: MemberLikes;
}) {
  return (
    <likes.Scope>
      <UserDetails key={id} id={id} safety={safety} likes={likes} />
    </likes.Scope>
  );
}

function BackLink() {
  const { t } = useDiscoveryTranslation();
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized('/suggestions')}
      className="inline-flex min-h-11 items-center gap-2 rounded-full pr-3 font-semibold text-teal-800 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('details.back')}
    </Link>
  );
}

function UserDetails({
  id,
  safety,
  likes,
}: {
  id: string;
  safety: MemberSafety | undefined;
  likes: MemberLikes;
}) {
  const { t } = useDiscoveryTranslation();
  const localized = useLocalizedPath();
  const details = useMemberDetails(id);
  const [photoIndex, setPhotoIndex] = useState(0);
  const member = details.data;
  const name = member ? titleCase(member.name) : '';
  const unavailable = isMemberGone(details.error);
  const shaking = likes.useShaking().has(id);
  const complimentOptions = useComplimentOptions(member);

  useDocumentTitle(
    member ? name : unavailable ? t('details.notFoundTitle') : t('details.titleLoading'),
  );

  if (unavailable) {
    return (
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="flex max-w-md flex-col items-center rounded-card border border-sand-200 bg-white px-6 py-10 text-center shadow-card">
          <span className="flex size-16 items-center justify-center rounded-full bg-sand-100 text-ink-muted">
            <UserRoundX aria-hidden="true" className="size-8" />
          </span>
          <h1 className="mt-4 font-display text-2xl font-semibold text-teal-900">
            {t('details.notFoundTitle')}
          </h1>
          <p role="alert" className="mt-2 leading-relaxed text-ink">
            {t('details.notFound')}
          </p>
          <Link to={localized('/suggestions')} className={buttonClass({ className: 'mt-6' })}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('details.back')}
          </Link>
        </div>
      </main>
    );
  }

  if (!member) {
    return (
      <main className="flex-1">
        <div className="mx-auto w-full max-w-5xl px-4 pb-12 pt-4 md:pt-8">
          <BackLink />
          {details.isError ? (
            <div className="mt-10 flex flex-col items-center gap-2 text-center">
              <h1 className="font-display text-2xl font-semibold text-teal-900">
                {t('details.titleLoading')}
              </h1>
              <p className="text-ink-muted">{t('details.error')}</p>
              <button
                type="button"
                onClick={() => void details.refetch()}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 font-semibold text-teal-800 underline-offset-4 hover:bg-teal-50 hover:underline"
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {t('common:actions.retry')}
              </button>
            </div>
          ) : (
            <div className="mt-4 grid gap-8 md:grid-cols-2">
              <h1 className="sr-only">{t('details.titleLoading')}</h1>
              <p role="status" className="sr-only">
                {t('details.loading')}
              </p>
              <div
                aria-hidden="true"
                className="aspect-[4/5] animate-pulse rounded-card bg-sand-100"
              />
              <div aria-hidden="true" className="space-y-4 pt-2">
                <div className="h-9 w-2/3 animate-pulse rounded bg-sand-200" />
                <div className="h-5 w-1/2 animate-pulse rounded bg-sand-100" />
                <div className="h-12 w-full animate-pulse rounded-full bg-sand-100" />
                <div className="h-32 w-full animate-pulse rounded bg-sand-100" />
              </div>
            </div>
          )}
        </div>
      </main>
    );
  }

  const chatPath = localized(`/chat?userId=${encodeURIComponent(member.id)}`);
  return (
    <main className="flex-1">
      <div className="mx-auto w-full max-w-5xl px-4 pb-12 pt-4 md:pt-8">
        <div className="flex items-center justify-between gap-3">
          <BackLink />
          {safety ? <MemberSafetyMenu safety={safety} member={{ id: member.id, name }} /> : null}
        </div>
        <div className="mt-4 grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] md:gap-10">
          <div className="md:sticky md:top-24">
            <PhotoViewer
              photos={member.mediaUrls}
              name={name}
              index={photoIndex}
              onIndexChange={setPhotoIndex}
              blurred={member.photosBlurred}
              className="aspect-[4/5] w-full rounded-card shadow-card ring-1 ring-sand-200/80"
            />
          </div>

          <div className="flex flex-col gap-6">
            <div>
              {member.online ? <OnlineBadge className="mb-2" /> : null}
              <h1 className="font-display text-3xl font-semibold leading-tight text-teal-900 md:text-4xl">
                {name}
                {member.age !== null ? <span className="text-teal-800">, {member.age}</span> : null}
                {member.verified ? (
                  <VerifiedBadge withText className="ml-3 align-middle text-base" />
                ) : null}
              </h1>
              <LocationLine member={member} className="mt-2 text-base" />
              <StayLine member={member} />
            </div>

            <div>
              <likes.Failure variant="inline" />
              <div className="flex flex-col gap-3 min-[30rem]:flex-row">
                <likes.Button
                  member={{
                    id: member.id,
                    name,
                    likedByMe: member.likedByMe,
                    sentLike: member.sentLike,
                  }}
                  variant="lovely"
                  {...likeShake(shaking)}
                />
                <Link
                  to={chatPath}
                  aria-label={t('details.chatLabel', { name })}
                  className={buttonClass({ size: 'tall', className: 'shrink-0' })}
                >
                  <MessageCircle aria-hidden="true" className="size-5" />
                  {t('details.chat')}
                </Link>
              </div>
              <likes.Compliment
                member={{ id: member.id, name, likedByMe: member.likedByMe }}
                options={complimentOptions}
                selected={member.photosBlurred ? 0 : photoIndex}
              />
            </div>

            <section
              aria-label={t('facts.label', { name })}
              className="rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-6"
            >
              <ProfileFacts member={member} showSkinTone />
            </section>

            <SharedSummary shared={member.shared} headingLevel={2} />

            <ProfileShieldNote name={name} shield={member.shield} />

            <div className="rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-6">
              <Bio name={name} bio={member.bio} headingLevel={2} />
            </div>

            {member.promptAnswers.length > 0 || member.voiceIntroduction ? (
              <div className="rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-6">
                <ProfileAnswers name={name} member={member} headingLevel={2} />
              </div>
            ) : null}

            <FaithFamilyCard member={member} />
          </div>
        </div>
      </div>
    </main>
  );
}

/** The faith and family answers in a card of their own, absent when none is given. */
function FaithFamilyCard({
  member,
}: {
  member: ComponentProps<typeof FaithFamilyFacts>['member'];
}) {
  return (
    <div className="rounded-card border border-sand-200 bg-white p-5 shadow-card empty:hidden sm:p-6">
      <FaithFamilyFacts member={member} headingLevel={2} />
    </div>
  );
}
