import { GIFT_MESSAGE_PREFIX } from '@mawadda/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  type CallOfMessage,
  type MessageRow,
  selectMessages,
  withCall,
} from '../../core/conversations.ts';
import {
  blockedBetween,
  consentGiven,
  matchesOf,
  suggestable,
  unmatchedBetween,
  verifiedOnlyRefuses,
  wroteTo,
} from '../../core/member-rules.ts';
import { type Database, type Executor, queryPrepared } from '../../db/database.ts';
import { type calls, messages } from '../../db/schema.ts';

export type NewMessage = Pick<
  MessageRow,
  | 'uuid'
  | 'senderId'
  | 'receiverId'
  | 'content'
  | 'imageKey'
  | 'audioKey'
  | 'mediaBytes'
  | 'shield'
  | 'sentAt'
>;

/**
 * The entry of an ended call, from the caller to the callee, at the time the call started; read
 * already unless the callee missed it. Answers undefined when the call already has its entry.
 */
export async function insertCallEntry(
  db: Executor,
  call: typeof calls.$inferSelect,
): Promise<MessageRow | undefined> {
  const missed = call.answeredAt === null && call.endReason !== 'declined';
  const [row] = await db
    .insert(messages)
    .values({
      uuid: call.id,
      senderId: call.callerId,
      receiverId: call.calleeId,
      callId: call.id,
      sentAt: call.startedAt,
      readAt: missed ? null : call.endedAt,
    })
    .onConflictDoNothing()
    .returning();
  return row && { ...row, call };
}

/**
 * Stores members' messages, each once per (sender, uuid) and only while `allowed(sender,
 * receiver)` holds: one statement checks and writes them all, in the order given, in one commit,
 * as a prepared statement outside a transaction. The messages go as arrays, so the text is the
 * same whatever their number, and PostgreSQL plans it once per connection (planning was 0.5-0.7
 * ms of a 1 ms insert: docs/performance.md, chat). Answers the rows it stored; a message missing
 * from the answer was a retry (see `findMessage`) or refused. It writes no gift mark: a member's
 * text is a text, whatever it says (`insertGiftMessage`).
 */
export async function insertMessagesPrepared(
  db: Database,
  list: readonly NewMessage[],
  allowed: (senderId: SQL, receiverId: SQL) => SQL,
): Promise<MessageRow[]> {
  return (await queryPrepared<RawMessage>(db, insertStatement(list, allowed))).map(fromRaw);
}

function insertStatement(
  list: readonly NewMessage[],
  allowed: (senderId: SQL, receiverId: SQL) => SQL,
) {
  const column = (value: (m: NewMessage) => string | number | null) => sql.param(list.map(value));
  return sql`
    insert into messages (uuid, sender_id, receiver_id, content, image_key, audio_key, media_bytes, shield, sent_at)
    select v.uuid, v.sender_id, v.receiver_id, v.content, v.image_key, v.audio_key, v.media_bytes, v.shield, v.sent_at
    from unnest(${column((m) => m.uuid)}::uuid[], ${column((m) => m.senderId)}::uuid[],
      ${column((m) => m.receiverId)}::uuid[], ${column((m) => m.content)}::text[],
      ${column((m) => m.imageKey)}::text[], ${column((m) => m.audioKey)}::text[],
      ${column((m) => m.mediaBytes)}::integer[], ${column((m) => m.shield)}::smallint[],
      ${column((m) => m.sentAt.toISOString())}::timestamptz[]) with ordinality
      as v(uuid, sender_id, receiver_id, content, image_key, audio_key, media_bytes, shield, sent_at, ord)
    where ${allowed(sql`v.sender_id`, sql`v.receiver_id`)}
    order by v.ord
    on conflict (sender_id, uuid) do nothing
    returning *`;
}

/**
 * The message of a paid gift (ADR 015), the only statement that writes a message's gift mark:
 * `content` is the spec's `gift:{number}`, `gift_id` the number. Stored once per (giver, uuid)
 * and only while `allowed(giver, receiver)` holds; answers it, or undefined when it was not.
 */
export async function insertGiftMessage(
  db: Executor,
  gift: { uuid: string; giverId: string; receiverId: string; giftId: number; sentAt: Date },
  allowed: (senderId: SQL, receiverId: SQL) => SQL,
): Promise<MessageRow | undefined> {
  const result = await db.execute<RawMessage>(sql`
    insert into messages (uuid, sender_id, receiver_id, content, gift_id, sent_at)
    select v.uuid, v.sender_id, v.receiver_id, v.content, v.gift_id, v.sent_at
    from (values (${gift.uuid}::uuid, ${gift.giverId}::uuid, ${gift.receiverId}::uuid,
      ${`${GIFT_MESSAGE_PREFIX}${gift.giftId}`}::text, ${gift.giftId}::integer,
      ${gift.sentAt.toISOString()}::timestamptz))
      as v(uuid, sender_id, receiver_id, content, gift_id, sent_at)
    where ${allowed(sql`v.sender_id`, sql`v.receiver_id`)}
    on conflict (sender_id, uuid) do nothing
    returning *`);
  const [row] = result.rows;
  return row && fromRaw(row);
}

/** A sender's message by its client-made uuid (a retried send finds the first). */
export async function findMessage(
  db: Executor,
  senderId: string,
  uuid: string,
): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(db).where(
    and(eq(messages.senderId, senderId), eq(messages.uuid, uuid)),
  );
  return row && withCall(row);
}

type RawMessage = {
  seq: string | number;
  uuid: string;
  sender_id: string;
  receiver_id: string;
  content: string | null;
  image_key: string | null;
  audio_key: string | null;
  media_bytes: number | null;
  sent_at: Date | string;
  read_at: Date | string | null;
  call_id: string | null;
  media_removed: boolean;
  shield: number;
  notice: MessageRow['notice'];
  gift_id: number | null;
};

// Raw rows stop here: the rest of the server reads camelCase, like drizzle's own answers.
function fromRaw(r: RawMessage): MessageRow {
  return {
    seq: Number(r.seq),
    uuid: r.uuid,
    senderId: r.sender_id,
    receiverId: r.receiver_id,
    content: r.content,
    imageKey: r.image_key,
    audioKey: r.audio_key,
    mediaBytes: r.media_bytes,
    sentAt: new Date(r.sent_at),
    readAt: r.read_at ? new Date(r.read_at) : null,
    callId: r.call_id,
    mediaRemoved: r.media_removed,
    shield: r.shield,
    notice: r.notice,
    giftId: r.gift_id,
    call: null,
  };
}

/**
 * The messages `senderId` sent since `since` that the scam shield flagged, oldest first, at most
 * `limit` (the newest of them): the evidence of its report (ADR 043). The sender's messages are
 * found through `messages_sender_uuid_idx`, whose first column is the sender.
 */
export async function flaggedMessagesSince(
  db: Executor,
  senderId: string,
  since: Date,
  limit: number,
): Promise<Array<{ seq: number; shield: number }>> {
  const rows = await db
    .select({ seq: messages.seq, shield: messages.shield })
    .from(messages)
    .where(
      and(
        eq(messages.senderId, senderId),
        sql`${messages.shield} <> 0`,
        sql`${messages.sentAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(sql`${messages.seq} desc`)
    .limit(limit);
  return rows.reverse();
}

/**
 * A notice line from `memberId` to `otherId` (ADR 045), unread until the other opens it; `content`
 * is the server's (a wali contact shared, as JSON), never shown as text.
 */
export async function insertNotice(
  db: Executor,
  memberId: string,
  otherId: string,
  notice: NonNullable<MessageRow['notice']>,
  now: Date,
  content: string | null = null,
  shield = 0,
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({
      uuid: crypto.randomUUID(),
      senderId: memberId,
      receiverId: otherId,
      notice,
      content,
      shield,
      sentAt: now,
    })
    .returning();
  if (!row) throw new Error('The notice was not stored');
  return { ...row, call: null };
}

/** Marks read what `senderId` sent `readerId`; answers how many messages it changed. */
export async function markRead(
  db: Executor,
  readerId: string,
  senderId: string,
  now: Date,
): Promise<number> {
  const changed = await db
    .update(messages)
    .set({ readAt: now })
    .where(
      and(
        eq(messages.receiverId, readerId),
        eq(messages.senderId, senderId),
        isNull(messages.readAt),
      ),
    )
    .returning({ seq: messages.seq });
  return changed.length;
}

/** Unread messages, but from members blocked either way. */
export async function countUnread(
  db: Executor,
  memberId: string,
  per: 'message' | 'conversation' = 'message',
): Promise<number> {
  const [row] = await db
    .select({
      count:
        per === 'message'
          ? sql<number>`count(*)::int`
          : sql<number>`count(distinct ${messages.senderId})::int`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.receiverId, memberId),
        isNull(messages.readAt),
        sql`not ${blockedBetween(memberId, sql`${messages.senderId}`)}`,
      ),
    );
  return row?.count ?? 0;
}

/**
 * `countUnread(…, 'conversation')` as a SQL expression of `memberId` (a value or a column): what
 * a statement of another module reads beside its own (the push's badge).
 */
export function unreadConversationsSql(memberId: SQL): SQL {
  return sql`(select count(distinct ${messages.senderId})::int from ${messages}
    where ${messages.receiverId} = ${memberId} and ${messages.readAt} is null
      and not ${blockedBetween(memberId, sql`${messages.senderId}`)})`;
}

/** `otherId` is a member and no block stands between the two. */
export async function memberReachable(db: Executor, memberId: string, otherId: string) {
  const result = await db.execute<{ ok: boolean }>(sql`
    select exists (select 1 from members where id = ${otherId})
      and not ${blockedBetween(memberId, otherId)} as ok`);
  return result.rows[0]?.ok === true;
}

/** What the conversation list shows of the last message (its preview). */
export type LastMessageRow = {
  senderId: string;
  content: string | null;
  hasImage: boolean;
  hasAudio: boolean;
  mediaRemoved: boolean;
  /** The call of a call entry. */
  call: CallOfMessage | null;
  notice: MessageRow['notice'];
  /** The server's mark of a paid gift: its number (never read from the text). */
  giftId: number | null;
};

export type ContactRow = {
  id: string;
  name: string;
  photoKeys: string[];
  photosBlurred: boolean;
  verified: boolean;
  unreadCount: number;
  lastMessageAt: Date | null;
  lastMessage: LastMessageRow | null;
  matched: boolean;
  /** One of the two ended a match, and they have not matched again (ADR 017). */
  matchEnded: boolean;
  /** A first message from the viewer would be refused for want of verification (ADR 044). */
  verifiedWritersOnly: boolean;
  /** The stand-in of a deleted account (ADR 020): its messages stay, from a deleted member. */
  deleted: boolean;
  /** Whose guardian follows the conversation (ADR 045). */
  guardianFollows: { mine: boolean; theirs: boolean };
};

type RawContact = {
  id: string;
  name: string;
  photo_keys: string[];
  photos_blurred: boolean;
  verified: boolean;
  unread_count: number;
  last_message_at: Date | string | null;
  matched: boolean;
  match_ended: boolean;
  verified_writers_only: boolean;
  deleted: boolean;
  last_sender_id: string | null;
  last_content: string | null;
  last_has_image: boolean | null;
  last_has_audio: boolean | null;
  last_media_removed: boolean | null;
  last_notice: MessageRow['notice'];
  last_gift_id: number | null;
  mine_followed: boolean;
  theirs_followed: boolean;
  last_call_type: CallOfMessage['type'] | null;
  last_call_answered_at: Date | string | null;
  last_call_ended_at: Date | string | null;
  last_call_end_reason: CallOfMessage['endReason'];
};

const dateOrNull = (value: Date | string | null) => (value ? new Date(value) : null);

/**
 * A member's contacts: everyone they exchanged messages with, and their matches, with the unread
 * count, the time and a preview of the last message; the most recent conversation (or match)
 * first. With `only`, that one member: a contact, or a member `memberId` may be suggested (an
 * active account), whom a subscriber may write to first; none otherwise.
 */
export async function findContacts(
  db: Executor,
  memberId: string,
  previewLength: number,
  only?: string,
): Promise<ContactRow[]> {
  const partner = (column: SQL) => (only === undefined ? sql`true` : sql`${column} = ${only}`);
  const result = await db.execute<RawContact>(sql`
    with mine as (
      select receiver_id as partner_id, seq, sent_at, false as unread
        from messages where sender_id = ${memberId} and ${partner(sql`receiver_id`)}
      union all
      select sender_id, seq, sent_at, read_at is null
        from messages where receiver_id = ${memberId} and ${partner(sql`sender_id`)}
    ), conversations as (
      select partner_id, max(sent_at) as last_message_at, count(*) filter (where unread)::int as unread_count
      from mine group by partner_id
    ), last_messages as (
      select distinct on (partner_id) partner_id, seq from mine order by partner_id, sent_at desc, seq desc
    ), matches as ${matchesOf(memberId)}
    select m.id, m.name, m.photo_keys, m.photos_blurred, m.verified_at is not null as verified, coalesce(c.unread_count, 0) as unread_count, c.last_message_at,
      matches.id is not null as matched, m.standing = 'deleted' as deleted,
      matches.id is null and ${unmatchedBetween(memberId, sql`m.id`)} as match_ended,
      matches.id is null and not ${wroteTo(sql`m.id`, memberId)}
        and ${verifiedOnlyRefuses(memberId, sql`m.id`)} as verified_writers_only,
      lm.sender_id as last_sender_id, left(lm.content, ${previewLength}::int) as last_content,
      lm.image_key is not null as last_has_image, lm.audio_key is not null as last_has_audio,
      lm.media_removed as last_media_removed, lm.notice as last_notice, lm.gift_id as last_gift_id,
      exists (select 1 from guardian_follows gf where gf.member_id = ${memberId} and gf.other_id = m.id
        and gf.followed and exists (select 1 from guardians g where g.member_id = ${memberId} and g.revoked_at is null)) as mine_followed,
      exists (select 1 from guardian_follows gf where gf.member_id = m.id and gf.other_id = ${memberId}
        and gf.followed and exists (select 1 from guardians g where g.member_id = m.id and g.revoked_at is null)) as theirs_followed,
      lc.type as last_call_type, lc.answered_at as last_call_answered_at,
      lc.ended_at as last_call_ended_at, lc.end_reason as last_call_end_reason
    from members m
    left join conversations c on c.partner_id = m.id
    left join matches on matches.id = m.id
    left join last_messages l on l.partner_id = m.id
    left join messages lm on lm.seq = l.seq
    left join calls lc on lc.id = lm.call_id
    where (c.partner_id is not null or matches.id is not null
        ${only === undefined ? sql`` : sql`or (m.standing = 'active' and ${suggestable(memberId, sql`m.id`)})`})
      and ${partner(sql`m.id`)}
      and not ${blockedBetween(memberId, sql`m.id`)}
      and (m.standing = 'deleted' or ${consentGiven(sql`m.id`)})
    order by coalesce(c.last_message_at, matches.matched_at) desc, m.id
  `);
  // Raw rows stop here: the rest of the server reads camelCase, like drizzle's own answers.
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    photoKeys: r.photo_keys,
    photosBlurred: r.photos_blurred,
    verified: r.verified,
    unreadCount: r.unread_count,
    lastMessageAt: dateOrNull(r.last_message_at),
    lastMessage:
      r.last_sender_id === null
        ? null
        : {
            senderId: r.last_sender_id,
            content: r.last_content,
            hasImage: r.last_has_image === true,
            hasAudio: r.last_has_audio === true,
            mediaRemoved: r.last_media_removed === true,
            notice: r.last_notice,
            giftId: r.last_gift_id,
            call:
              r.last_call_type === null
                ? null
                : {
                    type: r.last_call_type,
                    answeredAt: dateOrNull(r.last_call_answered_at),
                    endedAt: dateOrNull(r.last_call_ended_at),
                    endReason: r.last_call_end_reason,
                  },
          },
    matched: r.matched,
    matchEnded: r.match_ended,
    verifiedWritersOnly: r.verified_writers_only,
    deleted: r.deleted,
    guardianFollows: { mine: r.mine_followed, theirs: r.theirs_followed },
  }));
}
