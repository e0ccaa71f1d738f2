import { and, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { memberColumns } from '../../core/member-columns.ts';
import { listPromptAnswers } from '../../core/profile-prompts.ts';
import { findVoiceIntroduction } from '../../core/voice-introductions.ts';
import type { Executor } from '../../db/database.ts';
import { dataExports, members, photos } from '../../db/schema.ts';
import {
  conversations,
  devicesAndNotices,
  exclusiveMode,
  familyMode,
  interestIn,
  passkeysOf,
  purchases,
  safety,
  separations,
  travelStays,
} from './member-data.repository.ts';

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
 * A member's columns as the server reads them (no password hash, which is withheld even from its
 * owner, nor the answers and dealbreakers as bits: ADR 042), less the position, computed for the
 * suggestions' index: none tells anything the export does not.
 */
const { position: _position, ...profileColumns } = memberColumns;

/**
 * Everything the service holds about a member, as plain data (ADR 020): the profile, photos,
 * answers to prompts and the voice introduction (ADR 072), likes given and received, profile views
 * either way, blocks and ended matches, messages, calls and message requests either way, sessions,
 * push subscriptions, notification settings and the last e-mail digest, payments and gifts
 * received, the reports they made, their verification requests, family mode and the stays of
 * travel mode (the parts of member-data.repository.ts), read one after the other on the one
 * connection or transaction given, in the order the archive lists them.
 */
export async function collectMemberData(db: Executor, memberId: string) {
  const [profile] = await db.select(profileColumns).from(members).where(eq(members.id, memberId));
  if (!profile) return undefined;
  const memberPhotos = await db
    .select()
    .from(photos)
    .where(eq(photos.memberId, memberId))
    .orderBy(asc(photos.position));
  return {
    profile,
    photos: memberPhotos,
    promptAnswers: await listPromptAnswers(db, memberId),
    voiceIntroduction: (await findVoiceIntroduction(db, memberId)) ?? null,
    ...(await interestIn(db, memberId)),
    ...(await separations(db, memberId)),
    ...(await exclusiveMode(db, memberId)),
    ...(await conversations(db, memberId)),
    ...(await devicesAndNotices(db, memberId)),
    passkeys: await passkeysOf(db, memberId),
    ...(await purchases(db, memberId)),
    ...(await safety(db, memberId)),
    guardians: await familyMode(db, memberId),
    stays: await travelStays(db, memberId),
  };
}

export type MemberData = NonNullable<Awaited<ReturnType<typeof collectMemberData>>>;
