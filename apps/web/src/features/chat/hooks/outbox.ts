import type { Message } from '@mawadda/contract';
import { useSyncExternalStore } from 'react';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { realtime } from '@/lib/realtime/realtime-client.ts';
import { CHAT_OUTBOX_KEY, session } from '@/lib/session.ts';
import type { Refusal } from '@/lib/translate-error.ts';
import { type OutgoingFields, sendMessage } from '../api/chat-api.ts';

/**
 * - `sending`: on its way (one tick: the member sees it at once).
 * - `waiting`: written without a connection; goes when it returns.
 * - `failed`: refused; the member may retry it (same uuid), unless no retry can change the
 *   refusal, or remove it.
 */
export type OutgoingStatus = 'sending' | 'waiting' | 'failed';

export type Outgoing = OutgoingFields & {
  from: string;
  to: string;
  createdAt: string;
  imagePreview: string | null;
  audioPreview: string | null;
  status: OutgoingStatus;
  refusal: Refusal | null;
};

type Send = (to: string, fields: OutgoingFields) => Promise<Message>;

/**
 * The refusals a retry of the same message cannot change, so none is offered: a pair that has
 * ended (ADR 017: the match ended, or the member is not to be reached any more, a block either
 * way or an account gone, in the same words), or the message itself refused for what it is or
 * who sends it (a new account's link or number, a first message to a member who takes them from
 * verified members only, a text too long). Sent again, it meets the same refusal until something
 * else changes, which a retry is not; the member removes it, or writes another.
 */
const FOR_GOOD: ReadonlySet<string | undefined> = new Set([
  'MATCH_ENDED',
  'MEMBER_NOT_FOUND',
  'NEW_ACCOUNT_CONTACT_DETAILS',
  'VERIFIED_MEMBERS_ONLY',
  'CHAT_MESSAGE_TOO_LONG',
  // She writes first (ADR 069), or the member is in exclusive mode (ADR 070): until she writes,
  // or it ends, a retry meets the same refusal.
  'WAITING_FOR_HER_FIRST_WORD',
  'MEMBER_IN_EXCLUSIVE_MODE',
  // A message request that has not opened the conversation (ADR 068): the contact says why.
  'REQUEST_PENDING',
  'REQUEST_DECLINED',
  'REQUEST_EXPIRED',
]);

export function refusedForGood(refusal: Refusal | null): boolean {
  return FOR_GOOD.has(refusal?.code);
}

/** Where unsent texts outlive a reload: photos and voice notes are too big to be kept. */
export type OutboxStore = { read(): string | null; write(value: string | null): void };

type KeptText = Pick<Outgoing, 'uuid' | 'from' | 'to' | 'content' | 'createdAt'>;

function restore(store: OutboxStore): Outgoing[] {
  try {
    const kept = JSON.parse(store.read() ?? '[]') as KeptText[];
    return kept.map((text) => ({
      ...text,
      image: null,
      audio: null,
      imagePreview: null,
      audioPreview: null,
      status: 'waiting',
      refusal: null,
    }));
  } catch {
    return [];
  }
}

/**
 * The messages this tab has written and the server has not stored yet, sent one at a time in the
 * order they were written (so they keep that order in the conversation). A network failure puts
 * them back to wait for the connection; a refusal marks the one message failed.
 */
export function createOutbox({
  send,
  member,
  online,
  store,
}: {
  send: Send;
  /** The signed-in member: what another member wrote on this device is never sent as them. */
  member: () => string | undefined;
  online: () => boolean;
  store: OutboxStore;
}) {
  // Texts written before a reload wait again, with their uuid: the server stores each once.
  let entries: Outgoing[] = restore(store);
  let pumping = false;
  let deliver: (message: Message) => void = () => {};
  const listeners = new Set<() => void>();

  function set(next: Outgoing[]) {
    entries = next;
    const texts: KeptText[] = next
      .filter((e) => !e.image && !e.audio)
      .map(({ uuid, from, to, content, createdAt }) => ({ uuid, from, to, content, createdAt }));
    try {
      store.write(texts.length > 0 ? JSON.stringify(texts) : null);
    } catch {
      // Storage full or refused: the texts still go from this tab while it stays open.
    }
    for (const listener of listeners) listener();
  }

  function drop(uuid: string) {
    const entry = entries.find((e) => e.uuid === uuid);
    if (entry?.imagePreview) URL.revokeObjectURL(entry.imagePreview);
    if (entry?.audioPreview) URL.revokeObjectURL(entry.audioPreview);
    set(entries.filter((e) => e.uuid !== uuid));
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      for (let next = entries.find((e) => e.status === 'sending'); next; ) {
        const entry = next;
        if (entry.from !== member()) {
          drop(entry.uuid);
        } else {
          try {
            const message = await send(entry.to, entry);
            deliver(message);
            drop(entry.uuid);
          } catch (error) {
            if (error instanceof NetworkError) {
              set(entries.map((e) => (e.status === 'sending' ? { ...e, status: 'waiting' } : e)));
              break;
            }
            const refusal = error instanceof ApiError ? (error.body ?? null) : null;
            if (!(error instanceof ApiError)) console.warn('[chat] send failed', error);
            set(
              entries.map((e) => (e.uuid === entry.uuid ? { ...e, status: 'failed', refusal } : e)),
            );
          }
        }
        next = entries.find((e) => e.status === 'sending');
      }
    } finally {
      pumping = false;
    }
  }

  return {
    entries: () => entries,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Where stored messages go (the conversation's cache). */
    onDelivered(handler: (message: Message) => void) {
      deliver = handler;
    },
    /** Shows the message at once and sends it, or keeps it until the connection returns. */
    add(to: string, fields: Omit<OutgoingFields, 'uuid'>) {
      const from = member();
      if (!from) return;
      set([
        ...entries,
        {
          ...fields,
          uuid: crypto.randomUUID(),
          from,
          to,
          createdAt: new Date().toISOString(),
          imagePreview: fields.image ? URL.createObjectURL(fields.image) : null,
          audioPreview: fields.audio ? URL.createObjectURL(fields.audio) : null,
          status: online() ? 'sending' : 'waiting',
          refusal: null,
        },
      ]);
      void pump();
    },
    /** Sends a failed message again, with its uuid: the server stores it once whatever happened. */
    retry(uuid: string) {
      set(
        entries.map((e) =>
          e.uuid === uuid && e.status === 'failed' ? { ...e, status: 'sending', refusal: null } : e,
        ),
      );
      void pump();
    },
    remove: drop,
    /** The connection is back: what waited goes, in order. */
    resume() {
      if (!entries.some((e) => e.status === 'waiting')) return;
      set(entries.map((e) => (e.status === 'waiting' ? { ...e, status: 'sending' } : e)));
      void pump();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** The tab's outbox; it resumes when the browser is back online or the socket reconnects. */
export const outbox = createOutbox({
  send: sendMessage,
  member: () => session.get()?.user?.id,
  online: () => navigator.onLine,
  store: {
    read: () => session.area().getItem(CHAT_OUTBOX_KEY),
    write: (value) =>
      value === null
        ? session.area().removeItem(CHAT_OUTBOX_KEY)
        : session.area().setItem(CHAT_OUTBOX_KEY, value),
  },
});
if (typeof window !== 'undefined' && navigator.onLine) outbox.resume();

let connections = realtime.getState().connections;
realtime.subscribeState(() => {
  const now = realtime.getState().connections;
  if (now > connections) outbox.resume();
  connections = now;
});
if (typeof window !== 'undefined') window.addEventListener('online', () => outbox.resume());

/** The messages this tab is sending to `other`. */
export function useOutgoing(me: string, other: string) {
  const entries = useSyncExternalStore(outbox.subscribe, outbox.entries, outbox.entries);
  return entries.filter((e) => e.from === me && e.to === other);
}
