import { destinations, type PresenceEvent } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Backplane } from './backplane.ts';
import { createRealtimeOutlet } from './outlet.ts';
import type { PresenceStore } from './presence-store.ts';

/**
 * Presence (docs/spec.md §4): a member is online from their first socket on any node to their last
 * one; each change is told on `/topic/presence` only to the members related to them (never a
 * broadcast). Changes of one member are applied in the order they happened.
 */
export function createPresenceService(deps: {
  store: PresenceStore;
  backplane: Backplane;
  related(memberId: string): Promise<string[]>;
  log: FastifyBaseLogger;
}) {
  const chains = new Map<string, Promise<void>>();
  const { publish } = createRealtimeOutlet(deps.backplane);

  function inOrder(memberId: string, change: () => Promise<void>) {
    const next = (chains.get(memberId) ?? Promise.resolve())
      .then(change)
      .catch((err: unknown) => deps.log.error({ err }, 'Could not update presence'))
      .finally(() => {
        if (chains.get(memberId) === next) chains.delete(memberId);
      });
    chains.set(memberId, next);
  }

  async function announce(memberId: string, status: PresenceEvent['status']) {
    const to = await deps.related(memberId);
    if (to.length === 0) return;
    const event: PresenceEvent = { userId: memberId, status };
    await publish(destinations.presence, event, to);
  }

  return {
    /** The member's first socket on this node opened. */
    connected(memberId: string) {
      inOrder(memberId, async () => {
        if (await deps.store.add(memberId)) await announce(memberId, 'online');
      });
    },
    /** The member's last socket on this node closed. */
    disconnected(memberId: string) {
      inOrder(memberId, async () => {
        if (await deps.store.remove(memberId)) await announce(memberId, 'offline');
      });
    },
    onlineAmong: (memberIds: readonly string[]) => deps.store.onlineAmong(memberIds),
    /**
     * Keeps this node alive in the store and announces the members of nodes that died, and its
     * own members again once the store had lost them.
     */
    start(everyMs: number) {
      const timer = setInterval(() => {
        deps.store
          .tick()
          .then(({ offline, online }) => {
            for (const memberId of offline) inOrder(memberId, () => announce(memberId, 'offline'));
            for (const memberId of online) inOrder(memberId, () => announce(memberId, 'online'));
          })
          .catch((err: unknown) => deps.log.error({ err }, 'Presence tick failed'));
      }, everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await Promise.all(chains.values());
        await deps.store.close();
      };
    },
  };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
