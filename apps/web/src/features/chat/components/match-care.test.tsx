import type { ExclusiveState, Message } from '@mawadda/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '@/lib/realtime/realtime-client.ts';
import { session } from '@/lib/session.ts';
import { mockEndpoints } from '@/test/api.ts';
import { FakeStompClient } from '@/test/fake-stomp-client.ts';
import { aContact, aMessage } from '@/test/fixtures.ts';
import { renderScreen } from '@/test/render.tsx';
import { ChatPage } from './chat-page.tsx';

vi.mock(
  '@stomp/stompjs',
  async () => (await import('@/test/fake-stomp-client.ts')).fakeStompModule,
);

/**
 * The conversation of a match as the women-first setting (ADR 069) and exclusive mode and close
 * kindly (ADR 070) shape it, in the reader's language.
 */

const ME = 'me-1';
const AWA = 'awa-2';

async function connect() {
  session.start('token-1');
  session.setUser({ id: ME, name: 'Moussa Ba', mediaUrls: [] } as never);
  realtime.start();
  await waitFor(() => expect(FakeStompClient.instances).toHaveLength(1));
  act(() => FakeStompClient.latest().open());
}

beforeEach(() => {
  FakeStompClient.instances = [];
});
afterEach(() => {
  realtime.stop();
  session.end();
});

const matchedAwa = (extra: Parameters<typeof aContact>[0] = {}) =>
  aContact({ id: AWA, name: 'Awa Diop', matched: true, exclusive: 'none', ...extra });

describe('a match that waits for her first word', () => {
  it('tells him, in French, that Awa writes first, and offers nothing to type, give or call', async () => {
    mockEndpoints({
      chatContacts: { body: [matchedAwa({ awaitingFirstWordOf: 'them' })] },
      conversation: { body: [] },
    });
    await connect();
    await renderScreen(<ChatPage />, {
      route: `/fr/chat?userId=${AWA}`,
      path: '/fr/chat',
      language: 'fr',
    });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Awa Diop écrit en premier');
    expect(note).toHaveTextContent('Cette conversation attend son premier mot');
    expect(screen.queryByRole('textbox', { name: /^Message/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /cadeau/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /Appel/i })).toBeNull();
  });

  it('tells her that he waits for her first word, and she writes', async () => {
    mockEndpoints({
      chatContacts: { body: [matchedAwa({ awaitingFirstWordOf: 'me' })] },
      conversation: { body: [] },
    });
    await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Awa Diop waits for your first word');
    await screen.findByRole('textbox', { name: /^Message to/ });
  });
});

describe('exclusive mode', () => {
  async function openWith(state: ExclusiveState, answer: ExclusiveState) {
    const asked: string[] = [];
    let current = state;
    const reply = (name: string) => () => {
      asked.push(name);
      current = answer;
      return { body: { state: answer } };
    };
    mockEndpoints({
      chatContacts: () => ({ body: [matchedAwa({ exclusive: current })] }),
      chatContact: () => ({ body: matchedAwa({ exclusive: current }) }),
      conversation: { body: [] },
      markConversationRead: { body: { message: 'ok' } },
      proposeExclusive: reply('propose'),
      acceptExclusive: reply('accept'),
      endExclusive: reply('end'),
    });
    await connect();
    await renderScreen(<ChatPage />, { route: `/chat?userId=${AWA}`, path: '/chat' });
    const panel = await screen.findByRole('region', { name: 'Exclusive mode with Awa Diop' });
    return { asked, panel };
  }

  it('is proposed from the conversation, and then waits for her answer', async () => {
    const { asked, panel } = await openWith('none', 'proposed-by-me');
    await userEvent.click(within(panel).getByRole('button', { name: 'Propose exclusive mode' }));
    await within(panel).findByText(/You proposed exclusive mode to Awa Diop/);
    expect(asked).toEqual(['propose']);
    within(panel).getByRole('button', { name: 'Withdraw' });
  });

  it('is accepted or declined when she proposed it, then ended', async () => {
    const { asked, panel } = await openWith('proposed-to-me', 'active');
    within(panel).getByRole('button', { name: 'Decline' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
    await within(panel).findByText(/You and Awa Diop are in exclusive mode/);
    expect(asked).toEqual(['accept']);
    within(panel).getByRole('button', { name: 'End exclusive mode' });
  });
});

describe('a match closed kindly', () => {
  it('shows the closing message in the reader’s language', async () => {
    const line: Message = aMessage({
      uuid: 'n1',
      senderId: AWA,
      receiverId: ME,
      content: null,
      notice: 'closed-kindly',
      closing: 'may-allah-make-it-easy',
      timestamp: '2026-11-25T08:00:00.000Z',
    });
    mockEndpoints({
      chatContacts: { body: [aContact({ id: AWA, name: 'Awa Diop', matchEnded: true })] },
      conversation: { body: [line] },
      markConversationRead: { body: { message: 'ok' } },
    });
    await connect();
    await renderScreen(<ChatPage />, {
      route: `/fr/chat?userId=${AWA}`,
      path: '/fr/chat',
      language: 'fr',
    });
    const notice = await screen.findByTestId('notice-line');
    expect(notice).toHaveTextContent('Awa Diop a clos ce match avec bienveillance');
    expect(notice).toHaveTextContent('“Qu’Allah te facilite.”');
  });
});
