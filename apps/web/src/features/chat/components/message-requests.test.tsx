import type { ReceivedRequest } from '@mawadda/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '@/lib/realtime/realtime-client.ts';
import { session } from '@/lib/session.ts';
import { mockEndpoints } from '@/test/api.ts';
import { FakeStompClient } from '@/test/fake-stomp-client.ts';
import { aContact, aMessage } from '@/test/fixtures.ts';
import { renderScreen } from '@/test/render.tsx';
import { fakeSafety } from '@/test/safety.ts';
import { ChatPage } from './chat-page.tsx';

vi.mock(
  '@stomp/stompjs',
  async () => (await import('@/test/fake-stomp-client.ts')).fakeStompModule,
);

const ME = 'me-1';
const OMAR = 'omar-2';

const omarsRequest: ReceivedRequest = {
  sender: {
    id: OMAR,
    name: 'omar FALL',
    mediaUrls: [],
    photosBlurred: false,
    verified: true,
  },
  message: aMessage({
    uuid: 'request-message-1',
    senderId: OMAR,
    receiverId: ME,
    content: 'Salam, ton profil m’a touché',
  }),
  expiresAt: '2026-11-29T10:00:00.000Z',
};

async function signIn() {
  session.start('token-1');
  session.setUser({
    id: ME,
    name: 'Aïcha Ndiaye',
    latitude: null,
    longitude: null,
    location: null,
    mediaUrls: [],
  } as never);
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

describe('the Requests list (ADR 068)', () => {
  it('shows each request apart from the conversations, counted, and opens it with his card and message', async () => {
    mockEndpoints({ chatContacts: { body: [] }, chatRequests: { body: [omarsRequest] } });
    await signIn();
    const user = userEvent.setup();
    await renderScreen(<ChatPage safety={fakeSafety()} />, {
      route: '/chat?requests=open',
      path: '/chat',
    });
    const switcher = screen.getByRole('navigation', { name: 'Conversations and requests' });
    const requests = within(switcher).getByRole('link', { name: /^Requests/ });
    expect(requests).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(requests).toHaveTextContent('1 request waiting'));
    await user.click(await screen.findByRole('link', { name: 'Message request from Omar Fall' }));
    const view = await screen.findByRole('region', { name: 'Message request from Omar Fall' });
    expect(within(view).getByText('Salam, ton profil m’a touché')).toBeInTheDocument();
    expect(within(view).getByRole('link', { name: 'See Omar Fall’s profile' })).toHaveAttribute(
      'href',
      `/user-details/${OMAR}`,
    );
    // Nothing to write here: her answer is one of three.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    for (const name of ['Accept', 'Decline', 'Report']) {
      expect(within(view).getByRole('button', { name })).toBeEnabled();
    }
  });

  it('accepts: the conversation opens', async () => {
    const api = mockEndpoints({
      chatContacts: { body: [] },
      chatRequests: { body: [omarsRequest] },
      acceptChatRequest: { body: { message: 'Request accepted.' } },
      chatContact: { body: aContact({ id: OMAR, name: 'Omar Fall', matched: false }) },
      conversation: { body: [omarsRequest.message] },
      markConversationRead: { body: { message: 'Conversation marked as read.' } },
    });
    await signIn();
    const user = userEvent.setup();
    await renderScreen(<ChatPage />, { route: `/chat?request=${OMAR}`, path: '/chat' });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await screen.findByRole('textbox', { name: 'Message to Omar Fall' });
    const accepted = api.mock.calls.filter(([url]) => String(url).endsWith('/accept'));
    expect(accepted.map(([url]) => String(url))).toEqual([`/api/chat/requests/${OMAR}/accept`]);
  });

  it('declines with the kind reply she picks, by its id, from the list in French', async () => {
    const sent: unknown[] = [];
    mockEndpoints({
      chatContacts: { body: [] },
      chatRequests: () => ({ body: sent.length > 0 ? [] : [omarsRequest] }),
      declineChatRequest: ({ body }) => {
        sent.push(body);
        return { body: { message: 'Request declined.' } };
      },
    });
    await signIn();
    const user = userEvent.setup();
    await renderScreen(<ChatPage />, {
      route: `/fr/chat?request=${OMAR}`,
      path: '/fr/chat',
      language: 'fr',
    });
    await user.click(await screen.findByRole('button', { name: 'Décliner' }));
    const replies = screen.getByRole('group', { name: 'Ajouter une réponse aimable (facultatif)' });
    expect(within(replies).getByRole('radio', { name: 'Pas de réponse' })).toBeChecked();
    await user.click(within(replies).getByRole('radio', { name: 'Qu’Allah te facilite' }));
    await user.click(screen.getByRole('button', { name: 'Décliner la demande' }));
    await waitFor(() => expect(sent).toEqual([{ reply: 'allah-make-it-easy' }]));
    expect(await screen.findByText('Aucune demande de message.')).toBeInTheDocument();
    expect(screen.getByText('Demande déclinée.')).toBeInTheDocument();
  });

  it('reports through the safety dialog, his message attached', async () => {
    mockEndpoints({ chatContacts: { body: [] }, chatRequests: { body: [omarsRequest] } });
    await signIn();
    const safety = fakeSafety();
    const user = userEvent.setup();
    await renderScreen(<ChatPage safety={safety} />, {
      route: `/chat?request=${OMAR}`,
      path: '/chat',
    });
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    expect(safety.report).toHaveBeenCalledWith(
      { id: OMAR, name: 'Omar Fall' },
      [expect.objectContaining({ uuid: 'request-message-1' })],
      { reason: 'other', messageIds: ['request-message-1'] },
    );
  });
});

describe('the sender of a request', () => {
  const aicha = (request: NonNullable<ReturnType<typeof aContact>['request']>) =>
    aContact({ id: 'aicha-3', name: 'Aïcha Ndiaye', matched: false, request });

  it('sees it waiting for her answer, with nothing more to send', async () => {
    const contact = aicha({ state: 'pending', reply: null, expiresAt: '2026-11-29T10:00:00.000Z' });
    mockEndpoints({
      chatContacts: { body: [contact] },
      conversation: { body: [] },
    });
    await signIn();
    await renderScreen(<ChatPage calling={{ inCall: false, start: vi.fn() }} />, {
      route: `/chat?userId=${contact.id}`,
      path: '/chat',
    });
    expect(
      await screen.findByText('Your request is waiting for Aïcha Ndiaye’s answer'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /call with/ })).not.toBeInTheDocument();
  });

  it('reads her kind reply in his own language once she declined', async () => {
    const contact = aicha({
      state: 'declined',
      reply: 'allah-make-it-easy',
      expiresAt: '2026-11-29T10:00:00.000Z',
    });
    mockEndpoints({ chatContacts: { body: [contact] }, conversation: { body: [] } });
    await signIn();
    await renderScreen(<ChatPage />, {
      route: `/chat?userId=${contact.id}`,
      path: '/chat',
    });
    const notice = await screen.findByText('Aïcha Ndiaye declined your request');
    expect(notice.closest('[role="status"]')).toHaveTextContent('May Allah make it easy for you');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
