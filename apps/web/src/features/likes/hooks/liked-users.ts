import { useSyncExternalStore } from 'react';
import { session } from '@/lib/session.ts';

/**
 * The local liked set (docs/spec.md §4: "Liking adds the user to the local liked set and cannot be
 * repeated"). Kept in memory and in local storage as `likedUsers` (a JSON array of ids), so a
 * reload keeps the hearts filled.
 *
 * `likedUsersOwner` holds the id of the member the set belongs to: on a shared phone, the next
 * member to log in starts with an empty set instead of seeing whom the last one liked.
 */
export const LIKED_USERS_KEY = 'likedUsers';
export const LIKED_USERS_OWNER_KEY = 'likedUsersOwner';

const EMPTY: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
let cached:
  | { raw: string | null; owner: string | null; me: string | null; set: ReadonlySet<string> }
  | undefined;
/** When storage is unavailable (private mode, quota), the set lives in memory only. */
let memoryOnly: Set<string> | undefined;

function currentMemberId(): string | null {
  return session.get()?.user?.id ?? null;
}

function storage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(raw: string | null): ReadonlySet<string> {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    return new Set(value.filter((id): id is string => typeof id === 'string'));
  } catch {
    return EMPTY;
  }
}

function snapshot(): ReadonlySet<string> {
  if (memoryOnly) return memoryOnly;
  const raw = storage(LIKED_USERS_KEY);
  const owner = storage(LIKED_USERS_OWNER_KEY);
  const me = currentMemberId();
  if (cached && cached.raw === raw && cached.owner === owner && cached.me === me) return cached.set;
  const belongsToSomeoneElse = owner !== null && me !== null && owner !== me;
  const set = belongsToSomeoneElse ? EMPTY : parse(raw);
  cached = { raw, owner, me, set };
  return set;
}

function notify() {
  for (const listener of listeners) listener();
}

function write(next: ReadonlySet<string>) {
  const me = currentMemberId();
  try {
    localStorage.setItem(LIKED_USERS_KEY, JSON.stringify([...next]));
    if (me) localStorage.setItem(LIKED_USERS_OWNER_KEY, me);
    else localStorage.removeItem(LIKED_USERS_OWNER_KEY);
    memoryOnly = undefined;
  } catch {
    memoryOnly = new Set(next);
  }
  notify();
}

if (typeof window !== 'undefined') {
  // A like in another tab fills the heart here too.
  window.addEventListener('storage', (event) => {
    if (
      event.key === LIKED_USERS_KEY ||
      event.key === LIKED_USERS_OWNER_KEY ||
      event.key === null
    ) {
      notify();
    }
  });
}

export const likedUsers = {
  snapshot,
  has: (id: string) => snapshot().has(id),
  add(id: string) {
    const current = snapshot();
    if (current.has(id)) return;
    write(new Set([...current, id]));
  },
  remove(id: string) {
    const current = snapshot();
    if (!current.has(id)) return;
    const next = new Set(current);
    next.delete(id);
    write(next);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const stopSession = session.subscribe(listener);
    return () => {
      listeners.delete(listener);
      stopSession();
    };
  },
};

export function useLikedUsers(): ReadonlySet<string> {
  return useSyncExternalStore(likedUsers.subscribe, snapshot, () => EMPTY);
}
