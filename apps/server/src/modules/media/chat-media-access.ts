import { sql } from 'drizzle-orm';
import { blockedBetween, moderatorRoles } from '../../core/member-rules.ts';
import type { Executor } from '../../db/database.ts';

/**
 * The message that holds this chat photo or voice note, and what stands between its two members
 * and `viewerId`, in one statement (the media index of `messages`): the chat media route asks it
 * on every request, as the photo route does (ADR 019), so a link stops working the moment a block
 * begins, the file's message loses it (its sender's account deleted) or a moderator hides it.
 */
export async function findChatMediaAccess(db: Executor, key: string, viewerId: string) {
  const result = await db.execute<{
    sender_id: string;
    receiver_id: string;
    moderator: boolean;
    blocked: boolean;
    hidden: boolean;
  }>(sql`
    select m.sender_id, m.receiver_id, m.hidden_by is not null as hidden,
      exists (select 1 from members v where v.id = ${viewerId} and v.role in (${moderatorRoles})) as moderator,
      ${blockedBetween(sql`m.sender_id`, sql`m.receiver_id`)} as blocked
    from messages m
    where coalesce(m.image_key, m.audio_key) = ${key}
      and coalesce(m.image_key, m.audio_key) is not null`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    moderator: row.moderator,
    blocked: row.blocked,
    hidden: row.hidden,
  };
}

export type ChatMediaAccess = NonNullable<Awaited<ReturnType<typeof findChatMediaAccess>>>;

/**
 * Whether `viewerId` may open a file of a conversation: moderators (a reported message), and its
 * two members while neither blocks the other. An unmatch keeps it: the history stays readable.
 * One a moderator hid (ADR 083) is its sender's only.
 */
export function mayOpenChatMedia(access: ChatMediaAccess, viewerId: string) {
  if (access.moderator) return true;
  if (viewerId !== access.senderId && viewerId !== access.receiverId) return false;
  if (access.hidden && viewerId !== access.senderId) return false;
  return !access.blocked;
}
