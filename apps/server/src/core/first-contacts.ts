import { and, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { messages } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { createDailyLimit } from '../lib/daily-limit.ts';
import type { RateLimitStore } from '../lib/rate-limiter.ts';
import { accountAgeOf, isNewAccount } from './new-account.ts';

/** About 8 MB of keys: far more conversations than one node has going at once. */
const REMEMBERED_CONVERSATIONS = 50_000;

/**
 * Whether two members have begun a conversation, either of them: a message (a gift too), a call
 * (its entry, which stands at the call's start) or a wali question; with `before`, by one made
 * before that moment. A guardian's notice, or the line that a match's profile was shown to
 * the family (ADR 078), is the server's line, not a contact (ADR 045): it begins nothing.
 */
async function conversationBegun(
  db: Executor,
  a: string,
  b: string,
  before?: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(
      and(
        sql`least(${messages.senderId}, ${messages.receiverId}) = least(${a}::uuid, ${b}::uuid)
          and greatest(${messages.senderId}, ${messages.receiverId}) = greatest(${a}::uuid, ${b}::uuid)`,
        sql`(${messages.notice} is null or ${messages.notice} not in ('guardian-follows', 'shown-to-family'))`,
        before === undefined ? undefined : lt(messages.sentAt, before),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The day's new conversations (ADR 043), one budget whichever way a member opens one: a first
 * message, a first call or a wali question to someone they have not begun a conversation with
 * takes one of today's, and once begun, by either of the two and in any of these ways, nothing
 * between them counts again. Chat, calls and guardians share one of these, built by app.ts.
 */
export function createFirstContacts(deps: {
  db: Executor;
  clock: Clock;
  limiter: RateLimitStore;
  /** Conversations one member may start in a day: what a spammer contacting everyone meets. */
  perDay: number;
  /** A new account, not verified, starts fewer. */
  newAccount: { ms: number; firstMessagesPerDay: number };
}) {
  const { db, clock } = deps;
  const newConversations = createDailyLimit({
    limiter: deps.limiter,
    clock,
    name: 'first-messages',
    max: deps.perDay,
    code: 'NEW_CONVERSATIONS_DAILY_LIMIT',
  });

  /**
   * Conversations known to have begun, remembered (the most recent ones) instead of asked of the
   * database at every message: a conversation that began stays begun, so this holds on every
   * node. It was half of the round trips of a message (docs/performance.md, chat).
   */
  const begun = new Set<string>();
  const keyOf = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);
  function remember(key: string) {
    if (begun.has(key)) return;
    if (begun.size >= REMEMBERED_CONVERSATIONS) {
      // The oldest: a Set keeps insertion order.
      const oldest = begun.values().next().value;
      if (oldest !== undefined) begun.delete(oldest);
    }
    begun.add(key);
  }
  async function hasBegun(a: string, b: string): Promise<boolean> {
    const key = keyOf(a, b);
    if (begun.has(key)) return true;
    if (!(await conversationBegun(db, a, b))) return false;
    remember(key);
    return true;
  }

  /**
   * Today's most for the member: fewer for a new account (unknown: not new), whose refusal says
   * why and what lifts it (`NEW_ACCOUNT_CONVERSATIONS_LIMIT`).
   */
  async function reserveFor(memberId: string) {
    const age = await accountAgeOf(db, memberId);
    if (age === undefined || !isNewAccount(age, clock.now(), deps.newAccount.ms)) {
      return newConversations.reserve(memberId);
    }
    return newConversations.reserve(memberId, deps.newAccount.firstMessagesPerDay, {
      code: 'NEW_ACCOUNT_CONVERSATIONS_LIMIT',
      params: { hours: Math.round(deps.newAccount.ms / 3_600_000) },
    });
  }

  /** The first contact from one member to another on its way (`from to`): see below. */
  const opening = new Map<string, Promise<void>>();

  return {
    /**
     * Makes a contact from `fromId` to `toId` (`make`). Between two who have not begun, it is
     * made under one of `fromId`'s new conversations of today, reserved first (429
     * `NEW_CONVERSATIONS_DAILY_LIMIT`, or `NEW_ACCOUNT_CONVERSATIONS_LIMIT`, past them, nothing
     * made); given back when nothing new was
     * stored (`madeAt` answers null: refused, a retry) or a contact of the two made at the same
     * time came first. Contacts to the same member that leave together (a phone back online, a
     * call and a message) wait for the first of them, so they start one conversation, not take a
     * slot each at once and fail past the limit. A call's entry is written when it ends: the
     * conversation it began is remembered from the ring, so what follows on this node is free.
     */
    async counted<T>(
      fromId: string,
      toId: string,
      make: () => Promise<T>,
      madeAt: (made: T) => Date | null,
    ): Promise<T> {
      if (await hasBegun(fromId, toId)) return make();
      const pair = `${fromId} ${toId}`;
      for (let first = opening.get(pair); first; first = opening.get(pair)) {
        await first;
        if (await hasBegun(fromId, toId)) return make();
      }
      const done = Promise.withResolvers<void>();
      opening.set(pair, done.promise);
      try {
        const slot = await reserveFor(fromId);
        const made = await make().catch(async (error: unknown) => {
          await slot.release();
          throw error;
        });
        const at = madeAt(made);
        if (at === null || (await conversationBegun(db, fromId, toId, at))) await slot.release();
        if (at !== null) remember(keyOf(fromId, toId));
        return made;
      } finally {
        opening.delete(pair);
        done.resolve();
      }
    },
  };
}

export type FirstContacts = ReturnType<typeof createFirstContacts>;
