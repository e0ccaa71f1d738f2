import type { StoredCurrentUser } from '@mawadda/contract';
import { useSyncExternalStore } from 'react';

/**
 * What the browser keeps between visits (spec section 3): `authToken`, `currentUser` and
 * `rememberedUser` in local storage, `pendingPaymentPlan` in session storage. Beside them, two
 * things of the member's own: the local liked set (`likedUsers` and its owner, spec section 4,
 * kept by the discovery feature) and when they last opened the liked-you list (`likesSeenAt`).
 */
const KEYS = {
  token: 'authToken',
  user: 'currentUser',
  remembered: 'rememberedUser',
  pendingPlan: 'pendingPaymentPlan',
  likedUsers: 'likedUsers',
  likedUsersOwner: 'likedUsersOwner',
  likesSeenAt: 'likesSeenAt',
} as const;

export type Session = { token: string; user: StoredCurrentUser | null } | null;

const listeners = new Set<() => void>();
let cached: { raw: string; session: Session } | undefined;

function read(): Session {
  const token = localStorage.getItem(KEYS.token);
  const rawUser = localStorage.getItem(KEYS.user);
  const raw = `${token}\u0000${rawUser}`;
  if (cached?.raw === raw) return cached.session;
  let user: StoredCurrentUser | null = null;
  try {
    user = rawUser ? (JSON.parse(rawUser) as StoredCurrentUser) : null;
  } catch {
    user = null;
  }
  const session = token ? { token, user } : null;
  cached = { raw, session };
  return session;
}

function notify() {
  for (const listener of listeners) listener();
}

/**
 * The likes seen timestamp (spec section 4), stored as `{ member, at }` (ms since the epoch): it
 * counts only for the member who stored it. A number is its own stable snapshot: no cache needed.
 */
function readLikesSeenAt(): number | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEYS.likesSeenAt) ?? 'null');
    return typeof value?.at === 'number' && value.member === read()?.user?.id ? value.at : null;
  } catch {
    return null;
  }
}

// Another tab logging in or out (or opening the likes) changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (
      event.key === KEYS.token ||
      event.key === KEYS.user ||
      event.key === KEYS.likesSeenAt ||
      event.key === null
    ) {
      notify();
    }
  });
}

export const session = {
  get: read,
  token: () => localStorage.getItem(KEYS.token),
  start(token: string) {
    localStorage.setItem(KEYS.token, token);
    notify();
  },
  setUser(user: StoredCurrentUser) {
    const stored: StoredCurrentUser = {
      id: user.id,
      name: user.name,
      latitude: user.latitude,
      longitude: user.longitude,
      location: user.location,
      mediaUrls: user.mediaUrls,
    };
    localStorage.setItem(KEYS.user, JSON.stringify(stored));
    notify();
  },
  /**
   * Logout and an expired token both end here: the token, the current user, the local liked set
   * and the likes seen timestamp go, so nothing of the member stays on a shared phone.
   */
  end() {
    for (const key of [
      KEYS.token,
      KEYS.user,
      KEYS.likedUsers,
      KEYS.likedUsersOwner,
      KEYS.likesSeenAt,
    ]) {
      localStorage.removeItem(key);
    }
    notify();
  },
  /** When the member last opened the liked-you list (ms), or null; see `readLikesSeenAt`. */
  likesSeenAt: readLikesSeenAt,
  /** Stores the likes seen timestamp for the current member; never moves it backwards. */
  setLikesSeenAt(at: number) {
    const member = read()?.user?.id;
    if (!member || at <= (readLikesSeenAt() ?? Number.NEGATIVE_INFINITY)) return;
    try {
      localStorage.setItem(KEYS.likesSeenAt, JSON.stringify({ member, at }));
      notify();
    } catch {
      // Storage full or refused: the server's own seen mark still clears the badge.
    }
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  rememberedUser: () => localStorage.getItem(KEYS.remembered) ?? '',
  remember(username: string | null) {
    if (username) localStorage.setItem(KEYS.remembered, username);
    else localStorage.removeItem(KEYS.remembered);
  },
  pendingPlan: {
    get: () => sessionStorage.getItem(KEYS.pendingPlan),
    set: (plan: string) => sessionStorage.setItem(KEYS.pendingPlan, plan),
    clear: () => sessionStorage.removeItem(KEYS.pendingPlan),
  },
};

export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, read, () => null);
}
