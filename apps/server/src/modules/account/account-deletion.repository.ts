import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { queueMediaDeletions, removePhotos } from '../../core/members.repository.ts';
import type { Executor } from '../../db/database.ts';
import {
  dataExports,
  members,
  photos,
  verificationRequests,
  voiceIntroductions,
} from '../../db/schema.ts';

/**
 * Erases a member, in the caller's transaction (ADR 020). What outlives the account, because the
 * other side or the law needs it, moves to a stand-in row made now with a new id and no personal
 * data (`standing = 'deleted'`): the messages and calls of their conversations (the photos and
 * voice notes they sent are erased, the messages marked so), their payment records (a pending
 * one is cancelled: nothing more is granted) and the reports they made, which a moderator may
 * still act on. Everything else goes with the member row: profile, photos, answers to prompts and
 * the voice introduction (ADR 072), likes, views, blocks, unmatches, message requests either way
 * (ADR 068), sessions, the second factor (ADR 074), reset links, exports, reports about them. Files are queued for deletion
 * after the commit. Answers the stand-in's id, or undefined when the member is already gone.
 */
export async function eraseMember(tx: Executor, memberId: string): Promise<string | undefined> {
  const [member] = await tx
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!member) return undefined;
  const standIn = randomUUID();
  await tx.insert(members).values({
    id: standIn,
    // Not an e-mail address: nobody can sign in as, or be mailed at, a stand-in.
    email: `deleted:${standIn}`,
    name: '',
    standing: 'deleted',
  });

  // Exclusive mode ends with the account (ADR 070): the other member is free again (the key
  // would clear `exclusive_with` with the row; `exclusive_since` goes with it here).
  await tx.execute(sql`
    update members set exclusive_with = null, exclusive_since = null where exclusive_with = ${memberId}`);

  const sentMedia = await tx.execute<{ image_key: string | null; audio_key: string | null }>(sql`
    select image_key, audio_key from messages
    where sender_id = ${memberId} and (image_key is not null or audio_key is not null)`);
  await tx.execute(sql`
    update messages set image_key = null, audio_key = null, media_removed = true
    where sender_id = ${memberId} and (image_key is not null or audio_key is not null)`);
  await tx.execute(sql`update messages set sender_id = ${standIn} where sender_id = ${memberId}`);
  await tx.execute(
    sql`update messages set receiver_id = ${standIn} where receiver_id = ${memberId}`,
  );

  // A call still ringing or running has no entry yet: it ends with the account.
  await tx.execute(sql`
    delete from calls where (caller_id = ${memberId} or callee_id = ${memberId}) and ended_at is null`);
  await tx.execute(sql`update calls set caller_id = ${standIn} where caller_id = ${memberId}`);
  await tx.execute(sql`update calls set callee_id = ${standIn} where callee_id = ${memberId}`);

  await tx.execute(
    sql`update orders set status = 'cancelled' where member_id = ${memberId} and status = 'pending'`,
  );
  await tx.execute(sql`update orders set member_id = ${standIn} where member_id = ${memberId}`);
  await tx.execute(
    sql`update reports set reporter_id = ${standIn} where reporter_id = ${memberId}`,
  );

  const photoIds = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(eq(photos.memberId, memberId));
  await removePhotos(
    tx,
    memberId,
    photoIds.map((p) => p.id),
  );
  await queueMediaDeletions(
    tx,
    sentMedia.rows.flatMap((m) => [m.image_key, m.audio_key]).filter((key) => key !== null),
    'private-media',
  );
  const exportFiles = await tx
    .select({ key: dataExports.fileKey })
    .from(dataExports)
    .where(eq(dataExports.memberId, memberId));
  await queueMediaDeletions(
    tx,
    exportFiles.flatMap((e) => (e.key ? [e.key] : [])),
    'exports',
  );
  // The verification selfies (ADR 044): their rows go with the member row.
  const selfies = await tx
    .selectDistinct({ key: verificationRequests.selfieKey })
    .from(verificationRequests)
    .where(eq(verificationRequests.memberId, memberId));
  await queueMediaDeletions(
    tx,
    selfies.flatMap((s) => (s.key ? [s.key] : [])),
    'private-media',
  );
  // The voice introduction (ADR 072): its row, as the answers to prompts, goes with the member row.
  const voice = await tx
    .select({ key: voiceIntroductions.mediaKey })
    .from(voiceIntroductions)
    .where(eq(voiceIntroductions.memberId, memberId));
  await queueMediaDeletions(
    tx,
    voice.map((v) => v.key),
    'private-media',
  );
  await tx.delete(members).where(eq(members.id, memberId));
  return standIn;
}
