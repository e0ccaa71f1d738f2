import type { ExclusiveState, RequestReply, RequestState } from '@mawadda/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { CallOfMessage, MessageRow } from '../../core/conversations.ts';
import {
  blockedBetween,
  consentGiven,
  exclusiveStateOf,
  matchesOf,
  requestExpiresSql,
  requestUnopened,
  requestWaitingSql,
  suggestable,
  unmatchedBetween,
  verifiedOnlyRefuses,
  womanWritesFirst,
  wroteTo,
} from '../../core/member-rules.ts';
import type { Executor } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';

/** Unread messages, but from members blocked either way and in requests (ADR 068). */
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
        // A request's message is counted as a request, apart (ADR 068).
        sql`not ${requestUnopened(sql`${messages.senderId}`, memberId)}`,
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
      and not ${blockedBetween(memberId, sql`${messages.senderId}`)}
      and not ${requestUnopened(sql`${messages.senderId}`, memberId)})`;
}

/** What the conversation list shows of the last message (its preview). */
export type LastMessageRow = {
  senderId: string;
  content: string | null;
  hasImage: boolean;
  hasAudio: boolean;
  mediaRemoved: boolean;
  /** A moderator hid it from its receiver (ADR 083). */
  hidden: boolean;
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
  /** Women write first (ADR 069): whose first word the conversation waits for, if anyone's. */
  awaitingFirstWordOf: 'me' | 'them' | null;
  /** Where the two are with exclusive mode (ADR 070); null when not matched. */
  exclusive: ExclusiveState | null;
  /** The stand-in of a deleted account (ADR 020): its messages stay, from a deleted member. */
  deleted: boolean;
  /** Whose guardian follows the conversation (ADR 045). */
  guardianFollows: { mine: boolean; theirs: boolean };
  /** The viewer's message request to them that has not opened the conversation (ADR 068). */
  sentRequest: { state: RequestState; reply: RequestReply | null; expiresAt: Date } | null;
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
  awaiting_first_word_of: 'me' | 'them' | null;
  exclusive: ExclusiveState | null;
  deleted: boolean;
  last_sender_id: string | null;
  last_content: string | null;
  last_has_image: boolean | null;
  last_has_audio: boolean | null;
  last_media_removed: boolean | null;
  last_hidden: boolean | null;
  last_notice: MessageRow['notice'];
  last_gift_id: number | null;
  mine_followed: boolean;
  theirs_followed: boolean;
  last_call_type: CallOfMessage['type'] | null;
  last_call_answered_at: Date | string | null;
  last_call_ended_at: Date | string | null;
  last_call_end_reason: CallOfMessage['endReason'];
  sent_request: { state: RequestState; reply: RequestReply | null; expiresAt: string } | null;
};

const dateOrNull = (value: Date | string | null) => (value ? new Date(value) : null);

/**
 * A member's contacts: everyone they exchanged messages with, and their matches, with the unread
 * count, the time and a preview of the last message; the most recent conversation (or match)
 * first; not the senders of requests the member received that have not opened (ADR 068), and
 * one's own such request with its state. With `only`, that one member: a contact, or a member `memberId` may be suggested (an
 * active account), whom a subscriber may write to first; none otherwise.
 */
export async function findContacts(
  db: Executor,
  memberId: string,
  previewLength: number,
  now: Date,
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
      case when ${womanWritesFirst(memberId, sql`m.id`)} then 'them'
        when matches.id is not null and ${womanWritesFirst(sql`m.id`, memberId)} then 'me'
      end as awaiting_first_word_of,
      case when matches.id is not null then ${exclusiveStateOf(memberId, sql`m.id`)} end as exclusive,
      lm.sender_id as last_sender_id, left(lm.content, ${previewLength}::int) as last_content,
      lm.image_key is not null as last_has_image, lm.audio_key is not null as last_has_audio,
      lm.media_removed as last_media_removed, lm.notice as last_notice, lm.gift_id as last_gift_id,
      lm.hidden_by is not null as last_hidden,
      exists (select 1 from guardian_follows gf where gf.member_id = ${memberId} and gf.other_id = m.id
        and gf.followed and exists (select 1 from guardians g where g.member_id = ${memberId} and g.revoked_at is null)) as mine_followed,
      exists (select 1 from guardian_follows gf where gf.member_id = m.id and gf.other_id = ${memberId}
        and gf.followed and exists (select 1 from guardians g where g.member_id = m.id and g.revoked_at is null)) as theirs_followed,
      lc.type as last_call_type, lc.answered_at as last_call_answered_at,
      lc.ended_at as last_call_ended_at, lc.end_reason as last_call_end_reason,
      (select json_build_object('state', case when r.state = 'declined' then 'declined'
            when not ${requestWaitingSql(now)} then 'expired' else 'pending' end,
          'reply', r.reply, 'expiresAt', ${requestExpiresSql})
        from message_requests r
        where r.sender_id = ${memberId} and r.receiver_id = m.id and r.state <> 'accepted'
          and matches.id is null and not ${unmatchedBetween(memberId, sql`m.id`)}) as sent_request
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
      ${
        only === undefined
          ? // A request she received is in her Requests list, not among her conversations
            // (ADR 068); opened on its own, it is a conversation she may answer (answering accepts).
            sql`and not ${requestUnopened(sql`m.id`, memberId)}`
          : sql``
      }
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
            hidden: r.last_hidden === true,
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
    awaitingFirstWordOf: r.awaiting_first_word_of,
    exclusive: r.exclusive,
    deleted: r.deleted,
    guardianFollows: { mine: r.mine_followed, theirs: r.theirs_followed },
    sentRequest: r.sent_request && {
      ...r.sent_request,
      expiresAt: new Date(r.sent_request.expiresAt),
    },
  }));
}
