import type { StoredCurrentUser } from '@mawadda/contract';
import { useSyncExternalStore } from 'react';

/**
 * What the browser keeps between visits (spec section 3): `authToken`, `currentUser` and
 * `rememberedUser` in local storage, `pendingPaymentPlan` in session storage.
 */
const KEYS = {
  token: 'authToken',
  user: 'currentUser',
  remembered: 'rememberedUser',
  pendingPlan: 'pendingPaymentPlan',
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

// Another tab logging in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEYS.token || event.key === KEYS.user || event.key === null) notify();
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
  /** Logout and an expired token both end here: the token and the current user go. */
  end() {
    localStorage.removeItem(KEYS.token);
    localStorage.removeItem(KEYS.user);
    notify();
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
