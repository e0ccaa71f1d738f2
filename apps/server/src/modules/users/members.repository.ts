import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { type MemberRow, members, type PhotoRow, photos } from '../../db/schema.ts';

export type NewMember = typeof members.$inferInsert;
export type NewPhoto = Omit<typeof photos.$inferInsert, 'id' | 'createdAt'>;

export async function findMemberById(db: Executor, id: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row;
}

/** The member's row, locked until the transaction ends. */
export async function lockMember(tx: Executor, id: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(members).where(eq(members.id, id)).for('update');
  return row;
}

export async function findMemberByEmail(
  db: Executor,
  email: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(sql`lower(${members.email}) = lower(${email})`);
  return row;
}

export async function findMemberByGoogleSubject(
  db: Executor,
  subject: string,
): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.googleSubject, subject));
  return row;
}

/** Inserts unless the e-mail (in any case) or the Google account is taken; then answers undefined. */
export async function insertMember(
  db: Executor,
  member: NewMember,
): Promise<MemberRow | undefined> {
  const [row] = await db.insert(members).values(member).onConflictDoNothing().returning();
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

/** Removes some of a member's photos and refreshes the member's `photo_keys`. */
export async function removePhotos(db: Executor, memberId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(photos).where(and(eq(photos.memberId, memberId), inArray(photos.id, ids)));
  await copyPhotoKeys(db, [memberId]);
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

/** Marks the member active; the day number moves them up in others' suggestions. */
export async function touchActivity(db: Executor, memberId: string, now: Date) {
  await db
    .update(members)
    .set({ lastActiveAt: now, activityDay: Math.floor(now.getTime() / 86_400_000) })
    .where(eq(members.id, memberId));
}
