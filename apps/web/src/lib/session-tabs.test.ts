import { afterEach, describe, expect, it } from 'vitest';
import { session } from './session.ts';
import { askOtherTabs, shareSessionWithTabs } from './session-tabs.ts';

const user = {
  id: 'member-1',
  name: 'Amina',
  latitude: null,
  longitude: null,
  location: 'Dakar, Sénégal',
  mediaUrls: [],
};

type Message = { type: string; token?: string; user?: unknown };

/** Another tab of the same browser, seen from this one: the same channel, another end. */
function otherTab() {
  const channel = new BroadcastChannel('mawadda-session');
  const received: Message[] = [];
  channel.onmessage = ({ data }: MessageEvent<Message>) => received.push(data);
  return {
    received,
    post: (message: Message) => channel.postMessage(message),
    close: () => channel.close(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

let tabs: ReturnType<typeof otherTab>[] = [];
afterEach(() => {
  for (const tab of tabs) tab.close();
  tabs = [];
  session.end();
  localStorage.clear();
  sessionStorage.clear();
});

describe('a session that ends with the browser, across tabs', () => {
  it('a new tab without a session takes the one an open tab shares, for the browser session', async () => {
    const answer = new BroadcastChannel('mawadda-session');
    answer.onmessage = ({ data }: MessageEvent<Message>) => {
      if (data.type === 'ask') answer.postMessage({ type: 'share', token: 'token-1', user });
    };

    await askOtherTabs();
    answer.close();

    expect(session.get()).toEqual({ token: 'token-1', user });
    expect(sessionStorage.getItem('authToken')).toBe('token-1');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('without an answer, the tab stays a visitor after a short wait', async () => {
    await askOtherTabs();
    expect(session.get()).toBeNull();
  });

  it('an open tab answers with its session, and a logout in one tab ends it in the others', async () => {
    session.start('token-1', false);
    session.setUser(user);
    shareSessionWithTabs();
    const fresh = otherTab();
    tabs.push(fresh);

    fresh.post({ type: 'ask' });
    await settle();
    expect(fresh.received).toContainEqual({ type: 'share', token: 'token-1', user });

    // This tab logs out: the others hear of it.
    session.end();
    await settle();
    expect(fresh.received).toContainEqual({ type: 'end', token: 'token-1' });

    // Another tab logs out: this one follows, but only for its own session.
    session.start('token-2', false);
    fresh.post({ type: 'end', token: 'token-1' });
    await settle();
    expect(session.token()).toBe('token-2');
    fresh.post({ type: 'end', token: 'token-2' });
    await settle();
    expect(session.get()).toBeNull();
  });

  it('a remembered session is not sent over the channel: every tab reads it already', async () => {
    session.start('token-1', true);
    shareSessionWithTabs();
    const fresh = otherTab();
    tabs.push(fresh);
    fresh.post({ type: 'ask' });
    await settle();
    expect(fresh.received).toEqual([]);
  });
});
