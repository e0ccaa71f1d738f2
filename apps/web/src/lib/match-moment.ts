import type { MatchedMember } from '@mawadda/contract';
import { useSyncExternalStore } from 'react';

/**
 * The matches waiting to be shown as "It's a match": a like back from the suggestions, a profile
 * or the liked-you list, and the other member's like back told live. Features say a match
 * happened here; the app layer shows it (features do not import each other). One at a time, in
 * the order they came; the same member twice (a like back in this tab, told live to another) is
 * shown once.
 */
let queue: readonly MatchedMember[] = [];
const listeners = new Set<() => void>();

function set(next: readonly MatchedMember[]) {
  queue = next;
  for (const listener of listeners) listener();
}

export const matchMoment = {
  show(member: MatchedMember) {
    if (queue.some((waiting) => waiting.id === member.id)) return;
    set([...queue, member]);
  },
  /** The match on screen was closed: the next one, if any. */
  dismiss() {
    set(queue.slice(1));
  },
  /** Nothing of one member's matches is left for the next member on the device. */
  clear() {
    if (queue.length > 0) set([]);
  },
  current: (): MatchedMember | null => queue[0] ?? null,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The match to show now, or null. */
export function useMatchMoment(): MatchedMember | null {
  return useSyncExternalStore(matchMoment.subscribe, matchMoment.current, () => null);
}
