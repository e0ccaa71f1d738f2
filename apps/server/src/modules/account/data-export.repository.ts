import { and, asc, desc, eq, getTableColumns, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.ts';
import {
  blocks,
  calls,
  dataExports,
  emailDigests,
  guardianFollows,
  guardianSettings,
  guardians,
  guardianVisits,
  likes,
  members,
  messages,
  notificationSettings,
  orders,
  photos,
  profileViews,
  pushSubscriptions,
  reports,
  sessions,
  unmatches,
  verificationRequests,
} from '../../db/schema.ts';

export type DataExportRow = typeof dataExports.$inferSelect;

/** The member's latest export. */
export async function latestExport(
  db: Executor,
  memberId: string,
): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.memberId, memberId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  return row;
}

export async function insertExport(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values({ memberId, requestedAt: now }).returning();
  if (!row) throw new Error('The export was not stored');
  return row;
}

/**
 * Takes the oldest pending export no other node holds, for `leaseMs`: a node that dies while
 * making it lets it go at the lease's end.
 */
export async function claimPendingExport(
  db: Executor,
  now: Date,
  leaseMs: number,
): Promise<DataExportRow | undefined> {
  const result = await db.execute<{ id: string }>(sql`
    update data_exports set claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
    where id = (
      select id from data_exports
      where status = 'pending' and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
      order by requested_at
      limit 1
      for update skip locked)
    returning id`);
  const id = result.rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** Answers false when the export is gone meanwhile (its member deleted the account). */
export async function markExportReady(
  db: Executor,
  id: string,
  done: { fileKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ ...done, status: 'ready', claimedUntil: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
    .returning({ id: dataExports.id });
  return rows.length === 1;
}

export async function markExportFailed(db: Executor, id: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed', claimedUntil: null })
    .where(eq(dataExports.id, id));
}

/** Deletes the exports past their expiry; answers their files, to delete. */
export async function deleteExpiredExports(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .delete(dataExports)
    .where(
      or(
        lt(dataExports.expiresAt, now),
        // A failed one is kept a day, so the member sees that it failed.
        and(eq(dataExports.status, 'failed'), lt(dataExports.requestedAt, dayBefore(now))),
      ),
    )
    .returning({ fileKey: dataExports.fileKey });
  return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
}

/** Those of `keys` that an export row names. */
export async function namedExportFiles(db: Executor, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: dataExports.fileKey })
    .from(dataExports)
    .where(inArray(dataExports.fileKey, keys));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/** Deletes the member's exports that are not being made (a new request replaces them). */
export async function deleteOffered(db: Executor, memberId: string): Promise<string[]> {
  const rows = await db
    .delete(dataExports)
    .where(and(eq(dataExports.memberId, memberId), ne(dataExports.status, 'pending')))
    .returning({ fileKey: dataExports.fileKey });
  return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
}

const dayBefore = (now: Date) => new Date(now.getTime() - 24 * 60 * 60 * 1000);

/**
 * Every column of the member row but the password hash, which is withheld even from its owner,
 * and the columns computed from the others for the suggestions' index and filters (the position,
 * the answers and dealbreakers as bits: ADR 042), which tell nothing the export does not.
 */
const {
  passwordHash: _hash,
  position: _position,
  faithBits: _faithBits,
  familyBits: _familyBits,
  faithRejects: _faithRejects,
  familyRejects: _familyRejects,
  acceptedLanguages: _acceptedLanguages,
  answersBox: _answersBox,
  ...profileColumns
} = getTableColumns(members);

const otherMember = (column: AnyPgColumn) =>
  sql<string | null>`(select o.name from members o where o.id = ${column})`;

/**
 * Everything the service holds about a member, as plain data: the profile, photos, likes given
 * and received, profile views either way, blocks and ended matches, messages and calls either
 * way, sessions, push subscriptions (each one's push service), notification settings and the
 * last e-mail digest,
 * payments and gifts received, the reports they made, their verification requests, and family
 * mode: their guardians (never the link's hash), the visit log, the default and each
 * conversation's choice (ADR 045).
 */
export async function collectMemberData(db: Executor, memberId: string) {
  const [profile] = await db.select(profileColumns).from(members).where(eq(members.id, memberId));
  if (!profile) return undefined;
  const memberPhotos = await db
    .select()
    .from(photos)
    .where(eq(photos.memberId, memberId))
    .orderBy(asc(photos.position));
  const likesGiven = await db
    .select({ memberId: likes.likedId, name: otherMember(likes.likedId), at: likes.createdAt })
    .from(likes)
    .where(eq(likes.likerId, memberId))
    .orderBy(asc(likes.createdAt));
  const likesReceived = await db
    .select({ memberId: likes.likerId, name: otherMember(likes.likerId), at: likes.createdAt })
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
  const blocked = await db
    .select({ memberId: blocks.blockedId, at: blocks.createdAt })
    .from(blocks)
    .where(eq(blocks.blockerId, memberId));
  const matchesEnded = await db
    .select({ memberId: unmatches.otherId, at: unmatches.unmatchedAt })
    .from(unmatches)
    .where(eq(unmatches.memberId, memberId));
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
  const memberSessions = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
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
  const { reporterId: _reporter, ...reportColumns } = getTableColumns(reports);
  const reportsMade = await db
    .select(reportColumns)
    .from(reports)
    .where(eq(reports.reporterId, memberId))
    .orderBy(asc(reports.createdAt));
  // Their verification requests (issue 21), and the selfie file of each; not the moderator who
  // decided, nor the other account a selfie looked like.
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
    .select({ followNewConversations: guardianSettings.followNew })
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
  return {
    profile,
    photos: memberPhotos,
    likesGiven,
    likesReceived,
    viewsGiven,
    viewsReceived,
    blocked,
    matchesEnded,
    // The scam shield's warning on a message is the receiver's: the sender is never told (ADR 043).
    messages: conversation.map(({ shield, ...message }) =>
      message.senderId === memberId ? message : { ...message, shield },
    ),
    calls: memberCalls,
    sessions: memberSessions,
    pushSubscriptions: devices.map(({ endpoint, ...dates }) => ({
      pushService: new URL(endpoint).origin,
      ...dates,
    })),
    notificationSettings: settings ?? null,
    emailDigest: digest ?? null,
    payments,
    giftsReceived,
    reportsMade,
    verifications,
    guardians: {
      guardians: memberGuardians,
      visits,
      followNewConversations: guardianDefault?.followNewConversations ?? false,
      conversations: follows,
    },
  };
}

export type MemberData = NonNullable<Awaited<ReturnType<typeof collectMemberData>>>;
