import type { LikeEntry, Notifications } from '@mawadda/contract';
import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchMoment } from '@/lib/match-moment.ts';
import { moderationKeys, notificationKeys } from '@/lib/query-keys.ts';
import { mockEndpoints } from '@/test/api.ts';
import { aCurrentUser, photo } from '@/test/fixtures.ts';
import { fakePushBrowser, removePushBrowser } from '@/test/push-browser.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { Component as ShellLayout } from './shell-layout.tsx';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', ResizeObserverStub));

/** Where the member is, as the address bar shows it. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}
afterEach(() => vi.unstubAllGlobals());

function logIn() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me', name: 'Youssef', latitude: null, longitude: null, mediaUrls: [] }),
  );
}

/** The counts of a member with nothing new. */
const nothingNew: Notifications = {
  newLikes: 0,
  newMessages: 0,
  unreadConversations: 0,
  newViews: 0,
  lastLikeAt: null,
};

const likeAt = '2026-05-01T10:00:00.000Z';
const aLike: LikeEntry = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Maryam',
  age: 27,
  gender: 'femme',
  mediaUrls: [],
  photosBlurred: false,
  verified: false,
  compliment: null,
  createdAt: likeAt,
  kind: 'like',
  matched: false,
  isNew: true,
};

describe('the shell as the app composes it', () => {
  it('asks about notifications only once there is a match, after its "It\'s a match"; the app badge counts unread conversations and new likes', async () => {
    logIn();
    fakePushBrowser();
    const setAppBadge = vi.fn(async (_count?: number) => undefined);
    Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: setAppBadge });
    mockEndpoints({
      notifications: {
        body: {
          newLikes: 2,
          newMessages: 5,
          unreadConversations: 1,
          newViews: 4,
          lastLikeAt: likeAt,
        },
      },
      currentUser: { body: aCurrentUser() },
    });
    try {
      await renderScreen(<ShellLayout />, { route: '/suggestions' });
      // Two likes and one conversation (of five unread messages): what a push's badge says.
      await vi.waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(3));
      // A first load asks nothing, unread messages or not: the question waits for a moment.
      expect(screen.queryByRole('dialog')).toBeNull();

      act(() => matchMoment.show({ id: aLike.id, name: 'Maryam', photoUrl: null }));
      const match = await screen.findByRole('dialog', { name: "It's a match!" }, { timeout: 5000 });
      expect(screen.queryByRole('dialog', { name: 'Know when someone writes to you' })).toBeNull();
      await userEvent.setup().click(within(match).getByRole('button', { name: 'Keep browsing' }));
      expect(
        await screen.findByRole(
          'dialog',
          { name: 'Know when someone writes to you' },
          { timeout: 5000 },
        ),
      ).toBeVisible();
    } finally {
      removePushBrowser();
      Reflect.deleteProperty(navigator, 'setAppBadge');
    }
  });

  // The liked-you list's chunk is imported on the first opening: slower than the rest here.
  it('opening the liked-you dialog lists the likes, marks them seen and clears the likes badge', async () => {
    logIn();
    // The server keeps reporting the same like (a poll under way, or the count not caught up):
    // the seen timestamp alone clears the badge.
    let notifications: Notifications = {
      newLikes: 3,
      newMessages: 0,
      unreadConversations: 0,
      newViews: 0,
      lastLikeAt: likeAt,
    };
    const events: string[] = [];
    mockEndpoints({
      notifications: () => ({ body: notifications }),
      likes: () => {
        events.push('likes');
        return { body: [aLike] };
      },
      markLikesSeen: () => {
        events.push('mark-seen');
        return { body: { message: 'Likes marked as seen.' } };
      },
      currentUser: { body: aCurrentUser() },
    });
    const { queryClient } = await renderScreen(<ShellLayout />, { route: '/suggestions' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const likes = await within(nav).findByRole('button', { name: 'Likes, 3 new' });

    await userEvent.setup().click(likes);
    const dialog = await screen.findByRole('dialog', { name: 'Who liked you' });
    // The list's chunk loads on the first opening.
    expect(
      await within(dialog).findByRole(
        'button',
        { name: /^Maryam, 27, New, Liked you/ },
        { timeout: 5000 },
      ),
    ).toBeEnabled();
    await vi.waitFor(() => expect(events).toEqual(['likes', 'mark-seen']));

    await vi.waitFor(() => expect(within(nav).queryAllByTestId('nav-badge')).toEqual([]));
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'Likes' }));

    // A newer like counts again.
    notifications = { ...notifications, newLikes: 1, lastLikeAt: '2026-05-01T10:05:00.000Z' };
    await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    await vi.waitFor(() =>
      expect(within(nav).getByRole('button', { name: 'Likes, 1 new' })).toHaveTextContent('1'),
    );
  });

  it('a like back in the liked-you list shows "It\'s a match" over it; "Send a message" leaves both for the chat', async () => {
    logIn();
    mockEndpoints({
      notifications: {
        body: {
          newLikes: 1,
          newMessages: 0,
          unreadConversations: 0,
          newViews: 0,
          lastLikeAt: likeAt,
        },
      },
      likes: { body: [aLike] },
      markLikesSeen: { body: { message: 'Likes marked as seen.' } },
      like: {
        body: { mutualLike: true, match: { id: aLike.id, name: 'Maryam', photoUrl: null } },
      },
      currentUser: { body: aCurrentUser() },
    });
    // The shell stays (as it does around every member page) while the address changes.
    await renderScreen(
      <>
        <ShellLayout />
        <Address />
      </>,
      { route: '/suggestions', path: '*' },
    );
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('button', { name: 'Likes, 1 new' }));
    const list = await screen.findByRole('dialog', { name: 'Who liked you' });
    await user.click(
      await within(list).findByRole('button', { name: 'Like back Maryam' }, { timeout: 5000 }),
    );

    const match = await screen.findByRole('dialog', { name: "It's a match!" }, { timeout: 5000 });
    expect(match).toHaveAccessibleDescription(
      'You and Maryam like each other. Take the first step: say salam.',
    );
    await user.click(within(match).getByRole('link', { name: 'Send a message' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(
      `/chat?userId=${aLike.id}`,
    );
  });

  it('opens the subscription modal from the profile menu, and gives the focus back on close', async () => {
    logIn();
    mockEndpoints({
      notifications: { body: nothingNew },
      subscriptionPlans: {
        body: {
          plans: [{ plan: 'WEEKLY', days: 7, usdCents: 499, xof: 3000 }],
          methods: ['card', 'mobile-money'],
        },
      },
      currentUser: { body: aCurrentUser() },
    });
    await renderScreen(<ShellLayout />, { route: '/suggestions' });
    const user = userEvent.setup();
    const menu = () => screen.getByRole('button', { name: 'Profile menu' });
    await user.click(menu());
    await user.click(await screen.findByRole('menuitem', { name: 'Subscription' }));
    const plans = await screen.findByRole('dialog', { name: 'Choose a plan' }, { timeout: 5000 });
    expect(await within(plans).findByRole('radio', { name: /Weekly/ })).toBeEnabled();
    expect(plans).toHaveTextContent('3,000 FCFA');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(menu()).toHaveFocus());
  });
});

describe('a decision about the member (ADR 084)', () => {
  it('is said on the screen until they read it, with the way to read why and appeal', async () => {
    logIn();
    mockEndpoints({
      notifications: {
        body: { ...nothingNew, newDecisions: 1 },
      },
      currentUser: { body: aCurrentUser() },
    });
    await renderScreen(<ShellLayout />, { route: '/suggestions' });
    const notice = await screen.findByText('A moderator made a decision about your account.');
    await userEvent.setup().click(
      within(notice.closest('[role="status"]') as HTMLElement).getByRole('link', {
        name: 'Read why, and how to appeal',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Screen /decisions' })).toBeVisible();
  });

  it('is not said when there is none', async () => {
    logIn();
    mockEndpoints({
      notifications: {
        body: { ...nothingNew, newDecisions: 0 },
      },
      currentUser: { body: aCurrentUser() },
    });
    const { queryClient } = await renderScreen(<ShellLayout />, { route: '/suggestions' });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(notificationKeys.counts('me'))).toBeDefined(),
    );
    expect(screen.queryByText('A moderator made a decision about your account.')).toBeNull();
  });
});

describe('the moderation link of the profile menu', () => {
  async function menuFor(role: 'member' | 'moderator') {
    logIn();
    mockEndpoints({
      notifications: {
        body: {
          newLikes: 0,
          newMessages: 0,
          unreadConversations: 0,
          newViews: 0,
          lastLikeAt: null,
        },
      },
      currentUser: { body: aCurrentUser({ id: 'me', name: 'Youssef', role }) },
    });
    const { queryClient } = await renderScreen(<ShellLayout />, { route: '/fr/suggestions' });
    // The role arrives with the member's profile.
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(moderationKeys.role('me'))).toMatchObject({ role }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    return screen.findByRole('menu');
  }

  it('is there for a moderator, under the address’s language prefix', async () => {
    const menu = await menuFor('moderator');
    expect(within(menu).getByRole('menuitem', { name: 'Moderation' })).toHaveAttribute(
      'href',
      '/fr/moderation',
    );
  });

  it('is not there for a member', async () => {
    const menu = await menuFor('member');
    within(menu).getByRole('menuitem', { name: 'Terms of use' });
    expect(within(menu).queryByRole('menuitem', { name: 'Moderation' })).toBeNull();
  });
});

describe('the avatar of the profile menu', () => {
  function keep(mediaUrls: string[]) {
    localStorage.setItem('authToken', 'token');
    localStorage.setItem(
      'currentUser',
      JSON.stringify({ id: 'me', name: 'Youssef', latitude: null, longitude: null, mediaUrls }),
    );
  }
  function answerMe(mediaUrls: string[], role: 'member' | 'moderator' = 'member') {
    mockEndpoints({
      notifications: {
        body: {
          newLikes: 0,
          newMessages: 0,
          unreadConversations: 0,
          newViews: 0,
          lastLikeAt: null,
        },
      },
      currentUser: {
        body: aCurrentUser({
          id: 'me',
          name: 'Youssef',
          role,
          photos: mediaUrls.map((url) => ({ ...photo('p'), url })),
        }),
      },
    });
  }
  const avatar = () => screen.getByRole('button', { name: 'Profile menu' }).querySelector('img');
  const kept = () => JSON.parse(localStorage.getItem('currentUser') ?? '{}').mediaUrls;

  it('takes the fresh links of the member’s photos: the kept ones expire (ADR 019)', async () => {
    keep(['/media/photos/p1.webp?e=1']);
    answerMe(['/media/photos/p1.webp?e=2']);
    await renderScreen(<ShellLayout />, { route: '/suggestions' });
    await vi.waitFor(() => expect(avatar()?.getAttribute('src')).toBe('/media/photos/p1.webp?e=2'));
    expect(kept()).toEqual(['/media/photos/p1.webp?e=2']);
  });

  it('keeps a photo saved since over an older answer: the avatar never goes back to a removed photo', async () => {
    keep(['/media/photos/new.webp?e=5']);
    answerMe(['/media/photos/old.webp?e=9'], 'moderator');
    await renderScreen(<ShellLayout />, { route: '/suggestions' });
    // The moderation link comes from the same answer: once it shows, the answer was used.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Profile menu' }));
    await screen.findByRole('menuitem', { name: 'Moderation' });
    expect(avatar()?.getAttribute('src')).toBe('/media/photos/new.webp?e=5');
    expect(kept()).toEqual(['/media/photos/new.webp?e=5']);
  });
});
