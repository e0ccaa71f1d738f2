import {
  type CurrentUser,
  type PlaceLanguage,
  PRIVACY_VERSION,
  type PromptAnswer,
  placeText,
} from '@mawadda/contract';
import type { Member } from '../../core/member-columns.ts';
import { faithFamilyOf } from '../../core/member-view.ts';
import { type VoiceIntroductionRow, voiceIntroductionFor } from '../../core/voice-introductions.ts';
import type { PhotoRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MediaLinks } from '../../lib/media-links.ts';

/** What the member shows others beside the member row (ADR 072). */
export type ProfileExtras = {
  promptAnswers: PromptAnswer[];
  voiceIntroduction: VoiceIntroductionRow | undefined;
};

/**
 * The member's own profile as `GET /api/users/me` answers it, their photos and voice introduction
 * signed for them, their place in the language they read the app in.
 */
export function toCurrentUser(
  deps: { photoLinks: MediaLinks; voiceLinks: MediaLinks; clock: Clock },
  member: Member,
  memberPhotos: PhotoRow[],
  extras: ProfileExtras,
  language: PlaceLanguage,
): CurrentUser {
  const own = (key: string) => deps.photoLinks.urlFor(member.id, key);
  const mediaUrls = memberPhotos.map((p) => own(p.displayKey));
  return {
    id: member.id,
    username: member.email,
    name: member.name,
    age: member.age,
    gender: member.gender,
    maritalStatus: member.maritalStatus,
    hasChildren: member.hasChildren,
    skinTone: member.skinTone,
    location: placeText(member, language),
    latitude: member.latitude,
    longitude: member.longitude,
    bio: member.bio,
    mutualLike: member.mutualLike,
    photosBlurred: member.photosBlurred,
    verifiedWritersOnly: member.verifiedWritersOnly,
    womenWriteFirst: member.womenWriteFirst,
    verified: member.verifiedAt !== null,
    mediaUrls,
    photos: memberPhotos.map((p) => ({
      url: own(p.displayKey),
      thumbnailUrl: own(p.thumbnailKey),
      width: p.width,
      height: p.height,
    })),
    profileComplete: Boolean(member.bio && member.gender && mediaUrls.length > 0),
    createdAt: member.createdAt.toISOString(),
    subscription:
      member.subscriptionPlan &&
      member.subscriptionEndsAt &&
      member.subscriptionEndsAt > deps.clock.now()
        ? { plan: member.subscriptionPlan, endsAt: member.subscriptionEndsAt.toISOString() }
        : null,
    role: member.role,
    religiousDataConsent:
      member.religiousDataConsentAt && member.religiousDataConsentVersion
        ? {
            version: member.religiousDataConsentVersion,
            givenAt: member.religiousDataConsentAt.toISOString(),
          }
        : null,
    consentRequired: member.religiousDataConsentVersion !== PRIVACY_VERSION,
    ...faithFamilyOf(member, 'self'),
    promptAnswers: extras.promptAnswers,
    voiceIntroduction: voiceIntroductionFor(deps.voiceLinks, member.id, extras.voiceIntroduction),
  };
}
