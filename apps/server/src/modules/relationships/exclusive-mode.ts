import type { ExclusiveState } from '@mawadda/contract';
import { relationshipBetween } from '../../core/member-rules.ts';
import type { Database, Transaction } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import {
  deleteProposals,
  exclusiveState,
  insertProposal,
  lockPair,
  startExclusive,
} from './exclusive-mode.repository.ts';
import type { MatchUpdate, MatchUpdates } from './match-updates.ts';
import { endExclusiveBetween } from './relationships.repository.ts';

/**
 * Exclusive mode (ADR 070): one match proposes, the other accepts; while it lasts neither is
 * suggested nor receives a new first message (`inExclusiveMode`), and either ends it at any time.
 * A block, an unmatch (close kindly included) and an account deletion end it too.
 */
export function createExclusiveMode(deps: {
  db: Database;
  clock: Clock;
  updates: MatchUpdates;
  /** Tells both members' apps that what is between them changed (the contact topic). */
  tellBoth(memberId: string, otherId: string): Promise<void>;
}) {
  const { db, clock } = deps;

  /** 404 for a member one cannot reach at all, as the rest of the relationships routes answer. */
  async function assertKnown(memberId: string, otherId: string) {
    const between = await relationshipBetween(db, memberId, otherId, clock.now());
    if (memberId === otherId || !between.exists || between.blocked) {
      throw notFound('MEMBER_NOT_FOUND');
    }
  }

  /** Runs `change` with both rows locked, records the other's news, then tells both. */
  async function changed(
    memberId: string,
    otherId: string,
    change: (tx: Transaction) => Promise<MatchUpdate | null>,
  ): Promise<ExclusiveState> {
    const update = await db.transaction(async (tx) => {
      const told = await change(tx);
      if (told) {
        await deps.updates.write(tx, [
          { update: told, from: memberId, to: otherId, at: clock.now() },
        ]);
      }
      return told;
    });
    if (update) deps.updates.told();
    await deps.tellBoth(memberId, otherId);
    return exclusiveState(db, memberId, otherId);
  }

  return {
    state: async (memberId: string, otherId: string) => {
      await assertKnown(memberId, otherId);
      return exclusiveState(db, memberId, otherId);
    },

    /** A proposal to a match; to one who proposed first, it is accepting theirs. */
    async propose(memberId: string, otherId: string): Promise<ExclusiveState> {
      await assertKnown(memberId, otherId);
      return changed(memberId, otherId, async (tx) => {
        const pair = await lockPair(tx, memberId, otherId);
        if (!pair.matched) throw new HttpError(403, 'EXCLUSIVE_NEEDS_A_MATCH');
        if (pair.taken) throw new HttpError(409, 'EXCLUSIVE_ALREADY_ACTIVE');
        if (pair.proposedToMe) {
          await startExclusive(tx, memberId, otherId, clock.now());
          return 'exclusive-started';
        }
        await insertProposal(tx, memberId, otherId, clock.now());
        return 'exclusive-proposed';
      });
    },

    /** Accepts `otherId`'s proposal: only a proposal made to the member can be accepted. */
    async accept(memberId: string, otherId: string): Promise<ExclusiveState> {
      await assertKnown(memberId, otherId);
      return changed(memberId, otherId, async (tx) => {
        const pair = await lockPair(tx, memberId, otherId);
        if (!pair.proposedToMe) throw notFound('EXCLUSIVE_NOT_FOUND');
        if (!pair.matched) throw new HttpError(403, 'EXCLUSIVE_NEEDS_A_MATCH');
        if (pair.taken) throw new HttpError(409, 'EXCLUSIVE_ALREADY_ACTIVE');
        await startExclusive(tx, memberId, otherId, clock.now());
        return 'exclusive-started';
      });
    },

    /**
     * Ends exclusive mode between the two, or withdraws or declines a proposal between them. The
     * other is told live and, for an exclusive mode that ends, by push.
     */
    async end(memberId: string, otherId: string): Promise<ExclusiveState> {
      await assertKnown(memberId, otherId);
      return changed(memberId, otherId, async (tx) => {
        const proposed = await deleteProposals(tx, memberId, otherId);
        if (await endExclusiveBetween(tx, memberId, otherId)) return 'exclusive-ended';
        if (proposed) return null;
        throw notFound('EXCLUSIVE_NOT_FOUND');
      });
    },
  };
}

export type ExclusiveMode = ReturnType<typeof createExclusiveMode>;
