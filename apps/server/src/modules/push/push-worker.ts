import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { startWakeableLoop } from '../../lib/wakeable-loop.ts';
import { deleteEndpoint } from './push.repository.ts';
import { claimDue, dropPush, markSent, retryAt } from './push-queue.repository.ts';
import type { Delivery, PushSender } from './push-sender.ts';

/** The first retry's delay; each next one doubles, up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** What a node's delivery loop is built from. */
export type PushWorkerDeps = {
  db: Database;
  clock: Clock;
  sender: PushSender;
  log: FastifyBaseLogger;
  batch: number;
  maxAttempts: number;
  /** How long a claimed push is this node's: beyond a send's timeout. */
  leaseMs: number;
  /** Each settled push: the push service's answer, or `dropped` unsent (ADR 063). */
  counted?(outcome: Delivery['outcome'] | 'dropped'): void;
};

/**
 * The delivery loop of one node (ADR 037): claims due pushes from the queue in PostgreSQL, sends
 * them, and settles each by the push service's answer: sent → gone from the queue; 404/410 →
 * the subscription deleted (its pushes with it); 429/5xx/network → again after `Retry-After` or
 * an exponential backoff, `maxAttempts` tries at most; stale (past its TTL), or about a member
 * now blocked, banned or gone → dropped unsent.
 */
export function createPushWorker(deps: PushWorkerDeps) {
  const { db, clock } = deps;

  /** Settles one push; a sent one is added to `sent`, removed from the queue with the claim's. */
  async function settle(
    push: Awaited<ReturnType<typeof claimDue>>[number],
    now: Date,
    sent: { id: number; version: number }[],
  ) {
    if (push.forbidden || push.expiresAt <= now) {
      deps.counted?.('dropped');
      return dropPush(db, push.id);
    }
    const delivery = await deps.sender.send(push);
    deps.counted?.(delivery.outcome);
    switch (delivery.outcome) {
      case 'sent':
        sent.push({ id: push.id, version: push.version });
        return;
      case 'gone':
        return deleteEndpoint(db, push.endpoint);
      case 'refused':
        deps.log.warn({ reason: delivery.reason }, 'A push service refused a push');
        return dropPush(db, push.id);
      case 'retry': {
        if (push.attempts >= deps.maxAttempts) {
          deps.log.warn({ reason: delivery.reason }, 'A push was dropped after its last try');
          return dropPush(db, push.id);
        }
        const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** (push.attempts - 1), MAX_BACKOFF_MS);
        const delay = Math.min(delivery.afterMs ?? backoff, MAX_BACKOFF_MS);
        return retryAt(db, push.id, new Date(clock.now().getTime() + delay));
      }
    }
  }

  /**
   * Pushes the push service took whose removal from the queue failed (the database away for a
   * moment): removed first at the next step, while their lease still keeps them from the other
   * nodes, rather than sent again once it ends.
   */
  let unsettled: { id: number; version: number }[] = [];
  async function removeSent() {
    const removing = unsettled;
    unsettled = [];
    try {
      await markSent(db, removing);
    } catch (err) {
      unsettled = [...removing, ...unsettled];
      throw err;
    }
  }

  /** One claim and its sends; answers how many were claimed. */
  async function once(): Promise<number> {
    if (unsettled.length > 0) await removeSent();
    const now = clock.now();
    const claimed = await claimDue(db, now, new Date(now.getTime() + deps.leaseMs), deps.batch);
    const sent: { id: number; version: number }[] = [];
    await Promise.all(
      claimed.map((push) =>
        settle(push, now, sent).catch((err: unknown) =>
          deps.log.error({ err }, 'Could not settle a push'),
        ),
      ),
    );
    // Until then, the lease keeps them from other nodes: sent twice only if this node stops.
    unsettled.push(...sent);
    await removeSent().catch((err: unknown) =>
      deps.log.error({ err }, 'Could not settle sent pushes: kept to settle at the next step'),
    );
    return claimed.length;
  }

  /** Wakes the loop, once started. */
  let wake: (() => void) | undefined;

  return {
    once,

    /** Sends everything due now (by the app's clock), then answers: tests and the bench. */
    async drain(): Promise<void> {
      while ((await once()) > 0);
    },

    /** Something was queued on this node: sent now rather than at the next poll. */
    wake: () => wake?.(),

    /** The loop: sends what is due, then waits `pollMs` or a wake; answers its stop. */
    start(pollMs: number) {
      const loop = startWakeableLoop({
        pollMs,
        step: async () => (await once()) >= deps.batch,
        onError: (err) => deps.log.error({ err }, 'The push queue could not be read'),
      });
      wake = loop.wake;
      return async () => {
        wake = undefined;
        await loop.stop();
      };
    },
  };
}

export type PushWorker = ReturnType<typeof createPushWorker>;
