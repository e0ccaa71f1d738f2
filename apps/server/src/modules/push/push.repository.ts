import { and, desc, eq, gt, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { members, notificationSettings, pushSubscriptions, sessions } from '../../db/schema.ts';

export type StoredSubscription = {
  memberId: string;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiresAt: Date | null;
  language: 'fr' | 'en';
};

/**
 * Stores a subscription, or updates the one with that endpoint: it then belongs to this member
 * and session (a browser shared by two members notifies the one signed in last). Then drops the
 * member's oldest beyond `cap`. The member row is locked meanwhile, so two devices subscribing at
 * once cannot both stay over the cap.
 */
export async function saveSubscription(
  tx: Executor,
  subscription: StoredSubscription,
  now: Date,
  cap: number,
): Promise<void> {
  await tx
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, subscription.memberId))
    .for('no key update');
  await tx
    .insert(pushSubscriptions)
    .values({ ...subscription, createdAt: now, subscribedAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        memberId: subscription.memberId,
        sessionId: subscription.sessionId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        expiresAt: subscription.expiresAt,
        language: subscription.language,
        subscribedAt: now,
        // Another member's device from now on: its history is not theirs.
        createdAt: sql`case when ${pushSubscriptions.memberId} = ${subscription.memberId}::uuid then ${pushSubscriptions.createdAt} else ${now.toISOString()}::timestamptz end`,
      },
    });
  const kept = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, subscription.memberId))
    .orderBy(desc(pushSubscriptions.subscribedAt), desc(pushSubscriptions.id))
    .limit(cap);
  await tx
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.memberId, subscription.memberId),
        notInArray(pushSubscriptions.id, kept),
      ),
    );
}

/** Answers whether the member had a subscription at that endpoint. */
export async function deleteSubscription(
  db: Executor,
  memberId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service said the endpoint is gone (404, 410): whoever held it. */
export async function deleteEndpoint(db: Executor, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** The subscriptions made in sessions that ended (one, or all of a member's). */
export async function deleteSessionSubscriptions(
  db: Executor,
  ended: { sessionId: string } | { memberId: string },
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      'sessionId' in ended
        ? eq(pushSubscriptions.sessionId, ended.sessionId)
        : eq(pushSubscriptions.memberId, ended.memberId),
    );
}

/**
 * A subscription that may still be pushed to (joined with its session): the session is live (not
 * revoked, not expired) and the push service has not ended it.
 */
const deliverable = (now: Date) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    or(isNull(pushSubscriptions.expiresAt), gt(pushSubscriptions.expiresAt, now)),
  );

/**
 * `memberId` (a value or a statement's column) has a device that may be pushed to, as a SQL
 * condition: what a query over many members asks instead of `deliverableSubscriptions` for each.
 */
export function pushReachable(memberId: SQL, now: Date): SQL {
  return sql`exists (select 1 from ${pushSubscriptions}
    join ${sessions} on ${sessions.id} = ${pushSubscriptions.sessionId}
    where ${pushSubscriptions.memberId} = ${memberId} and ${deliverable(now)})`;
}

/** The member's subscriptions that may still be pushed to. */
export async function deliverableSubscriptions(db: Executor, memberId: string, now: Date) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      language: pushSubscriptions.language,
    })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.memberId, memberId), deliverable(now)))
    .orderBy(desc(pushSubscriptions.subscribedAt));
}

export type NewSettingsRow = typeof notificationSettings.$inferInsert;

export async function findSettings(db: Executor, memberId: string) {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.memberId, memberId));
  return row;
}

/**
 * Records members' languages: `rows` (the defaults with the language) for members who have no
 * settings yet, only the language and the time for the others, and nothing where it is the same.
 */
export async function saveLanguages(db: Executor, rows: NewSettingsRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: notificationSettings.memberId,
      set: { language: sql`excluded.language`, updatedAt: sql`excluded.updated_at` },
      setWhere: sql`${notificationSettings.language} <> excluded.language`,
    });
}

/**
 * Writes the member's settings: `row` when they have none yet, else only `changes` (all of
 * `row` unless given). A field left undefined keeps what is stored.
 */
export async function saveSettings(
  db: Executor,
  row: NewSettingsRow,
  changes: Partial<NewSettingsRow> = row,
): Promise<void> {
  const { memberId: _member, ...set } = changes;
  await db
    .insert(notificationSettings)
    .values(row)
    .onConflictDoUpdate({ target: notificationSettings.memberId, set });
}
