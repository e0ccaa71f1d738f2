import type { Contact, Message } from '@mawadda/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { notificationKeys } from '@/lib/query-keys.ts';
import { realtime } from '@/lib/realtime/realtime-client.ts';
import { session } from '@/lib/session.ts';
import { mockEndpoints } from '@/test/api.ts';
import { FakeStompClient } from '@/test/fake-stomp-client.ts';
import { aContact, aMessage, anError } from '@/test/fixtures.ts';
import { renderScreen } from '@/test/render.tsx';
import { fakeSafety } from '@/test/safety.ts';
import { outbox } from '../hooks/outbox.ts';
import { ChatPage } from './chat-page.tsx';
import type { Calling } from './conversation-header.tsx';

vi.mock(
  '@stomp/stompjs',
  async () => (await import('@/test/fake-stomp-client.ts')).fakeStompModule,
);

const ME = 'me-1';
const AWA = 'awa-2';

const awa = aContact({ id: AWA, name: 'Awa Diop', online: true });

function message(overrides: Partial<Message> & Pick<Message, 'uuid'>): Message {
  return aMessage({
    senderId: AWA,
    receiverId: ME,
    content: null,
    timestamp: '2026-11-25T08:00:00.000Z',
    ...overrides,
  });
}

/** The stored answer the server gives to a send. */
function stored(form: FormData, at = '2026-11-25T09:00:00.000Z'): Message {
  return message({
    uuid: String(form.get('uuid')),
    senderId: ME,
    receiverId: AWA,
    content: (form.get('content') as string | null) ?? null,
    timestamp: at,
  });
}

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The member signed in, and the tab's socket open (the fake broker answers CONNECTED). */
async function connect() {
  session.start('token-1');
  session.setUser({
    id: ME,
    name: 'Moussa Ba',
    latitude: null,
    longitude: null,
    location: null,
    mediaUrls: [],
  } as never);
  realtime.start();
  await waitFor(() => expect(FakeStompClient.instances).toHaveLength(1));
  act(() => FakeStompClient.latest().open());
  return FakeStompClient.latest();
}

/** The conversation's messages (the sidebar has its own list, with the last one's preview). */
const messagesRegion = () => screen.getByRole('region', { name: /^Messages with/ });
const messages = () => within(messagesRegion()).queryAllByRole('listitem');

const bubble = (text: string) =>
  messages().find((item) => item.textContent?.includes(text)) as HTMLElement;

async function write(text: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Message to Awa Diop' }), `${text}{Enter}`);
  return user;
}

const sends = (spy: MockInstance<typeof fetch>) =>
  spy.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => String((init?.body as FormData | undefined)?.get('uuid')));

beforeEach(() => {
  FakeStompClient.instances = [];
});

afterEach(() => {
  realtime.stop();
  session.end();
  for (const entry of outbox.entries()) outbox.remove(entry.uuid);
});

describe('ChatPage', () => {
  it('names its socket with each message it sends, which the server then spares the echo', async () => {
    const api = mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: { body: [] },
      sendMessage: ({ body }) => ({ status: 201, body: stored(body as FormData) }),
    });
    const broker = await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    await screen.findByRole('heading', { level: 2, name: 'Awa Diop' });
    const sentWith = () =>
      api.mock.calls
        .filter(([, init]) => init?.method === 'POST')
        .map(
          ([, init]) =>
            (init?.headers as Record<string, string> | undefined)?.['x-realtime-session'],
        );

    await write('Salam');
    await waitFor(() => expect(sentWith()).toEqual(['socket-1']));
    // Reconnected: the new socket is the one named.
    act(() => broker.drop());
    act(() => broker.open('socket-2'));
    await write('Tu es là ?');
    await waitFor(() => expect(sentWith()).toEqual(['socket-1', 'socket-2']));
    // No socket open: the server has no tab to spare, and echoes to every other one.
    act(() => broker.drop());
    await write('Je reviens');
    await waitFor(() => expect(sentWith()).toEqual(['socket-1', 'socket-2', undefined]));
  });

  it('shows a message at once with one tick, and two once Awa reads it', async () => {
    const answer = deferred();
    mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: { body: [] },
      sendMessage: async ({ body }) => {
        await answer.promise;
        return { status: 201, body: stored(body as FormData) };
      },
    });
    const broker = await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    await screen.findByRole('heading', { level: 2, name: 'Awa Diop' });

    await write('Salam aleykoum');
    // Before the server has answered: shown, with one tick.
    expect(bubble('Salam aleykoum')).toHaveTextContent(/You: Salam aleykoum.*sent/);
    // One tick, not two, until Awa reads it.
    within(bubble('Salam aleykoum')).getByTestId('ticks-sent');
    expect(within(bubble('Salam aleykoum')).queryByTestId('ticks-read')).toBeNull();
    answer.resolve();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Message to Awa Diop' })).toHaveValue(''),
    );

    act(() =>
      broker.deliver(`/topic/read/${ME}`, { readerId: AWA, readAt: '2026-11-25T09:01:00.000Z' }),
    );
    await waitFor(() => expect(bubble('Salam aleykoum')).toHaveTextContent(/read$/));
    within(bubble('Salam aleykoum')).getByTestId('ticks-read');
    expect(within(bubble('Salam aleykoum')).queryByTestId('ticks-sent')).toBeNull();
  });

  it('marks a refused message and sends it again with the same uuid', async () => {
    let attempt = 0;
    const api = mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: { body: [] },
      sendMessage: ({ body }) => {
        attempt += 1;
        return attempt === 1
          ? { status: 500, body: { code: 'UNEXPECTED_ERROR', message: 'Unexpected server error' } }
          : { status: 201, body: stored(body as FormData) };
      },
    });
    await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    await screen.findByRole('heading', { level: 2, name: 'Awa Diop' });

    const user = await write('Are you there?');
    await screen.findByText('Not sent');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bubble('Are you there?')).toHaveTextContent(/sent$/));
    expect(screen.queryByText('Not sent')).not.toBeInTheDocument();
    const uuids = sends(api);
    expect(uuids).toHaveLength(2);
    expect(uuids[1]).toBe(uuids[0]);
  });

  it('keeps a message written offline until the connection returns, then sends it once', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server: Message[] = [];
    const api = mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: () => ({ body: [...server] }),
      sendMessage: ({ body }) => {
        server.push(stored(body as FormData));
        return { status: 201, body: server.at(-1) as Message };
      },
    });
    const broker = await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    await screen.findByText('No messages yet. Say hello to Awa Diop!');
    act(() => window.dispatchEvent(new Event('offline')));
    await screen.findByText('Reconnecting…');

    await write('Written in the metro');
    expect(bubble('Written in the metro')).toHaveTextContent('Waiting for the connection');
    expect(sends(api)).toHaveLength(0);

    online.mockReturnValue(true);
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(broker.active).toBe(true));
    act(() => broker.open());
    await waitFor(() => expect(bubble('Written in the metro')).toHaveTextContent(/sent$/));
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
    expect(sends(api)).toHaveLength(1);
  });

  it('puts a message back to wait when the network fails, and sends it with its uuid after', async () => {
    const server: Message[] = [];
    const api = mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: () => ({ body: [...server] }),
      sendMessage: ({ body }) => {
        if (sends(api).length === 1) throw new TypeError('Failed to fetch');
        server.push(stored(body as FormData));
        return { status: 201, body: server.at(-1) as Message };
      },
    });
    const broker = await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    await screen.findByRole('heading', { level: 2, name: 'Awa Diop' });

    await write('Second try');
    await waitFor(() =>
      expect(bubble('Second try')).toHaveTextContent('Waiting for the connection'),
    );
    act(() => broker.drop());
    act(() => broker.open());
    await waitFor(() => expect(bubble('Second try')).toHaveTextContent(/sent$/));
    const uuids = sends(api);
    expect(uuids).toHaveLength(2);
    expect(uuids[1]).toBe(uuids[0]);
  });

  it('shows each message once: live, echoed from my other tab, and fetched again after a reconnection', async () => {
    const hello = message({ uuid: 'b1b1', content: 'Hello from Awa' });
    // What the server holds.
    const server: Message[] = [];
    mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: () => ({ body: [...server] }),
      markConversationRead: { body: { message: 'ok' } },
      sendMessage: ({ body }) => {
        const answer = stored(body as FormData);
        server.push(answer);
        return { status: 201, body: answer };
      },
    });
    const broker = await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    await screen.findByText('No messages yet. Say hello to Awa Diop!');

    server.push(hello);
    act(() => broker.deliver(`/topic/chat/${ME}`, hello));
    await within(messagesRegion()).findByText('Hello from Awa');
    // The screen reader hears it.
    expect(screen.getByText('New message from Awa Diop: Hello from Awa')).toHaveAttribute(
      'role',
      'status',
    );

    await write('Hello Awa');
    await waitFor(() => expect(bubble('Hello Awa')).toHaveTextContent(/sent$/));
    // The broker also sends my message to my own topic (for my other tabs).
    act(() => broker.deliver(`/topic/chat/${ME}`, server[1]));

    act(() => broker.drop());
    act(() => broker.open());
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages().filter((m) => m.textContent?.includes('Hello from Awa'))).toHaveLength(1);
    expect(messages().filter((m) => m.textContent?.includes('Hello Awa'))).toHaveLength(1);
  });

  it('keeps a message sent while the conversation was still loading', async () => {
    const server: Message[] = [];
    const firstPage = deferred();
    let pagesAsked = 0;
    mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: async () => {
        pagesAsked += 1;
        // The first answer is read before the message is stored, and arrives after it.
        const snapshot = [...server];
        if (pagesAsked === 1) await firstPage.promise;
        return { body: snapshot };
      },
      sendMessage: ({ body }) => {
        server.push(stored(body as FormData));
        return { status: 201, body: server.at(-1) as Message };
      },
    });
    await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    await screen.findByRole('heading', { level: 2, name: 'Awa Diop' });
    await write('Sent at once');
    await waitFor(() => expect(server).toHaveLength(1));
    firstPage.resolve();
    await waitFor(() => expect(bubble('Sent at once')).toHaveTextContent(/sent$/));
    expect(pagesAsked).toBe(2);
  });

  it('counts unread messages live, and reading the conversation clears them', async () => {
    const unread = [
      message({ uuid: 'c1', content: 'Are you there?' }),
      message({ uuid: 'c2', content: 'Salam?' }),
    ];
    const api = mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: { body: unread },
      markConversationRead: { body: { message: 'ok' } },
    });
    const broker = await connect();
    const { queryClient } = await renderScreen(<ChatPage />, { route: '/chat', path: '/chat' });
    // The navbar's counts, as the app shell has them when the chat opens.
    queryClient.setQueryData(notificationKeys.counts(ME), { newMessages: 2 });
    const entry = await screen.findByRole('link', { name: /Awa Diop/ });
    expect(entry).toHaveAttribute('href', `/chat?userId=${AWA}`);
    expect(entry).toHaveTextContent('Online');

    for (const m of unread) act(() => broker.deliver(`/topic/chat/${ME}`, m));
    await waitFor(() => expect(entry).toHaveTextContent('2 unread messages'));
    act(() => broker.deliver('/topic/presence', { userId: AWA, status: 'offline' }));
    await waitFor(() => expect(entry).not.toHaveTextContent('Online'));
    expect(api.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await userEvent.setup().click(entry);
    // The navbar's chat badge is asked again.
    await waitFor(() =>
      expect(queryClient.getQueryState(notificationKeys.counts(ME))?.isInvalidated).toBe(true),
    );
    expect(entry).not.toHaveTextContent('unread');
    expect(api.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);
  });

  it('loads the earlier page before the oldest message shown, until the start', async () => {
    // A full page (50), then a short one: the start.
    const newest = Array.from({ length: 50 }, (_, i) =>
      message({
        uuid: `n${i + 1}`,
        content: i === 0 ? 'Newest page' : `Message ${i}`,
        timestamp: `2026-11-25T08:${String(i).padStart(2, '0')}:00.000Z`,
        isRead: true,
      }),
    );
    const older = [
      message({ uuid: 'o1', content: 'Older page', timestamp: '2026-11-24T08:00:00.000Z' }),
    ];
    const api = mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: ({ url }) => {
        const before = new URL(url, 'http://localhost').searchParams.get('before');
        return { body: before === null ? newest : before === 'n1' ? older : [] };
      },
      markConversationRead: { body: { message: 'ok' } },
    });
    await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    await screen.findByText('Newest page');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    await screen.findByText('Older page');
    expect(messages()).toHaveLength(51);
    expect(messages()[0]).toHaveTextContent('Older page');
    expect(messages()[1]).toHaveTextContent('Newest page');
    // The older page was shorter than a full page: it is the start.
    screen.getByText('This is the start of your conversation with Awa Diop.');
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
    const cursors = api.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.startsWith('/api/chat/conversation/'))
      .map((url) => url.searchParams.get('before'));
    expect(cursors).toEqual([null, 'n1']);
  });

  it('opens the gift popup from the header, for the member of the conversation', async () => {
    mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: { body: [] },
    });
    await connect();
    const gift = vi.fn();
    await renderScreen(<ChatPage paying={{ gift, subscribe: vi.fn() }} />, {
      route: `/chat?userId=${AWA}`,
      path: '/chat',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send a gift to Awa Diop' }));
    expect(gift.mock.calls).toEqual([[{ id: AWA, name: 'Awa Diop' }]]);
  });

  it('shows a gift message as the gift, named and pictured, and announces it when it arrives', async () => {
    mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: { body: [] },
      markConversationRead: { body: { message: 'Marked as read.' } },
    });
    const broker = await connect();
    const gifts = (number: number) =>
      number === 3
        ? { name: 'Giant heart plush', imageUrl: '/images/gifts/giant-heart-plush.svg' }
        : undefined;
    await renderScreen(<ChatPage gifts={gifts} />, {
      route: `/chat?userId=${AWA}`,
      path: '/chat',
    });
    await screen.findByText('No messages yet. Say hello to Awa Diop!');
    act(() =>
      broker.deliver(`/topic/chat/${ME}`, message({ uuid: 'g1', content: 'gift:3', gift: 3 })),
    );
    const gift = await screen.findByTestId('gift-message');
    expect(gift).toHaveTextContent('Awa Diop sent you Giant heart plush');
    expect(gift.querySelector('img')).toHaveAttribute('src', '/images/gifts/giant-heart-plush.svg');
    expect(
      screen.getByText('New message from Awa Diop: Awa Diop sent you Giant heart plush'),
    ).toBeInTheDocument();
  });

  it('shows a text that reads “gift:4” as that text, never as a gift: only the server marks a gift', async () => {
    mockEndpoints({
      chatContacts: {
        body: [{ ...awa, lastMessage: { mine: false, kind: 'text', text: 'gift:4', call: null } }],
      },
      conversation: { body: [message({ uuid: 't1', content: 'gift:4', isRead: true })] },
      markConversationRead: { body: { message: 'Marked as read.' } },
    });
    const broker = await connect();
    const gifts = () => ({ name: 'Gold bracelet', imageUrl: '/images/gifts/gold-bracelet.svg' });
    await renderScreen(<ChatPage gifts={gifts} />, {
      route: `/chat?userId=${AWA}`,
      path: '/chat',
    });
    await waitFor(() => expect(messages()).toHaveLength(1));
    expect(bubble('gift:4')).toHaveTextContent('Awa Diop: gift:4');
    const preview = within(screen.getByRole('navigation', { name: /^Messages$/ })).getByTestId(
      'last-message',
    );
    expect(preview).toHaveTextContent(/^gift:4$/);
    // Another one, live: a text too, announced as the text it is.
    act(() => broker.deliver(`/topic/chat/${ME}`, message({ uuid: 't2', content: 'gift:4' })));
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(screen.getByText('New message from Awa Diop: gift:4')).toBeInTheDocument();
    expect(screen.queryByTestId('gift-message')).toBeNull();
    expect(screen.queryByText(/Gold bracelet/)).toBeNull();
  });

  it('opens the plans when the server refuses a message for want of a subscription', async () => {
    mockEndpoints({
      chatContacts: { body: [] },
      chatContact: { body: { ...awa, matched: false } },
      conversation: { body: [] },
      sendMessage: {
        status: 403,
        body: { code: 'SUBSCRIPTION_REQUIRED', message: 'This needs a subscription' },
      },
    });
    await connect();
    const subscribe = vi.fn();
    await renderScreen(<ChatPage paying={{ gift: vi.fn(), subscribe }} />, {
      route: `/chat?userId=${AWA}`,
      path: '/chat',
    });
    await screen.findByText('No messages yet. Say hello to Awa Diop!');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message to Awa Diop' }), 'Hello{Enter}');
    const explanation = await screen.findByRole('alert');
    expect(explanation).toHaveTextContent('This needs a subscription: choose a plan to continue.');
    expect(subscribe).toHaveBeenCalledTimes(1);
    await user.click(within(explanation).getByRole('button', { name: 'See the plans' }));
    expect(subscribe).toHaveBeenCalledTimes(2);
  });

  it('starts voice and video calls from the header, none while a call is in progress', async () => {
    mockEndpoints({
      chatContacts: { body: [{ ...awa, mediaUrls: ['/media/awa.jpg'] }] },
      conversation: { body: [] },
    });
    await connect();
    const start = vi.fn();
    // The app's side: a call started is in progress.
    function WithCalls() {
      const [inCall, setInCall] = useState(false);
      const calling: Calling = {
        start: (peer, type) => {
          start(peer, type);
          setInCall(true);
        },
        inCall,
      };
      return <ChatPage calling={calling} />;
    }
    await renderScreen(<WithCalls />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    const user = userEvent.setup();
    const video = await screen.findByRole('button', { name: 'Video call with Awa Diop' });
    expect(video).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Voice call with Awa Diop' }));
    expect(start.mock.calls).toEqual([
      [{ id: AWA, name: 'Awa Diop', photoUrl: '/media/awa.jpg' }, 'audio'],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(video).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Voice call with Awa Diop' })).toBeDisabled();
  });

  it('shows call entries among the messages, a new one live', async () => {
    mockEndpoints({
      chatContacts: { body: [awa] },
      markConversationRead: { body: { message: 'ok' } },
      conversation: {
        body: [
          message({
            uuid: 'c1',
            senderId: ME,
            receiverId: AWA,
            call: { type: 'video', endReason: 'completed', durationSeconds: 240 },
          }),
        ],
      },
    });
    const stomp = await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    await waitFor(() => expect(messages()).toHaveLength(1));
    expect(messages()[0]).toHaveTextContent('Video call · 4 min');
    act(() =>
      stomp.deliver(`/topic/chat/${ME}`, {
        ...message({ uuid: 'c2', timestamp: '2026-11-25T09:30:00.000Z' }),
        call: { type: 'audio', endReason: 'missed', durationSeconds: null },
      }),
    );
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages()[1]).toHaveTextContent('Awa Diop: Missed voice call');
    expect(screen.getByText('New message from Awa Diop: Missed voice call')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it.each([
    { language: 'en', prefix: '', said: 'Photo blurred, Visible after a match' },
    { language: 'fr', prefix: '/fr', said: 'Photo floutée, Visible après un match' },
  ] as const)(
    'says which contact’s photo is blurred until a match ($language)',
    async ({ language, prefix, said }) => {
      const FATOU = 'fatou-3';
      const blurred = { ...awa, mediaUrls: ['/media/photos/awa-blur.webp'], photosBlurred: true };
      const clear = {
        ...awa,
        id: FATOU,
        name: 'Fatou Sow',
        mediaUrls: ['/media/photos/fatou.webp'],
      };
      mockEndpoints({
        chatContacts: { body: [blurred, clear] },
        conversation: { body: [] },
        markConversationRead: { body: { message: 'ok' } },
      });
      await connect();
      await renderScreen(<ChatPage />, {
        route: `${prefix}/chat?userId=${AWA}`,
        path: `${prefix}/chat`,
        language,
      });
      // The contact entries (the header names Awa too, by a link to her profile).
      const entry = await screen.findByRole('link', { name: /^Awa Diop.+/ });
      expect(entry).toHaveAccessibleName(expect.stringContaining(said));
      const other = screen.getByRole('link', { name: /^Fatou Sow/ });
      expect(other).not.toHaveAccessibleName(expect.stringMatching(/blurred|floutée/));
      const header = screen.getByRole('heading', { level: 2, name: 'Awa Diop' }).closest('header');
      expect(header).toHaveTextContent(said);
    },
  );

  it('says nothing of blurring in the header of a contact whose photos are clear', async () => {
    mockEndpoints({
      chatContacts: { body: [{ ...awa, mediaUrls: ['/media/photos/awa.webp'] }] },
      conversation: { body: [] },
      markConversationRead: { body: { message: 'ok' } },
    });
    await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    const header = (await screen.findByRole('heading', { level: 2, name: 'Awa Diop' })).closest(
      'header',
    );
    expect(header).toHaveTextContent('Online');
    expect(header).not.toHaveTextContent(/blurred|Visible after a match/);
  });

  it('shows the messages of a member who deleted their account as from a deleted member', async () => {
    mockEndpoints({
      chatContacts: { body: [{ ...awa, name: '', deleted: true }] },
      markConversationRead: { body: { message: 'ok' } },
      conversation: {
        body: [
          message({ uuid: 'd1', content: 'Salam' }),
          message({ uuid: 'd2', mediaRemoved: true, timestamp: '2026-11-25T08:01:00.000Z' }),
        ],
      },
    });
    await connect();
    const safety = {
      block: vi.fn(),
      report: vi.fn(),
      unmatch: vi.fn(),
      labels: { menu: () => 'More', block: 'Block', report: 'Report', unmatch: 'Unmatch' },
    };
    await renderScreen(
      <ChatPage
        paying={{ gift: vi.fn(), subscribe: vi.fn() }}
        calling={{ start: vi.fn(), inCall: false }}
        safety={safety}
      />,
      { route: `/chat?userId=${AWA}`, path: '/chat' },
    );
    const heading = await screen.findByRole('heading', { level: 2, name: 'A deleted member' });
    // Nothing in the header leads to an account that is gone: no profile, gift, call or menu.
    expect(within(heading).queryByRole('link')).toBeNull();
    expect(within(heading.closest('header') as HTMLElement).queryAllByRole('button')).toEqual([]);
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages()[0]).toHaveTextContent('A deleted member: Salam');
    expect(messages()[1]).toHaveTextContent('Photo or voice message removed');
    screen.getByText(/This member deleted their account/);
    expect(screen.queryByRole('textbox', { name: /^Message to/ })).toBeNull();
  });

  it('explains the daily limit of new conversations, in French too', async () => {
    mockEndpoints({
      chatContacts: { body: [] },
      chatContact: { body: { ...awa, matched: false } },
      conversation: { body: [] },
      sendMessage: {
        status: 429,
        body: {
          code: 'NEW_CONVERSATIONS_DAILY_LIMIT',
          message: 'You have started 5…',
          params: { max: 5, retryAfter: 3600 },
        },
      },
    });
    await connect();
    await renderScreen(<ChatPage />, {
      route: `/fr/chat?userId=${AWA}`,
      path: '/fr/chat',
      language: 'fr',
    });
    await screen.findByText(/Aucun message/);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Message à/ }), 'Salam{Enter}');
    const explanation = await screen.findByRole('alert');
    expect(explanation).toHaveTextContent(
      "Vous ne pouvez plus commencer de nouvelle conversation aujourd'hui",
    );
    // Her own limit (a new account's), and when it starts again.
    expect(explanation).toHaveTextContent(
      "Vous avez commencé 5 nouvelles conversations aujourd'hui, le maximum permis par jour",
    );
    expect(explanation).toHaveTextContent('Réessayez demain : le compteur repart à zéro à minuit');
  });

  it('says a new account’s limit, why and what lifts it, with no Retry for what a retry cannot change', async () => {
    mockEndpoints({
      chatContacts: { body: [] },
      chatContact: { body: { ...awa, matched: false } },
      conversation: { body: [] },
      sendMessage: {
        status: 429,
        body: {
          code: 'NEW_ACCOUNT_CONVERSATIONS_LIMIT',
          message: 'A new account starts at most 5…',
          params: { max: 5, hours: 48, retryAfter: 3600 },
        },
      },
    });
    await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    await screen.findByText(/No messages/);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Message to/ }), 'Salam{Enter}');
    const explanation = await screen.findByRole('alert');
    expect(explanation).toHaveTextContent(
      'A new account starts at most 5 new conversations a day until it is verified or 48 hours old',
    );
    expect(explanation).toHaveTextContent('Get verified to lift it at once');
  });

  it('drops the Retry of a new account’s message with a number: the text itself must change', async () => {
    mockEndpoints({
      chatContacts: { body: [awa] },
      markConversationRead: { body: { message: 'ok' } },
      conversation: { body: [] },
      sendMessage: {
        status: 403,
        body: {
          code: 'NEW_ACCOUNT_CONTACT_DETAILS',
          message: 'New accounts cannot share links or phone numbers…',
          params: { hours: 48 },
        },
      },
    });
    await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: /^Message to/ }),
      'Mon numéro 77 123 45 67{Enter}',
    );
    await screen.findByText(/New accounts cannot share links or phone numbers for their first 48/);
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    screen.getByRole('button', { name: /Remove/ });
  });

  it('says before she types that Awa takes first messages from verified members only', async () => {
    mockEndpoints({
      chatContacts: { body: [] },
      chatContact: { body: { ...awa, matched: false, verifiedWritersOnly: true } },
      conversation: { body: [] },
    });
    await connect();
    await renderScreen(<ChatPage />, {
      route: `/fr/chat?userId=${AWA}`,
      path: '/fr/chat',
      language: 'fr',
    });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      "Awa Diop n'accepte les premiers messages que des membres vérifiés",
    );
    expect(within(note).getByRole('link', { name: 'Me faire vérifier' })).toHaveAttribute(
      'href',
      '/fr/mon-profil#verification',
    );
  });

  it('reports Awa from the header with her messages to attach, and unmatches a match', async () => {
    mockEndpoints({
      chatContacts: { body: [awa] },
      markConversationRead: { body: { message: 'ok' } },
      conversation: {
        body: [
          message({ uuid: 'm1', content: 'Salam', isRead: true }),
          message({ uuid: 'm2', senderId: ME, receiverId: AWA, content: 'Mine' }),
          message({ uuid: 'm3', imageUrl: '/media/p.jpg', isRead: true }),
          message({ uuid: 'm4', content: 'gift:2', gift: 2, isRead: true }),
          message({
            uuid: 'm5',
            isRead: true,
            call: { type: 'audio', endReason: 'missed', durationSeconds: null },
          }),
        ],
      },
    });
    await connect();
    const safety = {
      block: vi.fn(),
      report: vi.fn(),
      unmatch: vi.fn(),
      labels: {
        menu: (name: string) => `More for ${name}`,
        block: 'Block',
        report: 'Report',
        unmatch: 'Unmatch',
      },
    };
    await renderScreen(<ChatPage safety={safety} />, {
      route: `/chat?userId=${AWA}`,
      path: '/chat',
    });
    await waitFor(() => expect(messages()).toHaveLength(5));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More for Awa Diop' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    expect(safety.report.mock.calls).toEqual([
      [
        { id: AWA, name: 'Awa Diop' },
        [
          expect.objectContaining({ uuid: 'm1', text: 'Salam', imageUrl: null }),
          expect.objectContaining({
            uuid: 'm3',
            text: 'Photo from Awa Diop',
            imageUrl: '/media/p.jpg',
          }),
        ],
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'More for Awa Diop' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unmatch' }));
    expect(safety.unmatch.mock.calls).toEqual([[{ id: AWA, name: 'Awa Diop' }]]);
  });

  it('warns calmly under a message the scam shield flagged, and reports it in one tap', async () => {
    mockEndpoints({
      chatContacts: { body: [awa] },
      markConversationRead: { body: { message: 'ok' } },
      conversation: {
        body: [
          message({ uuid: 'm1', content: 'Salam', isRead: true }),
          message({
            uuid: 'm2',
            content: 'Envoie-moi 50 000 F par Wave',
            isRead: true,
            shield: ['money'],
          }),
          message({ uuid: 'm3', content: 'Mon insta ?', isRead: true, shield: ['other-app'] }),
          // Mine never carries it (the server never tells the sender): nothing shows anyway.
          message({
            uuid: 'm4',
            senderId: ME,
            receiverId: AWA,
            content: 'wa.me',
            shield: ['link'],
          }),
        ],
      },
    });
    await connect();
    const safety = {
      block: vi.fn(),
      report: vi.fn(),
      unmatch: vi.fn(),
      labels: { menu: () => 'More', block: 'Block', report: 'Report', unmatch: 'Unmatch' },
    };
    await renderScreen(<ChatPage safety={safety} />, {
      route: `/chat?userId=${AWA}`,
      path: '/chat',
    });
    await waitFor(() => expect(messages()).toHaveLength(4));
    const notes = screen.getAllByRole('note');
    expect(notes).toHaveLength(2);
    expect(notes[0]).toHaveTextContent(
      'Never send money to someone you have not met. Mawadda will never ask you for money.',
    );
    // Under the flagged messages only: not under "Salam", not under mine.
    const [salam, flagged, , mine] = messages();
    expect(within(salam as HTMLElement).queryByRole('note')).toBeNull();
    expect(within(flagged as HTMLElement).getByRole('note')).toBe(notes[0]);
    expect(within(mine as HTMLElement).queryByRole('note')).toBeNull();

    const user = userEvent.setup();
    const [money, otherApp] = screen.getAllByRole('button', {
      name: 'Report this message from Awa Diop',
    });
    await user.click(money as HTMLElement);
    await user.click(otherApp as HTMLElement);
    expect(safety.report.mock.calls.map(([member, , preset]) => [member, preset])).toEqual([
      [
        { id: AWA, name: 'Awa Diop' },
        { reason: 'asking-for-money', messageIds: ['m2'] },
      ],
      [
        { id: AWA, name: 'Awa Diop' },
        { reason: 'other', messageIds: ['m3'] },
      ],
    ]);
  });

  it('warns under a wali’s contact whose typed name the scam shield flagged', async () => {
    mockEndpoints({
      chatContacts: { body: [awa] },
      markConversationRead: { body: { message: 'ok' } },
      conversation: {
        body: [
          message({
            uuid: 'w1',
            content: null,
            notice: 'wali-shared',
            wali: { name: 'Mamadou, sur WhatsApp', relation: 'father', phone: null },
            shield: ['other-app'],
          }),
        ],
      },
    });
    await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    const line = await screen.findByTestId('notice-line');
    expect(within(line).getByRole('note')).toHaveTextContent(
      'Never send money to someone you have not met.',
    );
  });

  it('words the warning in French', async () => {
    mockEndpoints({
      chatContacts: { body: [awa] },
      markConversationRead: { body: { message: 'ok' } },
      conversation: {
        body: [message({ uuid: 'm1', content: 'Envoie sur Wave', shield: ['money'] })],
      },
    });
    await connect();
    await renderScreen(<ChatPage />, {
      route: `/fr/chat?userId=${AWA}`,
      path: '/fr/chat',
      language: 'fr',
    });
    expect(await screen.findByRole('note')).toHaveTextContent(
      "N'envoyez jamais d'argent à quelqu'un que vous n'avez pas rencontré. Mawadda ne vous demandera jamais d'argent.",
    );
    // Without the safety dialogs (no member screens), no report button.
    expect(screen.queryByRole('button', { name: /Signaler ce message/ })).toBeNull();
  });
});

describe('the conversation list, names, drafts and unavailable conversations', () => {
  /** Today at the given local time, as the server would send it. */
  const todayAt = (hours: number, minutes: number) => {
    const date = new Date();
    date.setHours(hours, minutes, 0, 0);
    return date.toISOString();
  };
  const daysAgo = (days: number) => {
    const date = new Date();
    date.setDate(date.getDate() - days);
    date.setHours(9, 30, 0, 0);
    return date.toISOString();
  };
  const BINTA = 'binta-3';
  const OUMOU = 'oumou-4';
  const listed: Contact[] = [
    {
      ...awa,
      lastMessageTime: todayAt(14, 5),
      lastMessage: { mine: true, kind: 'text', text: 'À demain inch Allah', call: null },
    },
    {
      ...awa,
      id: BINTA,
      name: 'binta SY',
      online: false,
      unreadCount: 1,
      lastMessageTime: daysAgo(1),
      lastMessage: { mine: false, kind: 'photo', text: null, call: null },
    },
    {
      ...awa,
      id: OUMOU,
      name: 'OUMOU kane',
      online: false,
      lastMessageTime: '2025-03-12T09:30:00.000Z',
      lastMessage: {
        mine: false,
        kind: 'call',
        text: null,
        call: { type: 'audio', endReason: 'missed', durationSeconds: null },
      },
    },
    { ...awa, id: 'new-5', name: 'mariam ba', online: false },
  ];

  // The conversations, not the links between them and the requests (ADR 068).
  const entries = () => {
    const sidebar = screen.getByRole('navigation', { name: /^Messages$/ });
    return within(sidebar)
      .getAllByRole('link')
      .filter((link) => link.closest('nav') === sidebar);
  };

  it('shows each conversation’s last message and when, in English and in French', async () => {
    for (const [language, texts] of [
      [
        'en',
        {
          mine: 'You: À demain inch Allah',
          today: '2:05 PM',
          photo: 'Photo',
          call: 'Missed voice call',
          match: 'New match: say hello',
          yesterday: 'Yesterday',
          date: /^Mar 12, 2025$/,
        },
      ],
      [
        'fr',
        {
          mine: 'Vous : À demain inch Allah',
          today: '14:05',
          photo: 'Photo',
          call: 'Appel vocal manqué',
          match: 'Nouveau match : dites bonjour',
          yesterday: 'Hier',
          date: /^12 mars 2025$/,
        },
      ],
    ] as const) {
      mockEndpoints({ chatContacts: { body: listed } });
      await connect();
      const view = await renderScreen(<ChatPage />, {
        route: language === 'fr' ? '/fr/chat' : '/chat',
        path: language === 'fr' ? '/fr/chat' : '/chat',
        language,
      });
      await waitFor(() => expect(entries()).toHaveLength(4));
      const [awaEntry, bintaEntry, oumouEntry, mariamEntry] = entries() as HTMLElement[];
      const line = (entry: HTMLElement | undefined) =>
        within(entry as HTMLElement).getByTestId('last-message');
      const time = (entry: HTMLElement | undefined) =>
        within(entry as HTMLElement).getByTestId('last-message-time');
      expect(line(awaEntry)).toHaveTextContent(texts.mine);
      expect(time(awaEntry)).toHaveTextContent(texts.today);
      expect(line(bintaEntry)).toHaveTextContent(texts.photo);
      expect(time(bintaEntry)).toHaveTextContent(texts.yesterday);
      expect(line(oumouEntry)).toHaveTextContent(texts.call);
      expect(time(oumouEntry).textContent).toMatch(texts.date);
      expect(line(mariamEntry)).toHaveTextContent(texts.match);
      expect(within(mariamEntry as HTMLElement).queryByTestId('last-message-time')).toBeNull();
      // Names as every screen shows them, whatever case they were typed in.
      expect(bintaEntry).toHaveTextContent(/Binta Sy/);
      expect(oumouEntry).toHaveTextContent(/Oumou Kane/);
      expect(mariamEntry).toHaveTextContent(/Mariam Ba/);
      view.unmount();
      realtime.stop();
      vi.restoreAllMocks();
      FakeStompClient.instances = [];
    }
  });

  it('puts a message that arrives at the top of the list, as its last message', async () => {
    mockEndpoints({ chatContacts: { body: listed } });
    const broker = await connect();
    await renderScreen(<ChatPage />, { route: '/chat', path: '/chat' });
    await waitFor(() => expect(entries()).toHaveLength(4));
    act(() =>
      broker.deliver(
        `/topic/chat/${ME}`,
        message({
          uuid: 'v1',
          senderId: OUMOU,
          audioUrl: '/media/v.webm',
          timestamp: todayAt(23, 59),
        }),
      ),
    );
    await waitFor(() => expect(entries()[0]).toHaveTextContent(/Oumou Kane/));
    expect(within(entries()[0] as HTMLElement).getByTestId('last-message')).toHaveTextContent(
      'Voice message',
    );
    expect(entries()[0]).not.toHaveTextContent('/media/');
  });

  it('names a member one has not matched (asked on their own), as typed but title-cased', async () => {
    mockEndpoints({
      chatContacts: { body: [] },
      chatContact: {
        body: { ...awa, name: 'KARIM el amrani', matched: false },
      },
      conversation: { body: [] },
    });
    await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    await screen.findByRole('heading', { level: 2, name: 'Karim El Amrani' });
    screen.getByText('No messages yet. Say hello to Karim El Amrani!');
    expect(screen.getByRole('textbox', { name: 'Message to Karim El Amrani' })).toBeEnabled();
    expect(screen.queryByText(/Member/)).toBeNull();
  });

  it('says a conversation one may no longer see is unavailable, without saying why, in both languages', async () => {
    for (const [language, title, body] of [
      ['en', 'Conversation unavailable', 'This conversation is no longer available.'],
      ['fr', 'Conversation indisponible', "Cette conversation n'est plus disponible."],
    ] as const) {
      const refused = { status: 404, body: anError('MEMBER_NOT_FOUND', 'gone') } as const;
      mockEndpoints({
        chatContacts: { body: [] },
        chatContact: refused,
        conversation: refused,
      });
      await connect();
      const view = await renderScreen(<ChatPage />, {
        route: `/${language}/chat?userId=${AWA}`,
        path: `/${language}/chat`,
        language,
      });
      await screen.findByRole('heading', { level: 2, name: title });
      screen.getByText(body);
      // No error to retry, nothing to write, call or report.
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(within(screen.getByRole('region', { name: title })).queryAllByRole('button')).toEqual(
        [],
      );
      view.unmount();
      realtime.stop();
      vi.restoreAllMocks();
      FakeStompClient.instances = [];
    }
  });

  it('keeps what is being written through a reload, per conversation, until it is sent; logout forgets it', async () => {
    mockEndpoints({
      chatContacts: { body: [awa] },
      conversation: { body: [] },
      sendMessage: ({ body }) => ({
        status: 201,
        body: stored(body as FormData),
      }),
    });
    await connect();
    const open = () => renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    const box = () => screen.findByRole('textbox', { name: 'Message to Awa Diop' });
    const user = userEvent.setup();

    let view = await open();
    await user.type(await box(), 'Je voulais te dire');
    view.unmount();
    view = await open();
    expect(await box()).toHaveValue('Je voulais te dire');

    // Sent: the draft goes with it.
    await user.type(await box(), ' salam{Enter}');
    await waitFor(() => expect(bubble('Je voulais te dire salam')).toHaveTextContent(/sent$/));
    view.unmount();
    view = await open();
    expect(await box()).toHaveValue('');

    // Logout forgets an unsent one; the next member never reads it.
    await user.type(await box(), 'Pas encore envoyé');
    view.unmount();
    session.end();
    await connect();
    view = await open();
    expect(await box()).toHaveValue('');
    view.unmount();
  });
});

describe('a match that ended', () => {
  const ended = { ...awa, matched: false, matchEnded: true, online: false };
  const header = () =>
    screen.getByRole('heading', { level: 2, name: 'Awa Diop' }).closest('header') as HTMLElement;

  /** The conversation with Awa, open with its gift, call and safety menu; the contacts as told. */
  async function openWith(contact: () => Contact, send?: Parameters<typeof mockEndpoints>[0]) {
    mockEndpoints({
      chatContacts: () => ({ body: [contact()] }),
      conversation: { body: [message({ uuid: 'm-1', content: 'Salam Moussa' })] },
      markConversationRead: { body: { message: 'ok' } },
      ...send,
    });
    const broker = await connect();
    await renderScreen(
      <ChatPage
        paying={{ gift: vi.fn(), subscribe: vi.fn() }}
        calling={{ start: vi.fn(), inCall: false }}
        safety={fakeSafety()}
      />,
      { route: `/chat?userId=${AWA}`, path: '/chat' },
    );
    await screen.findByText('Salam Moussa');
    return broker;
  }

  it('closes the open conversation as the server tells it, its history still there to read and report', async () => {
    let contact: Contact = awa;
    const broker = await openWith(() => contact);
    expect(within(header()).getByTestId('presence')).toHaveTextContent('Online');
    within(header()).getByRole('button', { name: 'Voice call with Awa Diop' });
    screen.getByRole('textbox', { name: 'Message to Awa Diop' });

    // She unmatched, from her phone: his screen is told, and asks what is now true.
    contact = ended;
    act(() => broker.deliver(`/topic/contact/${ME}`, { memberId: AWA }));
    const note = await screen.findByText('This match has ended');
    expect(note.closest('[role="status"]')).toHaveTextContent(
      'You can still read your conversation, and report Awa Diop from the menu above. Neither of you can write, call or send a gift unless you match again.',
    );
    expect(screen.queryByRole('textbox', { name: 'Message to Awa Diop' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record a voice message' })).toBeNull();
    expect(within(header()).getByTestId('presence')).toHaveTextContent('Match ended');
    // No gift or call; the menu stays, to report (or block) her.
    expect(
      within(header())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['More actions for Awa Diop']);
    expect(bubble('Salam Moussa')).toBeInTheDocument();
  });

  it('offers no Retry for a message refused because the match ended, and closes the conversation', async () => {
    let contact: Contact = awa;
    await openWith(() => contact, {
      sendMessage: () => {
        contact = ended;
        return { status: 403, body: anError('MATCH_ENDED') };
      },
    });

    await write('Are you still there?');
    await waitFor(() =>
      expect(bubble('Are you still there?')).toHaveTextContent(
        'This match has ended: neither of you can write, call or send a gift unless you match again.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    screen.getByRole('button', { name: 'Remove' });
    await screen.findByText('This match has ended');
    expect(screen.queryByRole('textbox', { name: 'Message to Awa Diop' })).toBeNull();
  });

  it('still offers Retry for a refusal a retry may change', async () => {
    await openWith(() => awa, {
      sendMessage: { status: 503, body: anError('STORAGE_UNAVAILABLE') },
    });
    await write('Salam');
    await screen.findByRole('button', { name: 'Retry' });
  });
});
