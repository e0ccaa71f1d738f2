/**
 * What the service holds about a member, part by part, for the copy of their data (ADR 020):
 * `collectMemberData` (data-export.repository.ts) reads them one after the other.
 */

import { RESTRICTIONS } from '@mawadda/contract';
import { and, asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.ts';
import {
  appeals,
  blocks,
  calls,
  emailDigests,
  exclusiveProposals,
  familyOpinions,
  guardianFollows,
  guardianSettings,
  guardians,
  guardianVisits,
  likes,
  memberStays,
  messageRequests,
  messages,
  moderationActions,
  notificationSettings,
  orders,
  passkeys,
  profileViews,
  pushSubscriptions,
  recoveryCodes,
  reports,
  sessions,
  totpFactors,
  unmatches,
  verificationRequests,
} from '../../db/schema.ts';

const otherMember = (column: AnyPgColumn) =>
  sql<string | null>`(select o.name from members o where o.id = ${column})`;

/**
 * A like's compliment for the export (ADR 071): its note and what it was about (the photo by its
 * id, the answer's key, or the prompt's key: the answer itself is in its author's export only);
 * null for a like without one.
 */
const complimentOfLike = sql<{ note: string; about: string; photoId: string | null } | null>`(
  select json_build_object('note', k.note, 'about', coalesce(k.answer_key, k.prompt, k.about_kind),
    'photoId', k.photo_id)
  from compliments k where k.liker_id = likes.liker_id and k.liked_id = likes.liked_id)`;

/** Likes given and received (with their compliments), and profile views either way. */
export async function interestIn(db: Executor, memberId: string) {
  const likesGiven = await db
    .select({
      memberId: likes.likedId,
      name: otherMember(likes.likedId),
      at: likes.createdAt,
      compliment: complimentOfLike,
    })
    .from(likes)
    .where(eq(likes.likerId, memberId))
    .orderBy(asc(likes.createdAt));
  const likesReceived = await db
    .select({
      memberId: likes.likerId,
      name: otherMember(likes.likerId),
      at: likes.createdAt,
      compliment: complimentOfLike,
    })
    .from(likes)
    .where(eq(likes.likedId, memberId))
    .orderBy(asc(likes.createdAt));
  const viewsGiven = await db
    .select({ memberId: profileViews.viewedId, at: profileViews.viewedAt })
    .from(profileViews)
    .where(eq(profileViews.viewerId, memberId))
    .orderBy(asc(profileViews.viewedAt));
  const viewsReceived = await db
    .select({ memberId: profileViews.viewerId, at: profileViews.viewedAt })
    .from(profileViews)
    .where(eq(profileViews.viewedId, memberId))
    .orderBy(asc(profileViews.viewedAt));
  return { likesGiven, likesReceived, viewsGiven, viewsReceived };
}

/** The member's blocks and the matches they ended (ADR 017). */
export async function separations(db: Executor, memberId: string) {
  const blocked = await db
    .select({ memberId: blocks.blockedId, at: blocks.createdAt })
    .from(blocks)
    .where(eq(blocks.blockerId, memberId));
  const matchesEnded = await db
    .select({ memberId: unmatches.otherId, at: unmatches.unmatchedAt })
    .from(unmatches)
    .where(eq(unmatches.memberId, memberId));
  return { blocked, matchesEnded };
}

/**
 * Exclusive mode (ADR 070): the proposals the member made and received (the relationship itself
 * is in the profile, `exclusiveWith` and `exclusiveSince`).
 */
export async function exclusiveMode(db: Executor, memberId: string) {
  const made = await db
    .select({ memberId: exclusiveProposals.receiverId, at: exclusiveProposals.proposedAt })
    .from(exclusiveProposals)
    .where(eq(exclusiveProposals.proposerId, memberId));
  const received = await db
    .select({ memberId: exclusiveProposals.proposerId, at: exclusiveProposals.proposedAt })
    .from(exclusiveProposals)
    .where(eq(exclusiveProposals.receiverId, memberId));
  return { exclusiveProposals: { made, received } };
}

/** Messages, calls and message requests either way. */
export async function conversations(db: Executor, memberId: string) {
  const conversation = await db
    .select()
    .from(messages)
    .where(or(eq(messages.senderId, memberId), eq(messages.receiverId, memberId)))
    .orderBy(asc(messages.seq));
  const memberCalls = await db
    .select()
    .from(calls)
    .where(or(eq(calls.callerId, memberId), eq(calls.calleeId, memberId)))
    .orderBy(asc(calls.startedAt));
  // The message requests they sent and received (ADR 068): whom, when, and the answer.
  const requests = await db
    .select()
    .from(messageRequests)
    .where(or(eq(messageRequests.senderId, memberId), eq(messageRequests.receiverId, memberId)))
    .orderBy(asc(messageRequests.sentAt));
  return {
    // The scam shield's warning on a message is the receiver's: the sender is never told (ADR 043).
    // A message a moderator hid is its sender's still; its receiver keeps only that it came
    // (ADR 083).
    messages: conversation.map(({ shield, ...message }) =>
      message.senderId === memberId
        ? message
        : message.hiddenBy !== null
          ? {
              ...message,
              content: null,
              imageKey: null,
              audioKey: null,
              mediaBytes: null,
              shield: 0,
            }
          : { ...message, shield },
    ),
    calls: memberCalls,
    messageRequests: requests.map((r) => ({
      direction: r.senderId === memberId ? 'sent' : 'received',
      otherMemberId: r.senderId === memberId ? r.receiverId : r.senderId,
      state: r.state,
      reply: r.reply,
      sentAt: r.sentAt,
      answeredAt: r.answeredAt,
    })),
  };
}

/**
 * Sessions, the second factor's dates (ADR 074), push subscriptions (each one's push service),
 * notification settings and the last e-mail digest (ADR 036, 038).
 */
export async function devicesAndNotices(db: Executor, memberId: string) {
  const memberSessions = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      browser: sessions.browser,
      os: sessions.os,
      country: sessions.country,
      lastActiveAt: sessions.lastActiveAt,
    })
    .from(sessions)
    .where(eq(sessions.memberId, memberId))
    .orderBy(asc(sessions.createdAt));
  // Where each device is reached, not the endpoint itself: with its keys it lets anyone push.
  const devices = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      subscribedAt: pushSubscriptions.subscribedAt,
      expiresAt: pushSubscriptions.expiresAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId))
    .orderBy(asc(pushSubscriptions.createdAt));
  const { memberId: _settingsOf, ...settingsColumns } = getTableColumns(notificationSettings);
  const [settings] = await db
    .select(settingsColumns)
    .from(notificationSettings)
    .where(eq(notificationSettings.memberId, memberId));
  const [digest] = await db
    .select({ lastSentAt: emailDigests.sentAt })
    .from(emailDigests)
    .where(eq(emailDigests.memberId, memberId));
  // The authenticator app's dates, never its secret; the recovery codes' dates, never the codes.
  const [app] = await db
    .select({ setUpAt: totpFactors.createdAt, confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.memberId, memberId));
  const codes = await db
    .select({ createdAt: recoveryCodes.createdAt, usedAt: recoveryCodes.usedAt })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.memberId, memberId))
    .orderBy(asc(recoveryCodes.createdAt));
  return {
    sessions: memberSessions,
    secondFactor: { authenticatorApp: app ?? null, recoveryCodes: codes },
    pushSubscriptions: devices.map(({ endpoint, ...dates }) => ({
      pushService: new URL(endpoint).origin,
      ...dates,
    })),
    notificationSettings: settings ?? null,
    emailDigest: digest ?? null,
  };
}

/** The member's passkeys (ADR 073): how they are named and used, never their keys. */
export async function passkeysOf(db: Executor, memberId: string) {
  return db
    .select({
      name: passkeys.name,
      deviceType: passkeys.deviceType,
      backedUp: passkeys.backedUp,
      transports: passkeys.transports,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.memberId, memberId))
    .orderBy(asc(passkeys.createdAt));
}

/** Payments made and gifts received (ADR 015). */
export async function purchases(db: Executor, memberId: string) {
  const { memberId: _payer, ...orderColumns } = getTableColumns(orders);
  const payments = await db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.memberId, memberId))
    .orderBy(asc(orders.createdAt));
  const giftsReceived = await db
    .select({ giftId: orders.giftId, from: orders.memberId, paidAt: orders.paidAt })
    .from(orders)
    .where(and(eq(orders.receiverId, memberId), eq(orders.status, 'paid')))
    .orderBy(asc(orders.paidAt));
  return { payments, giftsReceived };
}

/**
 * The reports they made (ADR 018), the decisions about them and their appeals (ADR 076), and
 * their verification requests (ADR 044) with the selfie file of each; not the moderator who decided, nor the other account a selfie looked like.
 */
export async function safety(db: Executor, memberId: string) {
  const { reporterId: _reporter, ...reportColumns } = getTableColumns(reports);
  const reportsMade = await db
    .select(reportColumns)
    .from(reports)
    .where(eq(reports.reporterId, memberId))
    .orderBy(asc(reports.createdAt));
  const verifications = await db
    .select({
      id: verificationRequests.id,
      trigger: verificationRequests.trigger,
      pose: verificationRequests.pose,
      poseDrawnAt: verificationRequests.poseDrawnAt,
      poseExpiresAt: verificationRequests.poseExpiresAt,
      selfieKey: verificationRequests.selfieKey,
      submittedAt: verificationRequests.submittedAt,
      status: verificationRequests.status,
      reason: verificationRequests.reason,
      decidedAt: verificationRequests.decidedAt,
    })
    .from(verificationRequests)
    .where(eq(verificationRequests.memberId, memberId))
    .orderBy(asc(verificationRequests.createdAt));
  // The restrictions decided about them and their appeals (ADR 076): what the statements of
  // reasons said, never the moderator nor their comments.
  const moderationDecisions = await db
    .select({
      id: moderationActions.id,
      decision: moderationActions.action,
      rule: moderationActions.rule,
      fact: moderationActions.fact,
      reason: moderationActions.reason,
      profileTexts: moderationActions.profileTexts,
      suspendedUntil: moderationActions.suspendedUntil,
      decidedAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.memberId, memberId),
        inArray(moderationActions.action, [...RESTRICTIONS]),
      ),
    )
    .orderBy(asc(moderationActions.seq));
  const { answeredBy: _answeredBy, memberId: _member, ...appealColumns } = getTableColumns(appeals);
  const memberAppeals = await db
    .select(appealColumns)
    .from(appeals)
    .where(eq(appeals.memberId, memberId))
    .orderBy(asc(appeals.filedAt));
  return { reportsMade, moderationDecisions, appeals: memberAppeals, verifications };
}

/**
 * Family mode (ADR 045): their guardians (never the link's hash), the visit log, the default and
 * each conversation's choice; the opinions asked of them on matches and whether a match may show
 * the member to their family (ADR 078).
 */
export async function familyMode(db: Executor, memberId: string) {
  const memberGuardians = await db
    .select({
      id: guardians.id,
      name: guardians.name,
      relation: guardians.relation,
      email: guardians.email,
      language: guardians.language,
      createdAt: guardians.createdAt,
      revokedAt: guardians.revokedAt,
      lastVisitAt: guardians.lastVisitAt,
    })
    .from(guardians)
    .where(eq(guardians.memberId, memberId))
    .orderBy(asc(guardians.createdAt));
  const visits = await db
    .select({ guardianId: guardianVisits.guardianId, at: guardianVisits.at })
    .from(guardianVisits)
    .innerJoin(guardians, eq(guardians.id, guardianVisits.guardianId))
    .where(eq(guardians.memberId, memberId))
    .orderBy(asc(guardianVisits.at));
  const [guardianDefault] = await db
    .select({
      followNewConversations: guardianSettings.followNew,
      shownToFamilies: guardianSettings.shownToFamilies,
    })
    .from(guardianSettings)
    .where(eq(guardianSettings.memberId, memberId));
  const follows = await db
    .select({
      memberId: guardianFollows.otherId,
      followed: guardianFollows.followed,
      since: guardianFollows.since,
    })
    .from(guardianFollows)
    .where(eq(guardianFollows.memberId, memberId));
  // The family's opinions she asked on her matches (ADR 078): never the link's hash.
  const opinions = await db
    .select({
      id: familyOpinions.id,
      guardianId: familyOpinions.guardianId,
      memberId: familyOpinions.otherId,
      createdAt: familyOpinions.createdAt,
      expiresAt: familyOpinions.expiresAt,
      revokedAt: familyOpinions.revokedAt,
      answer: familyOpinions.answer,
      note: familyOpinions.note,
      answeredAt: familyOpinions.answeredAt,
    })
    .from(familyOpinions)
    .where(eq(familyOpinions.memberId, memberId))
    .orderBy(asc(familyOpinions.createdAt));
  return {
    guardians: memberGuardians,
    visits,
    followNewConversations: guardianDefault?.followNewConversations ?? false,
    shownToFamilies: guardianDefault?.shownToFamilies ?? true,
    conversations: follows,
    opinions,
  };
}

/** The stays announced in travel mode (ADR 077), the town's coordinates and never hers. */
export async function travelStays(db: Executor, memberId: string) {
  return db
    .select({
      town: memberStays.town,
      countryCode: memberStays.countryCode,
      latitude: memberStays.latitude,
      longitude: memberStays.longitude,
      arrivesOn: memberStays.arrivesOn,
      departsOn: memberStays.departsOn,
      createdAt: memberStays.createdAt,
    })
    .from(memberStays)
    .where(eq(memberStays.memberId, memberId))
    .orderBy(asc(memberStays.arrivesOn));
}
