import {
  type AudienceEstimate,
  type DealbreakerField,
  dealbreakerFieldsFor,
  errorText,
  type PlaceLanguage,
  type Preferences,
  type PreferencesInput,
  type UserDetails,
  type UserSummary,
} from '@mawadda/contract';
import type { Member } from '../../core/member-columns.ts';
import { type MemberTexts, profileTexts } from '../../core/member-texts.ts';
import { audienceOf, toDetails, toSummary, type ViewedMember } from '../../core/member-view.ts';
import { findMemberById, findVisibleMember, withPhotoIds } from '../../core/members.repository.ts';
import { listPromptAnswers, promptTexts } from '../../core/profile-prompts.ts';
import { shieldRules } from '../../core/scam-rules.ts';
import { findVoiceIntroduction, voiceIntroductionFor } from '../../core/voice-introductions.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalidFields, notFound, tooManyRequests } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { createMinutePace, type MinutePace } from '../../lib/minute-pace.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import { withDealbreakers } from './compatibility.ts';
import {
  findViewer,
  recordProfileView,
  type SuggestionsViewer,
  savePreferences,
} from './discovery.repository.ts';
import type { StaysService } from './stays.service.ts';
import { estimateAudience, savedPagesQuery, suggestionPages } from './suggestions.repository.ts';
import { createViewerCopies } from './viewer-copies.ts';

const ONE_DAY = 24 * 60 * 60 * 1000;
/** Viewer rows kept per node (ADR 053): about a kilobyte each. */
const VIEWER_COPIES = 10_000;

/**
 * How much of the membership one account may read in a day, and how fast: a person, not a
 * scraper.
 */
export type ReadingLimits = {
  detailsPerDay: number;
  suggestionPagesPerDay: number;
  detailsPerMinute: number;
  suggestionPagesPerMinute: number;
  /** Estimates of the audience while the filters are being edited. */
  estimatesPerMinute: number;
};

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;

export type DiscoveryDeps = {
  db: Database;
  /** The member's stays (ADR 077): the day they are shown for, and browsing there. */
  stays: Pick<StaysService, 'today' | 'shownStay' | 'stayNear'>;
  clock: Clock;
  photoLinks: MediaLinks;
  /** Signs links to voice introductions (private media, ADR 072). */
  voiceLinks: MediaLinks;
  limiter: RateLimitStore;
  readingLimits: ReadingLimits;
  /** Who has a socket open now (presence), for the `online` of each member. */
  onlineAmong(memberIds: readonly string[]): Promise<Set<string>>;
  /** Reads a member's texts with the scam shield's rules, for their viewers (ADR 043). */
  memberTexts: MemberTexts;
};

/**
 * A member's details as `viewer` gets them: with the answers to prompts (and those both answer,
 * for "you share") and the voice introduction (ADR 072), its link signed for the viewer, and what the scam shield finds in
 * every text the member shows, for the viewer to be warned as under a message (ADR 043);
 * nothing is found on one's own profile.
 */
async function detailsFor(
  deps: DiscoveryDeps,
  viewer: Member,
  member: Omit<Parameters<typeof toDetails>[0], 'photoIds'>,
  online: boolean,
  language: PlaceLanguage,
): Promise<UserDetails> {
  const promptAnswers = await listPromptAnswers(deps.db, member.id);
  const viewerPrompts =
    member.id === viewer.id
      ? []
      : (await listPromptAnswers(deps.db, viewer.id)).map((a) => a.prompt);
  const voice = await findVoiceIntroduction(deps.db, member.id);
  const shown = { ...profileTexts(member), ...promptTexts(promptAnswers) };
  const shield = member.id === viewer.id ? [] : shieldRules(deps.memberTexts.readAll(shown));
  const withIds = await withPhotoIds(deps.db, member);
  return toDetails(
    withIds,
    viewer,
    deps.photoLinks,
    online,
    shield,
    language,
    { promptAnswers, voiceIntroduction: voiceIntroductionFor(deps.voiceLinks, viewer.id, voice) },
    viewerPrompts,
  );
}

/** The members of a page as the viewer is shown them, with who is online now. */
async function summariesFor(
  deps: DiscoveryDeps,
  viewer: Pick<SuggestionsViewer, 'id' | 'gridLatitude' | 'gridLongitude'>,
  found: ViewedMember[],
  language: PlaceLanguage,
): Promise<UserSummary[]> {
  const online = await deps.onlineAmong(found.map((row) => row.id));
  return found.map((row) => toSummary(row, viewer, deps.photoLinks, online.has(row.id), language));
}

/**
 * Browse there (ADR 077): the same statement from the town of one of her stays shown today,
 * instead of her home's cell; distances are then to that town. Built for the page, not kept:
 * the copies hold the pages from home, which most pages are. `read` counts the page.
 */
async function suggestionsThere(
  deps: DiscoveryDeps,
  read: (memberId: string) => Promise<void>,
  request: { memberId: string; stayId: string; page: number; size: number },
  language: PlaceLanguage,
): Promise<UserSummary[]> {
  const { memberId, page, size } = request;
  const stay = await deps.stays.shownStay(memberId, request.stayId);
  await read(memberId);
  const pageThere = async () => {
    const home = await findViewer(deps.db, memberId);
    if (!home) throw notFound('ACCOUNT_GONE');
    const viewer = { ...home, gridLatitude: stay.gridLatitude, gridLongitude: stay.gridLongitude };
    if (!audienceOf(home)) return { viewer, members: [], current: true };
    const answer = await suggestionPages(deps.db, savedPagesQuery(viewer))(
      page * size,
      size,
      deps.stays.today(),
    );
    return { viewer, members: answer.members, current: answer.rowVersion === home.rowVersion };
  };
  // Her row changed between its reading and the page (her activity written meanwhile, ADR 053):
  // the statement gave nothing; read it again and ask again, as from home.
  let there = await pageThere();
  if (!there.current) there = await pageThere();
  return summariesFor(deps, there.viewer, there.members, language);
}

/** A member as seen where she will be, as on her card (ADR 077): her stay near the viewer. */
async function seenWhereSheWillBe<M extends { id: string }>(
  deps: DiscoveryDeps,
  member: M,
  viewer: Pick<Member, 'gridLatitude' | 'gridLongitude'>,
) {
  const stay = await deps.stays.stayNear(member.id, viewer);
  if (!stay) return member;
  return { ...member, gridLatitude: stay.gridLatitude, gridLongitude: stay.gridLongitude, stay };
}

/**
 * A member's details exactly as `viewerId` sees them, for the person she shows them to (her
 * family's opinion, ADR 078): blurred photos stay blurred unless she sees them sharp. No view is
 * recorded and no presence told; undefined for a member the viewer may not see.
 */
export async function detailsShownBy(
  deps: DiscoveryDeps,
  viewerId: string,
  memberId: string,
  language: PlaceLanguage,
): Promise<UserDetails | undefined> {
  const viewer = await findMemberById(deps.db, viewerId);
  const member = viewer && (await findVisibleMember(deps.db, viewer, memberId));
  if (!viewer || !member) return undefined;
  return detailsFor(deps, viewer, member, false, language);
}

/** What other modules may ask of discovery: a profile shown by the member who sees it. */
export type ProfilesShown = {
  detailsShownBy(
    viewerId: string,
    memberId: string,
    language: PlaceLanguage,
  ): Promise<UserDetails | undefined>;
};

export function createDiscoveryService(deps: DiscoveryDeps) {
  const { db, clock } = deps;
  const reading = (name: string, perDay: number, perMinute: number) => ({
    day: { name: `${name}-day`, max: perDay, windowMs: ONE_DAY } satisfies Limit,
    pace: createMinutePace({ limiter: deps.limiter, name, max: perMinute }),
  });
  const details = reading(
    'details',
    deps.readingLimits.detailsPerDay,
    deps.readingLimits.detailsPerMinute,
  );
  const pageReading = reading(
    'suggestion-pages',
    deps.readingLimits.suggestionPagesPerDay,
    deps.readingLimits.suggestionPagesPerMinute,
  );
  const estimates = createMinutePace({
    limiter: deps.limiter,
    name: 'audience-estimates',
    max: deps.readingLimits.estimatesPerMinute,
  });
  /** The pace first: a burst refused within the minute spends none of the day. */
  const read = async (limits: { day: Limit; pace: MinutePace }, memberId: string) => {
    await limits.pace.take(memberId);
    await reserveLimits(deps.limiter, [{ limit: limits.day, key: memberId }], tooManyRequests);
  };

  /** A viewer's row and the statement of their pages, built from it once. */
  type ViewerPages = {
    viewer: SuggestionsViewer;
    page: ReturnType<typeof suggestionPages> | null;
  };
  const viewerCopies = createViewerCopies<ViewerPages>(VIEWER_COPIES);
  /** Kept only with an audience: the page's statement needs one. */
  async function freshViewer(memberId: string): Promise<ViewerPages> {
    const viewer = await viewerOf(memberId, findViewer);
    if (!audienceOf(viewer)) return { viewer, page: null };
    const pages = { viewer, page: suggestionPages(db, savedPagesQuery(viewer)) };
    viewerCopies.set(memberId, pages);
    return pages;
  }

  async function viewerOf<T>(memberId: string, find: (db: Database, id: string) => Promise<T>) {
    const viewer = await find(db, memberId);
    if (!viewer) throw notFound('ACCOUNT_GONE');
    return viewer;
  }

  return {
    /**
     * A page of members of the other gender, nearest first then most recently active (ADR 052);
     * an empty page past the last one. A member without a gender yet (a fresh Google account) is
     * suggested no one until the profile is complete. Places are named in `language`. Members
     * whose stay is near the viewer come first (ADR 077); with `stayId`, from that stay's town.
     */
    async suggestions(
      memberId: string,
      page: number,
      size: number,
      language: PlaceLanguage,
      stayId?: string,
    ): Promise<UserSummary[]> {
      if (stayId !== undefined) {
        const readPage = (id: string) => read(pageReading, id);
        return suggestionsThere(deps, readPage, { memberId, stayId, page, size }, language);
      }
      let pages = viewerCopies.get(memberId) ?? (await freshViewer(memberId));
      if (!pages.page) return [];
      await read(pageReading, memberId);
      const today = deps.stays.today();
      let answer = await pages.page(page * size, size, today);
      if (answer.rowVersion !== pages.viewer.rowVersion) {
        // The row changed since this copy was read (the statement then gave nothing), or the
        // account is gone (`freshViewer` says so): read it again, and ask again.
        pages = await freshViewer(memberId);
        if (!pages.page) return [];
        answer = await pages.page(page * size, size, today);
      }
      return summariesFor(deps, pages.viewer, answer.members, language);
    },

    /**
     * A member's details: only of a member the viewer may be suggested (a 404 otherwise, exactly
     * like an unknown id), or their own. Opening them counts as a view (at most one a day) and
     * against the viewer's daily reading.
     */
    async details(
      viewerId: string,
      memberId: string,
      language: PlaceLanguage,
    ): Promise<UserDetails> {
      const viewer = await viewerOf(viewerId, findMemberById);
      if (memberId !== viewerId) await read(details, viewerId);
      const member =
        memberId === viewerId
          ? { ...viewer, likedByMe: false, matched: false, sentLike: null }
          : await findVisibleMember(db, viewer, memberId);
      if (!member) throw notFound('MEMBER_NOT_FOUND');
      const now = clock.now();
      if (member.id !== viewerId) await recordProfileView(db, viewerId, member.id, now);
      const online = await deps.onlineAmong([member.id]);
      const seen = member.id === viewerId ? member : await seenWhereSheWillBe(deps, member, viewer);
      return detailsFor(deps, viewer, seen, online.has(member.id), language);
    },

    async preferences(memberId: string): Promise<Preferences> {
      const viewer = await viewerOf(memberId, findViewer);
      return {
        minAge: viewer.preferredMinAge,
        maxAge: viewer.preferredMaxAge,
        maxDistanceKm: viewer.preferredMaxDistanceKm,
        dealbreakers: viewer.dealbreakers,
        verifiedOnly: viewer.preferredVerifiedOnly,
      };
    },

    async savePreferences(memberId: string, preferences: PreferencesInput): Promise<Preferences> {
      const viewer = await viewerOf(memberId, findViewer);
      checkDealbreakersFor(viewer.gender, preferences);
      await savePreferences(db, memberId, preferences);
      return {
        minAge: preferences.minAge,
        maxAge: preferences.maxAge,
        maxDistanceKm: preferences.maxDistanceKm,
        dealbreakers: preferences.dealbreakers ?? viewer.dealbreakers,
        verifiedOnly: preferences.verifiedOnly ?? viewer.preferredVerifiedOnly,
      };
    },

    /**
     * About how many members the filters being edited would leave, both ways, before they are
     * saved (ADR 042): a sample, not a count of the table; paced like the pages it predicts.
     */
    async estimateAudience(memberId: string, filters: PreferencesInput): Promise<AudienceEstimate> {
      const viewer = await viewerOf(memberId, findViewer);
      checkDealbreakersFor(viewer.gender, filters);
      await estimates.take(memberId);
      if (!audienceOf(viewer)) return { about: 0, exact: true };
      const { minAge, maxAge, maxDistanceKm } = filters;
      const verifiedOnly = filters.verifiedOnly ?? viewer.preferredVerifiedOnly;
      const dealbreakers = filters.dealbreakers ?? viewer.dealbreakers;
      const compatibility = await withDealbreakers(db, viewer.compatibility, dealbreakers);
      const audience = { viewer, minAge, maxAge, maxDistanceKm, verifiedOnly, compatibility };
      return estimateAudience(db, audience, deps.stays.today());
    },
  };
}

/**
 * A dealbreaker on a field the viewer's audience is never asked (hijab from a woman, beard from
 * a man) would leave no one: refused with the field named, like any other bad dealbreaker.
 */
function checkDealbreakersFor(gender: 'homme' | 'femme' | null, filters: PreferencesInput) {
  if (!filters.dealbreakers) return;
  const allowed: readonly DealbreakerField[] = gender ? dealbreakerFieldsFor(gender) : [];
  const refused = (Object.keys(filters.dealbreakers) as DealbreakerField[]).filter(
    (field) => !allowed.includes(field),
  );
  if (refused.length > 0) {
    throw invalidFields(
      refused.map((field) => ({
        path: `dealbreakers.${field}`,
        code: 'DEALBREAKER_INVALID',
        message: errorText('DEALBREAKER_INVALID'),
      })),
    );
  }
}
