import {
  EARTH_RADIUS_KM,
  FAITH_FIELDS,
  type FaithFamily,
  GENDERS,
  type Gender,
  type LikeKind,
  MAX_SHARED,
  type PlaceLanguage,
  PREFER_NOT_TO_SAY,
  PRIVACY_VERSION,
  type ProfilePrompt,
  type PromptAnswer,
  placeText,
  type SharedItem,
  type ShieldRule,
  type ShownStay,
  type UserDetails,
  type UserSummary,
  type VoiceIntroduction,
  WITHIN_A_YEAR,
} from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import { type MemberRow, members } from '../db/schema.ts';
import type { MediaLinks } from '../lib/media-links.ts';
import type { Member } from './member-columns.ts';
import { blockedBetween } from './member-rules.ts';
import { photosFor } from './profile-photos.ts';

export type Viewer = { id: string; gender: Gender | null };

/** Members are shown the other gender; nobody while their own gender is not known yet. */
export function audienceOf(viewer: Pick<Viewer, 'gender'>): Gender | null {
  if (viewer.gender === null) return null;
  return GENDERS.find((g) => g !== viewer.gender) ?? null;
}

/**
 * Whether `viewer` may see a member at all: the one rule every list and lookup of other members
 * goes through (suggestions, details, likes, views, gifts): the other gender, a complete profile
 * (gender and age), not the viewer, not suspended or banned, who consented to the processing of
 * data revealing religion as the current privacy text describes it (ADR 021), no block either way. The gender is inlined from the closed
 * value set so the planner matches the audience's partial indexes.
 */
export function visibleTo(viewer: Viewer) {
  const audience = audienceOf(viewer);
  if (!audience) return sql`false`;
  return sql`(${members.gender} = ${sql.raw(`'${audience}'`)} and ${members.age} is not null and ${members.id} <> ${viewer.id}
    and ${members.standing} = 'active' and ${members.religiousDataConsentVersion} = ${PRIVACY_VERSION}
    and not ${blockedBetween(viewer.id, sql`${members.id}`)})`;
}

/**
 * `liked_by_me` and `matched` of the member rows of a query, for `viewerId`: two probes of the
 * likes primary key (liker, liked) per row, so a page of suggestions stays one statement.
 */
export function likeState(viewerId: string) {
  const { likedByMe, matched } = likeStateColumns(viewerId);
  return sql`${likedByMe} as liked_by_me, ${matched} as matched`;
}

/** The same two columns for a drizzle select, and what the viewer sent (a like or a Lovely). */
export function likeStateColumns(viewerId: string) {
  const mine = sql`exists (select 1 from likes l where l.liker_id = ${viewerId} and l.liked_id = ${members.id})`;
  const theirs = sql`exists (select 1 from likes l where l.liker_id = ${members.id} and l.liked_id = ${viewerId})`;
  return {
    likedByMe: sql<boolean>`${mine}`.mapWith(Boolean),
    matched: sql<boolean>`(${mine} and ${theirs})`.mapWith(Boolean),
    sentLike: sql<LikeKind | null>`(select l.kind from likes l where l.liker_id = ${viewerId} and l.liked_id = ${members.id})`,
  };
}

/** Haversine on grid-snapped positions, rounded to the kilometre: never an exact distance. */
export function gridDistanceKm(
  from: { gridLatitude: number | null; gridLongitude: number | null },
  to: { gridLatitude: number | null; gridLongitude: number | null },
): number | null {
  if (from.gridLatitude === null || from.gridLongitude === null) return null;
  if (to.gridLatitude === null || to.gridLongitude === null) return null;
  const rad = Math.PI / 180;
  const dLat = (to.gridLatitude - from.gridLatitude) * rad;
  const dLon = (to.gridLongitude - from.gridLongitude) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.gridLatitude * rad) * Math.cos(to.gridLatitude * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a))));
}

export type ViewedMember = Pick<
  Member,
  | 'id'
  | 'name'
  | 'age'
  | 'gender'
  | 'location'
  | 'countryCode'
  | 'gridLatitude'
  | 'gridLongitude'
  | 'photoKeys'
  | 'photosBlurred'
> & {
  likedByMe: boolean;
  matched: boolean;
  verified: boolean;
  /**
   * The stay she is suggested at (ADR 077): the grid coordinates are then the town's, so the
   * distance is to where she will be.
   */
  stay?: StayRow | undefined;
};

/** A stay as stored: the town as the index names it, its country, the two days. */
export type StayRow = { town: string; countryCode: string; arrivesOn: string; departsOn: string };

/** A stay as a reader is shown it: the country in the reader's language. */
export function shownStay(stay: StayRow, language: PlaceLanguage): ShownStay {
  return {
    ...stay,
    location: placeText({ location: stay.town, countryCode: stay.countryCode }, language),
  };
}

/**
 * What a member sees of another: grid coordinates and a rounded distance, never the exact
 * position (the known trilateration attacks on dating apps worked from exact distances); the
 * place with its country in the viewer's language.
 */
export function toSummary(
  member: ViewedMember,
  viewer: Pick<MemberRow, 'id' | 'gridLatitude' | 'gridLongitude'>,
  photoLinks: MediaLinks,
  online: boolean,
  language: PlaceLanguage,
): UserSummary {
  return {
    ...photosFor(photoLinks, viewer.id, member),
    id: member.id,
    name: member.name,
    age: member.age,
    gender: member.gender,
    location: placeText(member, language),
    latitude: member.gridLatitude,
    longitude: member.gridLongitude,
    distanceKm: gridDistanceKm(viewer, member),
    online,
    likedByMe: member.likedByMe,
    matched: member.matched,
    verified: member.verified,
    ...(member.stay ? { stay: shownStay(member.stay, language) } : {}),
  };
}

/**
 * The member's faith and family answers. For a reader who is not a match, each faith field the
 * member shows to matches only reads null (ADR 041), as their photos read blurred (ADR 019);
 * `faithMatchesOnly` still names those fields, so the reader knows they exist and why they are empty.
 */
export function faithFamilyOf(member: Member, reader: 'self' | 'match' | 'other'): FaithFamily {
  const answers: FaithFamily = {
    faithBranch: member.faithBranch,
    madhhab: member.madhhab,
    community: member.community,
    prayer: member.prayer,
    hijab: member.hijab,
    beard: member.beard,
    halal: member.halal,
    revert: member.revert,
    revertSince: member.revertSince,
    marriageTimeline: member.marriageTimeline,
    polygamy: member.polygamy,
    childrenWanted: member.childrenWanted,
    relocation: member.relocation,
    education: member.education,
    languages: member.languages,
    profession: member.profession,
    nationality: member.nationality,
    origin: member.origin,
    faithMatchesOnly: FAITH_FIELDS.filter((f) => member.faithMatchesOnly.includes(f)),
  };
  if (reader !== 'other') return answers;
  for (const field of answers.faithMatchesOnly) {
    answers[field] = null;
    if (field === 'revert') answers.revertSince = null;
  }
  return answers;
}

/** An answer that says something: given, and not "prefer not to say". */
const answered = <T extends string>(value: T | null): value is T =>
  value !== null && value !== PREFER_NOT_TO_SAY;

/**
 * The "you share" summary (ADR 041): from the viewer's own answers and the member's answers as
 * this viewer may read them (`seen`, where a matches-only field is already null for a
 * non-match), so it never tells a viewer what the member keeps from them. Both must have
 * answered; "prefer not to say", "other" and "none" share nothing worth naming. Then the
 * prompts both answer (ADR 072), in the member's order. At most four, in the order of
 * `SHARED_KINDS`.
 */
function sharedBetween(
  mine: FaithFamily,
  seen: FaithFamily,
  prompts: { mine: readonly ProfilePrompt[]; seen: readonly PromptAnswer[] },
): SharedItem[] {
  const items: SharedItem[] = [];
  const languages = mine.languages.filter((l) => l !== 'other' && seen.languages.includes(l));
  if (languages.length > 0) items.push({ kind: 'languages', languages });
  if (answered(mine.madhhab) && mine.madhhab !== 'none-or-other' && mine.madhhab === seen.madhhab)
    items.push({ kind: 'madhhab', value: mine.madhhab });
  if (
    answered(mine.community) &&
    mine.community !== 'none' &&
    mine.community !== 'other' &&
    mine.community === seen.community
  )
    items.push({ kind: 'community', value: mine.community });
  if (mine.childrenWanted === 'yes' && seen.childrenWanted === 'yes')
    items.push({ kind: 'childrenWanted' });
  const withinAYear = (t: FaithFamily['marriageTimeline']) =>
    (WITHIN_A_YEAR as readonly (string | null)[]).includes(t);
  if (withinAYear(mine.marriageTimeline) && withinAYear(seen.marriageTimeline))
    items.push({ kind: 'marriageTimeline' });
  if (answered(mine.relocation) && mine.relocation === seen.relocation)
    items.push({ kind: 'relocation', value: mine.relocation });
  if (answered(mine.origin) && mine.origin === seen.origin)
    items.push({ kind: 'origin', country: mine.origin });
  for (const { prompt } of prompts.seen) {
    if (prompts.mine.includes(prompt)) items.push({ kind: 'prompt', prompt });
  }
  return items.slice(0, MAX_SHARED);
}

/** What a profile shows beside its member row (ADR 072), read from their own tables. */
export type ProfileAnswers = {
  promptAnswers: PromptAnswer[];
  /** Its link already signed for the viewer. */
  voiceIntroduction: VoiceIntroduction | null;
};

export function toDetails(
  member: Member & {
    likedByMe: boolean;
    matched: boolean;
    sentLike: LikeKind | null;
    photoIds: string[];
    /** Her stay near the viewer (ADR 077), its town's cell then in the grid coordinates. */
    stay?: StayRow | undefined;
  },
  viewer: Member,
  photoLinks: MediaLinks,
  online: boolean,
  shield: ShieldRule[],
  language: PlaceLanguage,
  answers: ProfileAnswers,
  /** The prompts the viewer answers, for "you share" (ADR 072). */
  viewerPrompts: readonly ProfilePrompt[],
): UserDetails {
  const seen = faithFamilyOf(member, member.matched ? 'match' : 'other');
  return {
    ...toSummary(
      { ...member, verified: member.verifiedAt !== null },
      viewer,
      photoLinks,
      online,
      language,
    ),
    maritalStatus: member.maritalStatus,
    hasChildren: member.hasChildren,
    bio: member.bio,
    skinTone: member.skinTone,
    sentLike: member.sentLike,
    photoIds: member.photoIds,
    ...seen,
    shared:
      member.id === viewer.id
        ? []
        : sharedBetween(faithFamilyOf(viewer, 'self'), seen, {
            mine: viewerPrompts,
            seen: answers.promptAnswers,
          }),
    shield,
    ...answers,
  };
}
