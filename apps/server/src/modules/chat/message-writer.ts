import type { MessageRow } from '../../core/conversations.ts';
import type { NewMessage } from './chat.repository.ts';

/** Messages in one statement at most. */
const MAX_BATCH = 500;

type Pending = {
  message: NewMessage;
  resolve(row: MessageRow | undefined): void;
  reject(error: unknown): void;
};

/**
 * Group commit for chat messages: while one insert is on its way, the messages that arrive wait
 * and go together in the next, one statement and one commit for all of them. A lone message
 * goes at once; under load, the statements and commits (each a WAL flush) stop growing with the
 * rate. Messages are written in the order they came, which keeps each conversation's order. (One
 * writer holds more than several in parallel would: a row costs PostgreSQL little, a statement
 * much more; docs/performance.md, chat.)
 */
export function createMessageWriter(deps: {
  /**
   * Stores what the rule allows, ignoring retried uuids; answers, in the order given, each
   * message's stored row, or nothing for one not stored.
   */
  insert(messages: readonly NewMessage[]): Promise<Array<MessageRow | undefined>>;
}) {
  let queue: Pending[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        const rows = await deps.insert(batch.map((p) => p.message));
        batch.forEach((pending, i) => {
          pending.resolve(rows[i]);
        });
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    writing = false;
  }

  return {
    /** Resolves with the stored row, or nothing when the message was a retry or not allowed. */
    write(message: NewMessage): Promise<MessageRow | undefined> {
      return new Promise((resolve, reject) => {
        queue.push({ message, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;
