import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { findMemberById } from '../members/members.repository.ts';
import {
  blockedBetween,
  consentGiven,
  deleteBlock,
  deletedAccount,
  insertBlock,
  listBlocked,
  matched,
  relationshipBetween,
  subscribed,
  suggestable,
  unmatch,
  wroteTo,
} from './relationships.repository.ts';

/**
 * Who may write to and call whom (ADR 012, extended by ADR 015), in one place. Receiving is
 * always free. Matched members (each liked the other) always write to each other for free, and
 * anyone may answer a member who wrote to them first; a subscriber may also write first to any
 * member they may be suggested, and only subscribers call (their matches and those members). A
 * block, either way, stops all of it.
 */
export function createRelationships(deps: { db: Database; clock: Clock }) {
  /**
   * Throws the refusal a member can act on: 404 for someone gone (or never shown to them), 403
   * `SUBSCRIPTION_REQUIRED` for what a subscription would allow.
   */
  async function assertMay(fromId: string, toId: string, act: 'write' | 'call'): Promise<void> {
    const between = await relationshipBetween(deps.db, fromId, toId, deps.clock.now());
    // A block, either way, answers as if the member did not exist: the blocked one is not told.
    if (fromId === toId || !between.exists || between.blocked) throw notFound('MEMBER_NOT_FOUND');
    if (act === 'write' && (between.matched || between.answering)) return;
    if (!between.matched && !between.suggestable) throw notFound('MEMBER_NOT_FOUND');
    if (!between.subscribed) throw new HttpError(403, 'SUBSCRIPTION_REQUIRED');
  }

  return {
    /**
     * The writing rule as a SQL condition, for a statement that writes only if it holds (a chat
     * message is checked and stored in one round trip); `assertMayWrite` then says why it did not.
     */
    mayWriteCondition: (fromId: string | SQL, toId: string | SQL) =>
      sql`(not ${blockedBetween(fromId, toId)} and not ${deletedAccount(toId)} and ${consentGiven(toId)} and (${matched(fromId, toId)} or ${wroteTo(toId, fromId)}
        or (${subscribed(fromId, deps.clock.now())} and ${suggestable(fromId, toId)})))`,
    assertMayWrite: (fromId: string, toId: string) => assertMay(fromId, toId, 'write'),

    /** Blocks a member one may meet (any other member who exists); true if it is new. */
    async block(blockerId: string, blockedId: string): Promise<boolean> {
      if (blockerId === blockedId || !(await findMemberById(deps.db, blockedId))) {
        throw notFound('MEMBER_NOT_FOUND');
      }
      return insertBlock(deps.db, blockerId, blockedId);
    },
    unblock: (blockerId: string, blockedId: string) => deleteBlock(deps.db, blockerId, blockedId),

    /**
     * Ends a match: the conversation closes for both; either may write again only as a
     * subscriber may write first, or once they match again.
     */
    async unmatch(memberId: string, otherId: string): Promise<void> {
      const between = await relationshipBetween(deps.db, memberId, otherId, deps.clock.now());
      if (memberId === otherId || !between.exists || between.blocked) {
        throw notFound('MEMBER_NOT_FOUND');
      }
      await unmatch(deps.db, memberId, otherId, deps.clock.now());
    },
    blocked: (blockerId: string) => listBlocked(deps.db, blockerId),
    assertMayCall: (fromId: string, toId: string) => assertMay(fromId, toId, 'call'),
  };
}

export type Relationships = ReturnType<typeof createRelationships>;
