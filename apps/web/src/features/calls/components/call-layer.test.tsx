import type { ErrorCode } from '@mawadda/contract/error-codes';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '@/lib/realtime/realtime-client.ts';
import { session } from '@/lib/session.ts';
import { mockEndpoints } from '@/test/api.ts';
import { FakeStompClient } from '@/test/fake-stomp-client.ts';
import { renderScreen, type TestLanguage } from '@/test/render.tsx';
import { calls } from '../hooks/use-call.ts';
import { allStopped, FakePeerConnection, FakeStream } from '../test/fake-media.ts';
import { CallLayer } from './call-layer.tsx';

vi.mock(
  '@stomp/stompjs',
  async () => (await import('@/test/fake-stomp-client.ts')).fakeStompModule,
);

const ME = 'me-1';
const AWA = 'awa-2';
let streams: FakeStream[];

beforeEach(() => {
  streams = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: {
      getUserMedia: async (constraints: MediaStreamConstraints) => {
        const stream = new FakeStream(constraints.video ? ['audio', 'video'] : ['audio']);
        streams.push(stream);
        return stream;
      },
    },
  });
  mockEndpoints({ iceServers: { body: { iceServers: [], expiresAt: null } } });
});

afterEach(() => {
  calls.hangUp();
  calls.dismissNotice();
  realtime.stop();
  session.end();
  vi.unstubAllGlobals();
});

async function showLayer(language: TestLanguage = 'en') {
  session.start('token-1');
  const clients = FakeStompClient.instances.length;
  realtime.start();
  // One connection, the realtime client's.
  await waitFor(() => expect(FakeStompClient.instances).toHaveLength(clients + 1));
  const stomp = FakeStompClient.latest();
  act(() => stomp.open());
  await renderScreen(<CallLayer me={ME} />, { language });
  return stomp;
}

function offer(stomp: FakeStompClient, type: 'audio' | 'video') {
  act(() =>
    stomp.deliver(`/topic/call/${ME}`, {
      from: AWA,
      to: ME,
      callId: 'call-1',
      type,
      sdp: { type: 'offer', sdp: 'v=0' },
      // As she typed it; the call screens show it as every screen does.
      caller: { name: 'awa DIOP', photoUrl: null },
    }),
  );
}

const signalsTo = (stomp: FakeStompClient) =>
  stomp.published.filter((p) => p.destination === `/app/call/${AWA}`).map((p) => p.body);

describe('the incoming-call modal', () => {
  it('names the caller and the kind of call, takes the focus, and Escape refuses', async () => {
    const stomp = await showLayer();
    offer(stomp, 'video');
    const dialog = await screen.findByRole('dialog', { name: 'Incoming video call' });
    expect(dialog).toHaveAccessibleDescription('Awa Diop is calling you.');
    const accept = within(dialog).getByRole('button', { name: 'Accept' });
    expect(accept).toHaveFocus();
    const user = userEvent.setup();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Refuse' })).toHaveFocus();
    // The focus stays in the modal.
    await user.tab();
    expect(accept).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(signalsTo(stomp)).toEqual([{ endCall: true }]);
    expect(streams).toEqual([]);
  });

  it('reads in French', async () => {
    const stomp = await showLayer('fr');
    offer(stomp, 'audio');
    const dialog = await screen.findByRole('dialog', { name: 'Appel vocal entrant' });
    expect(dialog).toHaveAccessibleDescription('Awa Diop vous appelle.');
    expect(within(dialog).getByRole('button', { name: 'Accepter' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Refuser' })).toBeEnabled();
  });

  it('accepted by keyboard, opens the in-call view with its controls; ending stops my camera and microphone', async () => {
    const stomp = await showLayer();
    offer(stomp, 'video');
    await screen.findByRole('dialog', { name: 'Incoming video call' });
    const user = userEvent.setup();
    await user.keyboard('{Enter}');

    const view = await screen.findByRole('region', { name: 'Call with Awa Diop' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(signalsTo(stomp)[0]).toEqual({ answer: { type: 'answer', sdp: 'v=0 answer' } });
    const end = within(view).getByRole('button', { name: 'End the call' });
    expect(end).toHaveFocus();

    const mute = within(view).getByRole('button', { name: 'Mute the microphone' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await user.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(streams[0]?.getAudioTracks()[0]?.enabled).toBe(false);
    const camera = within(view).getByRole('button', { name: 'Turn the camera off' });
    await user.click(camera);
    expect(camera).toHaveAttribute('aria-pressed', 'true');
    expect(streams[0]?.getVideoTracks()[0]?.enabled).toBe(false);

    await user.click(end);
    expect(screen.queryByRole('region', { name: 'Call with Awa Diop' })).not.toBeInTheDocument();
    expect(signalsTo(stomp).at(-1)).toEqual({ endCall: true });
    expect(allStopped(streams)).toBe(true);
  });
});

describe('the call I make', () => {
  it('rings with Cancel, then tells me she declined', async () => {
    const stomp = await showLayer();
    act(() => {
      calls.startCall({ id: AWA, name: 'AWA diop', photoUrl: null }, 'audio');
    });
    const view = await screen.findByRole('region', { name: 'Call with Awa Diop' });
    expect(within(view).getByRole('status')).toHaveTextContent(
      'Calling Awa Diop for a voice call…',
    );
    await waitFor(() =>
      expect(within(view).getByRole('button', { name: 'Cancel the call' })).toHaveFocus(),
    );
    await waitFor(() => expect(signalsTo(stomp)[0]).toMatchObject({ type: 'audio' }));

    act(() =>
      stomp.deliver(`/topic/call/${ME}`, { from: AWA, to: ME, callId: 'c', endCall: true }),
    );
    await screen.findByText('Awa Diop declined the call.');
    expect(allStopped(streams)).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Awa Diop declined the call.')).not.toBeInTheDocument();
  });

  it('ends when the socket drops', async () => {
    const stomp = await showLayer();
    act(() => {
      calls.startCall({ id: AWA, name: 'Awa Diop', photoUrl: null }, 'video');
    });
    await waitFor(() => expect(signalsTo(stomp)).toHaveLength(1));
    act(() => stomp.drop());
    await screen.findByText('The connection was lost: the call with Awa Diop has ended.');
    expect(allStopped(streams)).toBe(true);
  });

  async function refusedCall(
    code: ErrorCode,
    language: TestLanguage = 'en',
    params?: Record<string, number>,
  ) {
    const stomp = await showLayer(language);
    act(() => {
      calls.startCall({ id: AWA, name: 'Awa Diop', photoUrl: null }, 'audio');
    });
    await waitFor(() => expect(signalsTo(stomp)).toHaveLength(1));
    act(() => stomp.fail(code, 1008, undefined, params));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Awa Diop/ })).not.toBeInTheDocument(),
    );
    expect(allStopped(streams)).toBe(true);
  }

  it('ends without a notice of its own when a subscription is needed (the plans open)', async () => {
    await refusedCall('SUBSCRIPTION_REQUIRED');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    ['CALL_NOT_ALLOWED', 'You cannot call this member.'],
    ['CALL_IN_PROGRESS', 'You are already in a call: end it first.'],
  ] as const)(
    'tells me why the server refused it (%s), and Close dismisses it',
    async (code, text) => {
      await refusedCall(code);
      expect(await screen.findByRole('status')).toHaveTextContent(text);
      expect(screen.queryByText(/The connection was lost/)).not.toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    },
  );

  it.each([
    [
      'en',
      'You have started 5 new conversations today, as many as allowed in a day: a first message, call or wali question to someone new starts one. Try again tomorrow: the count starts again at midnight (UTC).',
    ],
    [
      'fr',
      "Vous avez commencé 5 nouvelles conversations aujourd'hui, le maximum permis par jour : un premier message, un appel ou une demande du contact du wali à quelqu'un de nouveau en commence une. Réessayez demain : le compteur repart à zéro à minuit (heure UTC).",
    ],
  ] as const)(
    'tells me my limit of new conversations a day and when it starts again (%s)',
    async (language, text) => {
      await refusedCall('NEW_CONVERSATIONS_DAILY_LIMIT', language, { max: 5, retryAfter: 3600 });
      expect(await screen.findByRole('status')).toHaveTextContent(text);
    },
  );

  it('tells me in French', async () => {
    await refusedCall('CALL_IN_PROGRESS', 'fr');
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Vous êtes déjà en appel : terminez-le d'abord.",
    );
  });
});
