import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import {
  blockedBetween,
  consentGiven,
  deletedAccount,
  inExclusiveMode,
  matched,
  relationshipBetween,
  requestClosed,
  requestIs,
  subscribed,
  suggestable,
  unmatchedBetween,
  verifiedOnlyRefuses,
  womanWritesFirst,
  wroteTo,
} from './member-rules.ts';

/** What one member does to another: a message, a gift (paid for) or a call. */
type Act = 'write' | 'gift' | 'call';

/**
 * Who may write to, send a gift to and call whom (ADR 012, extended by ADR 015 and 017, amended
 * by ADR 068, 069 and 070), in one place. Receiving is always free. Matched members (each liked
 * the other) always write to each other for free. Once either ended a match, neither writes,
 * sends a gift or calls until they match again, whatever their subscriptions. Otherwise anyone
 * may answer a member who wrote to them first; a subscriber may also write first to any member
 * they may be suggested, and anyone may send them a gift (it is paid for): that first message is
 * a request (ADR 068), and nothing more goes from its sender (no second message, photo, voice
 * note, gift or call) until she accepts it or answers it; declined, or unanswered past its days,
 * it closes the two until they match. Only subscribers call (their matches, those members, and
 * those whose conversation with them is open), never while their request waits. A member who
 * accepts first contact from verified members only (ADR 044) is not written to, sent a gift or
 * called first by anyone else. A woman who chose to write first (ADR 069) is not written to,
 * sent a gift or called by a man, match or not, until she wrote to him. A member in exclusive
 * mode (ADR 070) gets no first contact from anyone they are not matched with. A block, either
 * way, stops all of it.
 */
export function createWhoMayWrite(deps: { db: Database; clock: Clock }) {
  /**
   * Throws the refusal a member can act on: 404 for someone gone (or never shown to them), 403
   * `MATCH_ENDED` for a pair that unmatched, `REQUEST_DECLINED`, `REQUEST_EXPIRED` or
   * `REQUEST_PENDING` for a message request (ADR 068), 403 `WAITING_FOR_HER_FIRST_WORD` while she
   * is to write first, 403 `MEMBER_IN_EXCLUSIVE_MODE` for a first contact with someone exclusive,
   * 403 `SUBSCRIPTION_REQUIRED` for what a subscription would allow.
   */
  async function assertMay(fromId: string, toId: string, act: Act): Promise<void> {
    const between = await relationshipBetween(deps.db, fromId, toId, deps.clock.now());
    // A block, either way, answers as if the member did not exist: the blocked one is not told.
    if (fromId === toId || !between.exists || between.blocked) throw notFound('MEMBER_NOT_FOUND');
    if (between.matched) {
      if (between.waitsForHer) throw new HttpError(403, 'WAITING_FOR_HER_FIRST_WORD');
      if (act === 'call' && !between.subscribed) throw new HttpError(403, 'SUBSCRIPTION_REQUIRED');
      return;
    }
    // Only a new match reopens a conversation either of them closed: no subscription does.
    if (between.unmatched) throw new HttpError(403, 'MATCH_ENDED');
    if (between.request === 'declined') throw new HttpError(403, 'REQUEST_DECLINED');
    if (between.request === 'expired') throw new HttpError(403, 'REQUEST_EXPIRED');
    // An open conversation: she wrote to him, or accepted his request.
    if (between.answering || between.accepted) {
      if (act === 'call' && !between.subscribed) throw new HttpError(403, 'SUBSCRIPTION_REQUIRED');
      return;
    }
    if (between.request === 'pending') throw new HttpError(403, 'REQUEST_PENDING');
    if (!between.suggestable) throw notFound('MEMBER_NOT_FOUND');
    if (between.waitsForHer) throw new HttpError(403, 'WAITING_FOR_HER_FIRST_WORD');
    if (between.exclusive) throw new HttpError(403, 'MEMBER_IN_EXCLUSIVE_MODE');
    if (between.verifiedOnly) throw new HttpError(403, 'VERIFIED_MEMBERS_ONLY');
    if (act !== 'gift' && !between.subscribed) throw new HttpError(403, 'SUBSCRIPTION_REQUIRED');
  }

  /**
   * The rule for a message as a SQL condition (`assertMay` says the same in words), for a
   * statement that writes only if it holds: `opening` is what lets `fromId` write first, once
   * (the request it makes stands from then on, ADR 068); `now` the instant it is checked at.
   */
  const mayReach = (fromId: string | SQL, toId: string | SQL, opening: SQL, now: Date | SQL) =>
    sql`(not ${blockedBetween(fromId, toId)} and not ${deletedAccount(toId)} and ${consentGiven(toId)}
      and not ${womanWritesFirst(fromId, toId)}
      and (${matched(fromId, toId)} or (not ${unmatchedBetween(fromId, toId)}
        and not ${requestClosed(fromId, toId, now)}
        and (${wroteTo(toId, fromId)} or ${requestIs(fromId, toId, 'accepted')}
          or (${opening} and not ${requestIs(fromId, toId, 'any')}
            and ${suggestable(fromId, toId)} and not ${verifiedOnlyRefuses(fromId, toId)}
            and not ${inExclusiveMode(toId)})))))`;

  return {
    /**
     * The writing rule as a SQL condition, for a statement that writes only if it holds (a chat
     * message is checked and stored in one round trip); `assertMayWrite` then says why it did not.
     * At `now`: the clock's time, or the placeholder of a statement built once.
     */
    mayWriteCondition: (fromId: string | SQL, toId: string | SQL, now: Date | SQL) =>
      mayReach(fromId, toId, subscribed(fromId, now), now),
    assertMayWrite: (fromId: string, toId: string) => assertMay(fromId, toId, 'write'),

    /**
     * The same for a gift, paid for, so it may open a conversation: asked when the checkout opens
     * and again, as a condition of the gift message, when the payment is granted.
     */
    mayGiftCondition: (fromId: string | SQL, toId: string | SQL) =>
      mayReach(fromId, toId, sql`true`, deps.clock.now()),
    assertMayGift: (fromId: string, toId: string) => assertMay(fromId, toId, 'gift'),
    assertMayCall: (fromId: string, toId: string) => assertMay(fromId, toId, 'call'),
  };
}

export type WhoMayWrite = ReturnType<typeof createWhoMayWrite>;
