import type { RequestReply } from '@mawadda/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type MessageRow, selectMessages, withCall } from '../../core/conversations.ts';
import {
  blockedBetween,
  matchedSince,
  REQUEST_DAYS_INTERVAL,
  requestExpiresSql,
  requestWaitingSql,
} from '../../core/member-rules.ts';
import type { Executor } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';
import type { RecordedSource } from '../../lib/recorded-events.ts';

export type ReceivedRequestRow = {
  id: string;
  name: string;
  photoKeys: string[];
  photosBlurred: boolean;
  verified: boolean;
  expiresAt: Date;
  message: MessageRow;
};

/**
 * The requests waiting for `memberId`'s answer (ADR 068), newest first, each with its sender's
 * card and his one message (the first he sent her: a text or a paid gift's). Senders gone,
 * blocked either way or matched since (a match opens the conversation) are not among them.
 */
export async function findReceivedRequests(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<ReceivedRequestRow[]> {
  const result = await db.execute<{
    id: string;
    name: string;
    photo_keys: string[];
    photos_blurred: boolean;
    verified: boolean;
    expires_at: Date | string;
    message_seq: string | number | null;
  }>(sql`
    select m.id, m.name, m.photo_keys, m.photos_blurred, m.verified_at is not null as verified,
      ${requestExpiresSql} as expires_at,
      (select x.seq from messages x
        where least(x.sender_id, x.receiver_id) = least(r.sender_id, r.receiver_id)
          and greatest(x.sender_id, x.receiver_id) = greatest(r.sender_id, r.receiver_id)
          and x.sender_id = r.sender_id and x.call_id is null and x.notice is null
        order by x.seq limit 1) as message_seq
    from message_requests r
    join members m on m.id = r.sender_id
    where r.receiver_id = ${memberId} and ${requestWaitingSql(now)}
      and m.standing = 'active' and not ${blockedBetween(memberId, sql`m.id`)}
    order by r.sent_at desc, m.id`);
  const seqs = result.rows.flatMap((r) => (r.message_seq === null ? [] : [Number(r.message_seq)]));
  const found =
    seqs.length === 0 ? [] : await selectMessages(db).where(inArray(messages.seq, seqs));
  const bySeq = new Map(found.map((row) => [row.message.seq, withCall(row)]));
  return result.rows.flatMap((r) => {
    const message = r.message_seq === null ? undefined : bySeq.get(Number(r.message_seq));
    if (!message) return [];
    return [
      {
        id: r.id,
        name: r.name,
        photoKeys: r.photo_keys,
        photosBlurred: r.photos_blurred,
        verified: r.verified,
        expiresAt: new Date(r.expires_at),
        message,
      },
    ];
  });
}

/** How many requests wait for `memberId`'s answer (ADR 068), as a SQL expression of the id. */
export function waitingRequestsSql(memberId: SQL, now: Date): SQL {
  return sql`(select count(*)::int from message_requests r
    where r.receiver_id = ${memberId} and ${requestWaitingSql(now)}
      and not ${blockedBetween(memberId, sql`r.sender_id`)})`;
}

/**
 * `receiverId` answers the request `senderId` sent her, if it still waits: accepted, or declined
 * with the kind reply she chose, with its notice where `record` writes one (ADR 064). Answers
 * whether it did, and how many notices it recorded.
 */
export async function answerRequest(
  db: Executor,
  senderId: string,
  receiverId: string,
  answer: { state: 'accepted' } | { state: 'declined'; reply: RequestReply | null },
  now: Date,
  record: (source: RecordedSource) => SQL | undefined,
): Promise<{ answered: boolean; recorded: number }> {
  const update = sql`
    update message_requests r
    set state = ${answer.state}, reply = ${answer.state === 'declined' ? answer.reply : null},
      answered_at = ${now.toISOString()}::timestamptz
    where r.sender_id = ${senderId} and r.receiver_id = ${receiverId} and ${requestWaitingSql(now)}
      and not ${blockedBetween(senderId, receiverId)}
    returning r.sender_id, r.receiver_id, r.state, r.answered_at`;
  const recording = record({
    rows: sql`answered`,
    member: sql`answered.sender_id`,
    payload: sql`json_build_object('kind', 'request-settled', 'from', answered.receiver_id,
      'to', answered.sender_id, 'outcome', answered.state, 'at', answered.answered_at)`,
  });
  const result = await db.execute<{ recorded: number }>(
    recording
      ? sql`with answered as (${update}), recorded as (${recording})
          select (select count(*) from recorded)::int as recorded from answered`
      : sql`with answered as (${update}) select 0 as recorded from answered`,
  );
  const [row] = result.rows;
  return { answered: row !== undefined, recorded: row?.recorded ?? 0 };
}

/**
 * Marks told up to `batch` requests that expired unanswered by `now` (oldest first, through
 * `message_requests_expiry_idx`), with the notice `record` writes for each sender (ADR 064):
 * one statement, so each sender is told once whatever the nodes. A request settled by a match
 * meanwhile is marked and not told. Answers how many it marked, and how many notices it wrote.
 */
export async function tellExpiredRequests(
  db: Executor,
  now: Date,
  batch: number,
  record: (source: RecordedSource) => SQL | undefined,
): Promise<{ marked: number; recorded: number }> {
  const cutoff = sql`${now.toISOString()}::timestamptz - ${REQUEST_DAYS_INTERVAL}`;
  const update = sql`
    update message_requests r set expiry_told_at = ${now.toISOString()}::timestamptz
    from (select x.sender_id, x.receiver_id from message_requests x
        where x.state = 'pending' and x.expiry_told_at is null and x.sent_at <= ${cutoff}
        order by x.sent_at limit ${batch} for update skip locked) due
    where r.sender_id = due.sender_id and r.receiver_id = due.receiver_id
    returning r.sender_id, r.receiver_id, ${requestExpiresSql} as expired_at,
      ${matchedSince(sql`r.sender_id`, sql`r.receiver_id`)} as settled`;
  const recording = record({
    rows: sql`(select * from expired where not settled) unsettled`,
    member: sql`unsettled.sender_id`,
    payload: sql`json_build_object('kind', 'request-settled', 'from', unsettled.receiver_id,
      'to', unsettled.sender_id, 'outcome', 'expired', 'at', unsettled.expired_at)`,
  });
  const result = await db.execute<{ marked: number; recorded: number }>(
    recording
      ? sql`with expired as (${update}), recorded as (${recording})
          select (select count(*) from expired)::int as marked,
            (select count(*) from recorded)::int as recorded`
      : sql`with expired as (${update})
          select (select count(*) from expired)::int as marked, 0 as recorded`,
  );
  return { marked: result.rows[0]?.marked ?? 0, recorded: result.rows[0]?.recorded ?? 0 };
}
