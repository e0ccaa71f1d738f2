import type { MessageRow, NewMessage } from './chat.repository.ts';

/** Messages in one statement at most: 8 parameters each, far below PostgreSQL's 65,535. */
const MAX_BATCH = 500;
/**
 * Inserts on their way at once, each on its own pooled connection (the pool holds 10). One lane
 * held about 1,500 messages/s: each row's checks (the rule of who may write to whom, the foreign
 * keys) cost PostgreSQL 0.5-0.8 ms, one row after the other (docs/performance.md, chat).
 */
const LANES = 4;

type Pending = {
  message: NewMessage;
  resolve(row: MessageRow | undefined): void;
  reject(error: unknown): void;
};
type Lane = { queue: Pending[]; writing: boolean };

/**
 * The lane of a conversation: the same whoever of the two writes. Member ids are random (v4
 * uuids), so their last 32 bits spread conversations evenly.
 */
function laneOf({ senderId, receiverId }: NewMessage, lanes: number) {
  return ((parseInt(senderId.slice(-8), 16) ^ parseInt(receiverId.slice(-8), 16)) >>> 0) % lanes;
}

/**
 * Group commit for chat messages. Each conversation goes through one of a few lanes; while a
 * lane's insert is on its way, the messages that arrive for it wait and go together in its next,
 * one statement and one commit for all of them. A lone message goes at once; under load, the
 * commits (each a WAL flush) stop growing with the rate. A lane writes its messages in the order
 * they came, which keeps each conversation's order; lanes write at the same time.
 */
export function createMessageWriter(deps: {
  /** Stores what the rule allows, ignoring retried uuids; answers the rows stored. */
  insert(messages: readonly NewMessage[]): Promise<MessageRow[]>;
  lanes?: number;
}) {
  const lanes = Array.from(
    { length: deps.lanes ?? LANES },
    (): Lane => ({ queue: [], writing: false }),
  );

  async function drain(lane: Lane) {
    lane.writing = true;
    while (lane.queue.length > 0) {
      const batch = lane.queue.slice(0, MAX_BATCH);
      lane.queue = lane.queue.slice(batch.length);
      try {
        const rows = await deps.insert(batch.map((p) => p.message));
        const stored = new Map(rows.map((row) => [`${row.senderId} ${row.uuid}`, row]));
        for (const pending of batch) {
          const { senderId, uuid } = pending.message;
          pending.resolve(stored.get(`${senderId} ${uuid}`));
        }
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    lane.writing = false;
  }

  return {
    /** Resolves with the stored row, or nothing when the message was a retry or not allowed. */
    write(message: NewMessage): Promise<MessageRow | undefined> {
      const lane = lanes[laneOf(message, lanes.length)] as Lane;
      return new Promise((resolve, reject) => {
        lane.queue.push({ message, resolve, reject });
        if (!lane.writing) void drain(lane);
      });
    },
  };
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;
