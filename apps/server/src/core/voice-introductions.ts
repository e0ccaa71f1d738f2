import type { VoiceIntroduction } from '@mawadda/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { voiceIntroductions } from '../db/schema.ts';
import type { MediaLinks } from '../lib/media-links.ts';
import { blockedBetween, moderatorRoles } from './member-rules.ts';
import { queueMediaDeletions } from './members.repository.ts';

/** Voice introductions live in the private media store, under their own folder (ADR 072). */
export const VOICE_INTRODUCTION_FOLDER = 'introductions';

export type VoiceIntroductionRow = typeof voiceIntroductions.$inferSelect;

export async function findVoiceIntroduction(
  db: Executor,
  memberId: string,
): Promise<VoiceIntroductionRow | undefined> {
  const [row] = await db
    .select()
    .from(voiceIntroductions)
    .where(eq(voiceIntroductions.memberId, memberId));
  return row;
}

/**
 * The member's voice introduction becomes this one; the file of the one it replaces is queued for
 * deletion in the same transaction, so it goes once the change is committed.
 */
export async function saveVoiceIntroduction(
  tx: Executor,
  row: Omit<VoiceIntroductionRow, 'createdAt'> & { createdAt: Date },
): Promise<void> {
  const previous = await findVoiceIntroduction(tx, row.memberId);
  await tx
    .insert(voiceIntroductions)
    .values(row)
    .onConflictDoUpdate({
      target: voiceIntroductions.memberId,
      set: {
        mediaKey: row.mediaKey,
        seconds: row.seconds,
        bytes: row.bytes,
        createdAt: row.createdAt,
      },
    });
  if (previous) await queueMediaDeletions(tx, [previous.mediaKey], 'private-media');
}

/** Removes the member's voice introduction, its file queued for deletion; false when none. */
export async function removeVoiceIntroduction(tx: Executor, memberId: string): Promise<boolean> {
  const removed = await tx
    .delete(voiceIntroductions)
    .where(eq(voiceIntroductions.memberId, memberId))
    .returning({ key: voiceIntroductions.mediaKey });
  await queueMediaDeletions(
    tx,
    removed.map((r) => r.key),
    'private-media',
  );
  return removed.length > 0;
}

/** The voice introduction as `viewerId` gets it: a link signed for them. */
export function voiceIntroductionFor(
  links: MediaLinks,
  viewerId: string,
  row: VoiceIntroductionRow | undefined,
): VoiceIntroduction | null {
  if (!row) return null;
  return { url: links.urlFor(viewerId, row.mediaKey), seconds: row.seconds, bytes: row.bytes };
}

/**
 * Who owns the voice introduction with this key and what stands between them and `viewerId`, in
 * one statement: the private media route asks on every request, as for a photo (ADR 019), so a
 * link stops working once a block begins, the owner is suspended or the file is replaced.
 */
export async function findVoiceIntroductionAccess(db: Executor, key: string, viewerId: string) {
  const result = await db.execute<{
    owner_id: string;
    owner_active: boolean;
    moderator: boolean;
    blocked: boolean;
  }>(sql`
    select v.member_id as owner_id, m.standing = 'active' as owner_active,
      exists (select 1 from members r where r.id = ${viewerId} and r.role in (${moderatorRoles})) as moderator,
      ${blockedBetween(viewerId, sql`v.member_id`)} as blocked
    from voice_introductions v join members m on m.id = v.member_id
    where v.media_key = ${key}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    ownerId: row.owner_id,
    ownerActive: row.owner_active,
    moderator: row.moderator,
    blocked: row.blocked,
  };
}

export type VoiceIntroductionAccess = NonNullable<
  Awaited<ReturnType<typeof findVoiceIntroductionAccess>>
>;

/**
 * Whether `viewerId` may play it: its owner and moderators (a report) always; anyone else while
 * the owner is active and neither blocks the other, as anyone shown the profile may hear it.
 */
export function mayPlayVoiceIntroduction(access: VoiceIntroductionAccess, viewerId: string) {
  if (access.ownerId === viewerId || access.moderator) return true;
  return access.ownerActive && !access.blocked;
}
