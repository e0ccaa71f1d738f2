import { type ClosingTemplate, destinations, type MessageNotice } from '@mawadda/contract';
import { relationshipBetween } from '../../core/member-rules.ts';
import { findMemberById } from '../../core/members.repository.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Publish } from '../realtime/index.ts';
import {
  deleteBlock,
  insertBlock,
  listBlocked,
  unmatch,
  unmatchIn,
} from './relationships.repository.ts';

/** A notice line the chat writes in `executor` and publishes once committed (ADR 045). */
type WriteNotice = (
  memberId: string,
  otherId: string,
  notice: MessageNotice,
  executor: Executor,
  content: string,
) => Promise<{ publish(): Promise<void> }>;

/**
 * Blocks and unmatches: what a member does to end contact with another. Who may write to, send a
 * gift to and call whom is a rule of the core (`core/who-may-write.ts`), which every module asks.
 */
export function createRelationships(deps: {
  db: Database;
  clock: Clock;
  /** Delivers a body live to these members' subscribers of `destination` (the broker). */
  publish: Publish;
  writeNotice: WriteNotice;
}) {
  /**
   * Once stored, each of the two is told that what is between them changed, in the same words
   * (their own other tabs too): their open conversation asks again and closes, and neither
   * learns from the event who ended what (ADR 017).
   */
  async function tellBoth(memberId: string, otherId: string) {
    await deps.publish(destinations.contact(otherId), { memberId }, [otherId]);
    await deps.publish(destinations.contact(memberId), { memberId: otherId }, [memberId]);
  }

  return {
    /** Blocks a member one may meet (any other member who exists); true if it is new. */
    async block(blockerId: string, blockedId: string): Promise<boolean> {
      if (blockerId === blockedId || !(await findMemberById(deps.db, blockedId))) {
        throw notFound('MEMBER_NOT_FOUND');
      }
      const added = await insertBlock(deps.db, blockerId, blockedId);
      if (added) await tellBoth(blockerId, blockedId);
      return added;
    },
    unblock: (blockerId: string, blockedId: string) => deleteBlock(deps.db, blockerId, blockedId),

    /**
     * Ends a match: the conversation closes for both, subscribers or not, until both like each
     * other again.
     */
    async unmatch(memberId: string, otherId: string): Promise<void> {
      const between = await relationshipBetween(deps.db, memberId, otherId, deps.clock.now());
      if (memberId === otherId || !between.exists || between.blocked) {
        throw notFound('MEMBER_NOT_FOUND');
      }
      await unmatch(deps.db, memberId, otherId, deps.clock.now());
      await tellBoth(memberId, otherId);
    },

    /**
     * Close kindly (ADR 070): the closing message chosen, as a `closed-kindly` line, then the
     * unmatch, in one transaction (never one without the other). The line is written only while
     * the two are matched, so a pair already ended gets 403 and nothing.
     */
    async closeKindly(memberId: string, otherId: string, template: ClosingTemplate) {
      const between = await relationshipBetween(deps.db, memberId, otherId, deps.clock.now());
      if (memberId === otherId || !between.exists || between.blocked) {
        throw notFound('MEMBER_NOT_FOUND');
      }
      const line = await deps.db.transaction(async (tx) => {
        // The match is read again in the transaction: an unmatch committed since must win.
        const again = await relationshipBetween(tx, memberId, otherId, deps.clock.now());
        if (!again.matched || again.blocked) throw new HttpError(403, 'CLOSE_KINDLY_NOT_MATCHED');
        const written = await deps.writeNotice(memberId, otherId, 'closed-kindly', tx, template);
        await unmatchIn(tx, memberId, otherId, deps.clock.now());
        return written;
      });
      await line.publish();
      await tellBoth(memberId, otherId);
    },
    blocked: (blockerId: string) => listBlocked(deps.db, blockerId),
    tellBoth,
  };
}

export type Relationships = ReturnType<typeof createRelationships>;
