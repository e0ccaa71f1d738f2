import { GIFT_MESSAGE_PREFIX } from '@mawadda/contract';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type MessageRow, selectMessages, withCall } from '../../core/conversations.ts';
import { blockedBetween, matched } from '../../core/member-rules.ts';
import { type Database, type Executor, preparedArrays } from '../../db/database.ts';
import { type calls, messages } from '../../db/schema.ts';
import type { RecordedSource } from '../../lib/recorded-events.ts';

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
 * What a stored message tells outside the chat (`NewMessageNotice`, as `noticeOf` makes it), as
 * JSON from the columns of `row`: the statement that stores a message records it (ADR 064).
 */
function noticeJson(row: SQL): SQL {
  return sql`json_build_object('kind', 'message', 'from', ${row}.sender_id,
    'to', ${row}.receiver_id,
    'content', case when ${row}.gift_id is not null then 'gift'
      when ${row}.image_key is not null then 'photo'
      when ${row}.audio_key is not null then 'voice' else 'text' end,
    'text', case when ${row}.gift_id is not null or ${row}.shield <> 0 then null
      else ${row}.content end,
    'at', ${row}.sent_at,
    'request', exists (select 1 from requested q
      where q.sender_id = ${row}.sender_id and q.receiver_id = ${row}.receiver_id))`;
}

/**
 * The message requests of the messages of the CTE `stored` (ADR 068), as two CTEs of their
 * statement, which see the tables as they were before it: the first message (or gift) between
 * two who have not matched makes its sender's request (`requested`), whatever call or notice
 * line came before it; a message to a
 * member whose request waits accepts it (`answered`: answering is accepting). Each is a probe of
 * a primary key or of the conversation index per message.
 */
const REQUEST_CTES = sql`requested as (
    insert into message_requests (sender_id, receiver_id, sent_at)
    select s.sender_id, s.receiver_id, s.sent_at from stored s
    where not exists (select 1 from messages b
        where least(b.sender_id, b.receiver_id) = least(s.sender_id, s.receiver_id)
          and greatest(b.sender_id, b.receiver_id) = greatest(s.sender_id, s.receiver_id)
          and b.call_id is null and b.notice is null)
      and not ${matched(sql`s.sender_id`, sql`s.receiver_id`)}
    on conflict do nothing
    returning sender_id, receiver_id
  ), answered as (
    update message_requests r set state = 'accepted', answered_at = s.sent_at
    from stored s
    where r.sender_id = s.receiver_id and r.receiver_id = s.sender_id and r.state = 'pending'
    returning r.sender_id
  )`;

/**
 * Records the notice of each message of the CTE `stored` where a listener wants it (`record`
 * answers the statement, or nothing when nobody listens), and answers the stored rows (their
 * `answered` columns) with how many events were written: the statement stores, makes or accepts
 * its requests and records at once.
 */
function storedWithNotices(
  insert: SQL,
  record: Recorder | undefined,
  answered: SQL = sql`stored.*`,
): SQL {
  const recording = record?.({
    rows: sql`stored`,
    member: sql`stored.receiver_id`,
    payload: noticeJson(sql`stored`),
  });
  if (!recording) {
    return sql`with stored as (${insert}), ${REQUEST_CTES}
      select ${answered}, 0 as recorded from stored`;
  }
  return sql`with stored as (${insert}), ${REQUEST_CTES}, recorded as (${recording})
    select ${answered}, (select count(*) from recorded)::int as recorded from stored`;
}

/** Builds the statement that records a stored message's notice, if any listener wants it. */
export type Recorder = (source: RecordedSource) => SQL | undefined;

/**
 * Stores members' messages, each once per (sender, uuid) and only while `allowed(sender,
 * receiver, now)` holds: one statement checks and writes them all, in the order given, in one
 * commit, as a prepared statement outside a transaction, with the notices `record` writes for
 * the listeners that want them (push, ADR 064). The messages go as arrays, so the text is the
 * same whatever their number, and PostgreSQL plans it once per connection (planning was
 * 0.5-0.7 ms of a 1 ms insert: docs/performance.md, chat); the statement is built once, each
 * batch only filling its placeholders (building it was a tenth of the server's busy time near
 * its ceiling). Answers, in the order given, each message's stored row, or nothing for one that
 * was a retry (see `findMessage`) or refused; and how many notices it recorded. It writes no gift mark: a
 * member's text is a text, whatever it says (`insertGiftMessage`).
 */
export function preparedMessageInsert(
  db: Database,
  allowed: (senderId: SQL, receiverId: SQL, now: SQL) => SQL,
  record?: Recorder,
) {
  // A stored message is what was sent, with the table's defaults (no trigger writes to it):
  // only its `seq` comes back. Reading every column back, the timestamp parsed again, was a
  // tenth of the server's busy time near its ceiling (ADR 086).
  const run = preparedArrays<[seq: string, senderId: string, uuid: string, recorded: number]>(
    db,
    storedWithNotices(
      insertStatement(allowed),
      record,
      sql`stored.seq, stored.sender_id, stored.uuid`,
    ),
  );
  return async (
    list: readonly NewMessage[],
    now: Date,
  ): Promise<{ rows: Array<MessageRow | undefined>; recorded: number }> => {
    const answered = await run({
      uuids: list.map((m) => m.uuid),
      senders: list.map((m) => m.senderId),
      receivers: list.map((m) => m.receiverId),
      contents: list.map((m) => m.content),
      imageKeys: list.map((m) => m.imageKey),
      audioKeys: list.map((m) => m.audioKey),
      mediaBytes: list.map((m) => m.mediaBytes),
      shields: list.map((m) => m.shield),
      sentAts: list.map((m) => m.sentAt.toISOString()),
      now: now.toISOString(),
    });
    const seqs = new Map(answered.map(([seq, senderId, uuid]) => [`${senderId} ${uuid}`, seq]));
    const rows = list.map((m) => {
      const key = `${m.senderId} ${m.uuid}`;
      const seq = seqs.get(key);
      // The first of a (sender, uuid) given twice is the one stored (the insert goes in order);
      // the other was a retry, which finds it.
      seqs.delete(key);
      return seq === undefined ? undefined : newMessageRow(Number(seq), m);
    });
    return { rows, recorded: answered[0]?.[3] ?? 0 };
  };
}

/** A message just stored, as the table's defaults complete it. */
function newMessageRow(seq: number, m: NewMessage): MessageRow {
  return {
    seq,
    uuid: m.uuid,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    imageKey: m.imageKey,
    audioKey: m.audioKey,
    mediaBytes: m.mediaBytes,
    shield: m.shield,
    sentAt: m.sentAt,
    readAt: null,
    callId: null,
    mediaRemoved: false,
    notice: null,
    giftId: null,
    hiddenBy: null,
    call: null,
  };
}

function insertStatement(allowed: (senderId: SQL, receiverId: SQL, now: SQL) => SQL) {
  const column = (name: string) => sql.placeholder(name);
  return sql`
    insert into messages (uuid, sender_id, receiver_id, content, image_key, audio_key, media_bytes, shield, sent_at)
    select v.uuid, v.sender_id, v.receiver_id, v.content, v.image_key, v.audio_key, v.media_bytes, v.shield, v.sent_at
    from unnest(${column('uuids')}::uuid[], ${column('senders')}::uuid[],
      ${column('receivers')}::uuid[], ${column('contents')}::text[],
      ${column('imageKeys')}::text[], ${column('audioKeys')}::text[],
      ${column('mediaBytes')}::integer[], ${column('shields')}::smallint[],
      ${column('sentAts')}::timestamptz[]) with ordinality
      as v(uuid, sender_id, receiver_id, content, image_key, audio_key, media_bytes, shield, sent_at, ord)
    where ${allowed(sql`v.sender_id`, sql`v.receiver_id`, sql`${sql.placeholder('now')}`)}
    order by v.ord
    on conflict (sender_id, uuid) do nothing
    returning *`;
}

/**
 * The message of a paid gift (ADR 015), the only statement that writes a message's gift mark:
 * `content` is the spec's `gift:{number}`, `gift_id` the number. Stored once per (giver, uuid)
 * and only while `allowed(giver, receiver)` holds, with its notice where `record` writes one
 * (ADR 064); answers it, or undefined when it was not.
 */
export async function insertGiftMessage(
  db: Executor,
  gift: { uuid: string; giverId: string; receiverId: string; giftId: number; sentAt: Date },
  allowed: (senderId: SQL, receiverId: SQL) => SQL,
  record: Recorder,
): Promise<{ row: MessageRow; recorded: number } | undefined> {
  const insert = sql`
    insert into messages (uuid, sender_id, receiver_id, content, gift_id, sent_at)
    select v.uuid, v.sender_id, v.receiver_id, v.content, v.gift_id, v.sent_at
    from (values (${gift.uuid}::uuid, ${gift.giverId}::uuid, ${gift.receiverId}::uuid,
      ${`${GIFT_MESSAGE_PREFIX}${gift.giftId}`}::text, ${gift.giftId}::integer,
      ${gift.sentAt.toISOString()}::timestamptz))
      as v(uuid, sender_id, receiver_id, content, gift_id, sent_at)
    where ${allowed(sql`v.sender_id`, sql`v.receiver_id`)}
    on conflict (sender_id, uuid) do nothing
    returning *`;
  const result = await db.execute<RawMessage & { recorded: number }>(
    storedWithNotices(insert, record),
  );
  const [row] = result.rows;
  return row && { row: fromRaw(row), recorded: row.recorded };
}

/**
 * The messages stored from `since` on that `memberIds` sent or received, oldest first. The
 * bound is read backwards from the newest message (its sequence follows time), so both scans
 * stop at `since`.
 */
export async function messagesSince(
  db: Executor,
  memberIds: readonly string[],
  since: Date,
): Promise<MessageRow[]> {
  const first = sql`coalesce((select ${messages.seq} from ${messages}
    where ${messages.sentAt} < ${since} order by ${messages.seq} desc limit 1), 0)`;
  const ids = sql`${sql.param([...memberIds])}::uuid[]`;
  const rows = await selectMessages(db)
    .where(
      and(
        sql`${messages.seq} > ${first}`,
        or(sql`${messages.senderId} = any(${ids})`, sql`${messages.receiverId} = any(${ids})`),
      ),
    )
    .orderBy(messages.seq);
  return rows.map(withCall);
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
  hidden_by: string | null;
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
    hiddenBy: r.hidden_by,
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

/** `otherId` is a member and no block stands between the two. */
export async function memberReachable(db: Executor, memberId: string, otherId: string) {
  const result = await db.execute<{ ok: boolean }>(sql`
    select exists (select 1 from members where id = ${otherId})
      and not ${blockedBetween(memberId, otherId)} as ok`);
  return result.rows[0]?.ok === true;
}
