import type { StoredCurrentUser } from '@mawadda/contract';
import { useSyncExternalStore } from 'react';
import { sessionArea, storedToken, TOKEN_KEY } from './session-area.ts';

/**
 * What the browser keeps between visits (docs/spec.md §3): `authToken`, `currentUser` and
 * `rememberedUser` in local storage, `pendingPaymentPlan` in session storage. A member who logs in
 * with remember-me unticked keeps `authToken` and `currentUser` in session storage instead, so the
 * session ends with the browser session. Beside them, things of the member's own: the local liked
 * set (`likedUsers` and its owner, docs/spec.md §4, kept by the discovery feature), and, kept
 * wherever the token is, when they last opened the liked-you list (`likesSeenAt`) and their last
 * answers for offline use (`memberCache`, lib/member-cache.ts), the texts they wrote that the
 * server has not stored yet (`chatOutbox`, features/chat/hooks/outbox.ts) and the ones they are
 * still writing, per conversation (`chatDrafts`, features/chat/hooks/drafts.ts).
 */
const KEYS = {
  token: TOKEN_KEY,
  user: 'currentUser',
  remembered: 'rememberedUser',
  pendingPlan: 'pendingPaymentPlan',
  likedUsers: 'likedUsers',
  likedUsersOwner: 'likedUsersOwner',
  likesSeenAt: 'likesSeenAt',
  memberCache: 'memberCache',
  chatOutbox: 'chatOutbox',
  chatDrafts: 'chatDrafts',
} as const;

export const MEMBER_CACHE_KEY = KEYS.memberCache;
export const CHAT_OUTBOX_KEY = KEYS.chatOutbox;
export const CHAT_DRAFTS_KEY = KEYS.chatDrafts;

/** What goes wherever the token goes. */
const SESSION_KEYS = [
  KEYS.token,
  KEYS.user,
  KEYS.likesSeenAt,
  KEYS.memberCache,
  KEYS.chatOutbox,
  KEYS.chatDrafts,
];

export type Session = { token: string; user: StoredCurrentUser | null } | null;

const listeners = new Set<() => void>();
let cached: { raw: string; session: Session } | undefined;

function read(): Session {
  const store = sessionArea();
  const token = store.getItem(KEYS.token);
  const rawUser = store.getItem(KEYS.user);
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
 * The likes seen timestamp (docs/spec.md §4), stored as `{ member, at }` (ms since the epoch): it
 * counts only for the member who stored it. A number is its own stable snapshot: no cache needed.
 */
function readLikesSeenAt(): number | null {
  try {
    const value = JSON.parse(sessionArea().getItem(KEYS.likesSeenAt) ?? 'null');
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
  token: storedToken,
  /** Where the session and what belongs to it are kept. */
  area: sessionArea,
  /**
   * Keeps a new token: in local storage when the member asked to be remembered (or did not get
   * the choice, as right after registration), otherwise in session storage. What the other place
   * held of an earlier session goes.
   */
  start(token: string, remember = true) {
    const [kept, other] = remember
      ? [localStorage, sessionStorage]
      : [sessionStorage, localStorage];
    for (const key of SESSION_KEYS) other.removeItem(key);
    kept.setItem(KEYS.token, token);
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
      ...(user.consentRequired === undefined ? {} : { consentRequired: user.consentRequired }),
    };
    sessionArea().setItem(KEYS.user, JSON.stringify(stored));
    notify();
  },
  /**
   * The server refused a call for want of the consent to the current privacy text: the member
   * area asks for it before anything else (app/routes/member-area.tsx).
   */
  requireConsent() {
    const user = read()?.user;
    if (user && !user.consentRequired) this.setUser({ ...user, consentRequired: true });
  },
  /**
   * Logout and an expired token both end here: the token, the current user, the kept answers,
   * the unsent and unfinished messages, the local liked set and the likes seen timestamp go, so
   * nothing of the member stays on a shared phone.
   */
  end() {
    for (const key of SESSION_KEYS) sessionStorage.removeItem(key);
    for (const key of [...SESSION_KEYS, KEYS.likedUsers, KEYS.likedUsersOwner]) {
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
      sessionArea().setItem(KEYS.likesSeenAt, JSON.stringify({ member, at }));
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
