import type { StoredCurrentUser } from '@mawadda/contract';
import { session } from './session.ts';

/** How long a tab opened without a session waits for an open tab to share one. */
const ASK_WAIT_MS = 200;

type Message =
  | { type: 'ask' }
  | { type: 'share'; token: string; user: StoredCurrentUser | null }
  | { type: 'end'; token: string };

const channel =
  typeof BroadcastChannel === 'function' ? new BroadcastChannel('mawadda-session') : null;

/** This tab's session when it ends with the browser (kept in session storage). */
function browserSession() {
  const current = session.get();
  return current && session.area() === sessionStorage ? current : null;
}

/**
 * A session that ends with the browser (remember-me unticked) lives in each tab's session
 * storage, which a tab opened by hand does not inherit. Such a tab asks the open tabs for it
 * before taking the visitor for anonymous. Resolves once a tab has answered, or after a short wait.
 */
export function askOtherTabs(): Promise<void> {
  const tabs = channel;
  if (!tabs || session.get()) return Promise.resolve();
  return new Promise((resolve) => {
    const onMessage = ({ data }: MessageEvent<Message>) => {
      if (data.type !== 'share' || session.get()) return;
      session.start(data.token, false);
      if (data.user) session.setUser(data.user);
      done();
    };
    const done = () => {
      clearTimeout(timer);
      tabs.removeEventListener('message', onMessage);
      resolve();
    };
    const timer = setTimeout(done, ASK_WAIT_MS);
    tabs.addEventListener('message', onMessage);
    tabs.postMessage({ type: 'ask' } satisfies Message);
  });
}

let sharing = false;

/**
 * Started in the member area: answers new tabs with this tab's browser-session session, and ends
 * it in every tab when one tab logs out or finds it expired, as a local-storage session does.
 */
export function shareSessionWithTabs(): void {
  const tabs = channel;
  if (!tabs || sharing) return;
  sharing = true;
  tabs.addEventListener('message', ({ data }: MessageEvent<Message>) => {
    const mine = browserSession();
    if (!mine) return;
    if (data.type === 'ask') {
      tabs.postMessage({ type: 'share', token: mine.token, user: mine.user } satisfies Message);
    } else if (data.type === 'end' && data.token === mine.token) {
      session.end();
    }
  });
  let known = browserSession()?.token;
  session.subscribe(() => {
    const token = browserSession()?.token;
    if (known && token !== known) tabs.postMessage({ type: 'end', token: known } satisfies Message);
    known = token;
  });
}
