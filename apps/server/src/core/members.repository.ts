import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import {
  type MEDIA_STORES,
  mediaDeletions,
  members,
  moderationActions,
  notificationSettings,
  type PhotoRow,
  photos,
} from '../db/schema.ts';
import type { MailLanguage } from '../lib/bilingual-mail.ts';
import { type Member, memberColumns } from './member-columns.ts';
import { likeStateColumns, type Viewer, visibleTo } from './member-view.ts';
import { photoFilesOf } from './profile-photos.ts';

export type NewMember = typeof members.$inferInsert;
export type NewPhoto = Omit<typeof photos.$inferInsert, 'id' | 'createdAt'>;

const emailIs = (email: string) => sql`lower(${members.email}) = lower(${email})`;

export async function findMemberById(db: Executor, id: string): Promise<Member | undefined> {
  const [row] = await db.select(memberColumns).from(members).where(eq(members.id, id));
  return row;
}

/**
 * Where and how to write to a member: their address, their name, and the language they use the
 * app in as last recorded (from their requests' `Accept-Language`, ADR 038, 040), which every
 * mail to them puts first. French when none is recorded yet, as most members read it.
 */
export async function findMailRecipient(
  db: Executor,
  id: string,
): Promise<{ email: string; name: string; language: MailLanguage } | undefined> {
  const [row] = await db
    .select({
      email: members.email,
      name: members.name,
      language: sql<MailLanguage>`coalesce(${notificationSettings.language}, 'fr')`,
    })
    .from(members)
    .leftJoin(notificationSettings, eq(notificationSettings.memberId, members.id))
    .where(eq(members.id, id));
  return row;
}

/**
 * Another member, when `viewer` may see them (`visibleTo`), with whether the viewer liked them
 * and whether it is a match; otherwise nothing, as if unknown.
 */
export async function findVisibleMember(db: Executor, viewer: Viewer, memberId: string) {
  const [row] = await db
    .select({ ...memberColumns, ...likeStateColumns(viewer.id) })
    .from(members)
    .where(and(eq(members.id, memberId), visibleTo(viewer)));
  return row;
}

/**
 * The member with the ids of their photos in the order of `photoKeys` (a profile's `mediaUrls`):
 * what a compliment names a photo by (ADR 071).
 */
export async function withPhotoIds<M extends { id: string; photoKeys: string[] }>(
  db: Executor,
  member: M,
): Promise<M & { photoIds: string[] }> {
  const rows = await db
    .select({ id: photos.id, displayKey: photos.displayKey })
    .from(photos)
    .where(eq(photos.memberId, member.id));
  const byKey = new Map(rows.map((row) => [row.displayKey, row.id]));
  const photoIds = member.photoKeys.flatMap((key) => {
    const id = byKey.get(key);
    return id ? [id] : [];
  });
  return { ...member, photoIds };
}

/** A member's name and photos, with whether `viewerId` matched with them (which unblurs them). */
export async function findPictured(db: Executor, viewerId: string, memberId: string) {
  const [row] = await db
    .select({
      id: members.id,
      name: members.name,
      photoKeys: members.photoKeys,
      photosBlurred: members.photosBlurred,
      matched: likeStateColumns(viewerId).matched,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/** The member's row, locked until the transaction ends. */
export async function lockMember(tx: Executor, id: string): Promise<Member | undefined> {
  const [row] = await tx
    .select(memberColumns)
    .from(members)
    .where(eq(members.id, id))
    .for('update');
  return row;
}

export async function findMemberByEmail(db: Executor, email: string): Promise<Member | undefined> {
  const [row] = await db.select(memberColumns).from(members).where(emailIs(email));
  return row;
}

/** What a password sign-in checks, and nothing else. */
export async function findCredentials(
  db: Executor,
  email: string,
): Promise<{ id: string; passwordHash: string | null } | undefined> {
  const [row] = await db
    .select({ id: members.id, passwordHash: members.passwordHash })
    .from(members)
    .where(emailIs(email));
  return row;
}

export async function findMemberByGoogleSubject(
  db: Executor,
  subject: string,
): Promise<Member | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(members)
    .where(eq(members.googleSubject, subject));
  return row;
}

/** Inserts unless the e-mail (in any case) or the Google account is taken; then answers undefined. */
export async function insertMember(db: Executor, member: NewMember): Promise<Member | undefined> {
  const [row] = await db
    .insert(members)
    .values(member)
    .onConflictDoNothing()
    .returning(memberColumns);
  return row;
}

export async function updateMember(
  db: Executor,
  id: string,
  changes: Partial<NewMember>,
): Promise<void> {
  await db
    .update(members)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(members.id, id));
}

/** The member's consent to `version` of the privacy text; one already given to it stays as it was. */
export async function recordConsent(
  db: Executor,
  id: string,
  version: string,
  at: Date,
): Promise<void> {
  await db
    .update(members)
    .set({ religiousDataConsentAt: at, religiousDataConsentVersion: version })
    .where(
      and(
        eq(members.id, id),
        sql`${members.religiousDataConsentVersion} is distinct from ${version}`,
      ),
    );
}

export async function setGoogleSubject(db: Executor, id: string, subject: string): Promise<void> {
  await db
    .update(members)
    .set({ googleSubject: subject })
    .where(and(eq(members.id, id), sql`${members.googleSubject} is null`));
}

/** Adds photos, of one member or several, and refreshes those members' `photo_keys`. */
export async function addPhotos(db: Executor, rows: NewPhoto[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(photos).values(rows);
  await copyPhotoKeys(db, [...new Set(rows.map((r) => r.memberId))]);
}

/**
 * Removes some of a member's photos, refreshes the member's `photo_keys` and queues the files
 * for deletion in the same transaction: they go once it commits (`media-janitor.ts`).
 */
export async function removePhotos(db: Executor, memberId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const removed = await db
    .delete(photos)
    .where(and(eq(photos.memberId, memberId), inArray(photos.id, ids)))
    .returning({ displayKey: photos.displayKey, thumbnailKey: photos.thumbnailKey });
  await copyPhotoKeys(db, [memberId]);
  await queueMediaDeletions(db, removed.flatMap(photoFilesOf));
}

/**
 * Puts a member's photos in the order of `displayKeys` (the first is the main photo), the photos
 * it does not name after them in their order, numbered 0..n-1 again; refreshes `photo_keys`.
 */
export async function reorderPhotos(
  db: Executor,
  memberId: string,
  displayKeys: string[],
): Promise<void> {
  if (displayKeys.length === 0) return;
  // Out of the way first: the unique (member, position) index is checked row by row.
  await db
    .update(photos)
    .set({ position: sql`-1 - ${photos.position}` })
    .where(eq(photos.memberId, memberId));
  const named = sql`array[${sql.join(
    displayKeys.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;
  await db.execute(sql`
    update ${photos} set position = ranked.rank
    from (
      select id, row_number() over (
        order by array_position(${named}, display_key) nulls last, position desc
      ) - 1 as rank
      from ${photos} where member_id = ${memberId}
    ) as ranked
    where ${photos.id} = ranked.id`);
  await copyPhotoKeys(db, [memberId]);
}

/** Files to delete once the transaction commits (`media-janitor.ts`), in the folder named. */
export async function queueMediaDeletions(
  db: Executor,
  keys: string[],
  store: (typeof MEDIA_STORES)[number] = 'media',
): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(mediaDeletions)
    .values(keys.map((key) => ({ key, store })))
    .onConflictDoNothing();
}

/** `members.photo_keys` is a copy of the photos' display keys: every photo change ends here. */
async function copyPhotoKeys(db: Executor, memberIds: string[]): Promise<void> {
  await db
    .update(members)
    .set({
      photoKeys: sql`array(select ${photos.displayKey} from ${photos} where ${photos.memberId} = ${members.id} order by ${photos.position})`,
    })
    .where(inArray(members.id, memberIds));
}

export async function listPhotos(db: Executor, memberIds: string[]): Promise<PhotoRow[]> {
  if (memberIds.length === 0) return [];
  return db
    .select()
    .from(photos)
    .where(inArray(photos.memberId, memberIds))
    .orderBy(asc(photos.memberId), asc(photos.position), asc(photos.createdAt));
}

/** Marks members active; the day number moves them up in others' suggestions. */
export async function touchActivities(db: Executor, memberIds: readonly string[], now: Date) {
  await db
    .update(members)
    .set({ lastActiveAt: now, activityDay: Math.floor(now.getTime() / 86_400_000) })
    .where(inArray(members.id, [...memberIds]));
}

/**
 * Whether a moderator suspended or banned the member, until when, and the reason the moderator
 * recorded for the latest suspension or ban (ADR 018), which the member is shown.
 */
export async function findStanding(db: Executor, memberId: string) {
  const [row] = await db
    .select({
      standing: members.standing,
      suspendedUntil: members.suspendedUntil,
      reason: sql<string | null>`(
        select ${moderationActions.reason} from ${moderationActions}
        where ${moderationActions.memberId} = ${memberId}
          and ${moderationActions.action} in ('suspend', 'ban')
        order by ${moderationActions.createdAt} desc limit 1)`,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

export async function liftSuspension(db: Executor, memberId: string) {
  await db
    .update(members)
    .set({ standing: 'active', suspendedUntil: null })
    .where(and(eq(members.id, memberId), eq(members.standing, 'suspended')));
}
