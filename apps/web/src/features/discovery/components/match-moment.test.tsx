import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '@/lib/realtime/realtime-client.ts';
import { session } from '@/lib/session.ts';
import { FakeStompClient } from '@/test/fake-stomp-client.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { MatchMoment } from './match-moment.tsx';

vi.mock(
  '@stomp/stompjs',
  async () => (await import('@/test/fake-stomp-client.ts')).fakeStompModule,
);

const ME = '00000000-0000-4000-8000-0000000000e1';
const AWA = '00000000-0000-4000-8000-0000000000a2';
const awa = { id: AWA, name: 'awa sarr', photoUrl: '/media/photos/awa.webp?m=me' };

afterEach(() => {
  realtime.stop();
  session.end();
});

/** The member on /suggestions with a button that had the focus, their socket open. */
async function showMoment(language: 'en' | 'fr' = 'en') {
  session.start('token-1');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: ME, name: 'ibrahima', mediaUrls: ['/media/photos/me.webp'] }),
  );
  const clients = FakeStompClient.instances.length;
  realtime.start();
  // One connection, the realtime client's.
  await waitFor(() => expect(FakeStompClient.instances).toHaveLength(clients + 1));
  const stomp = FakeStompClient.latest();
  act(() => stomp.open());
  await renderScreen(
    <>
      <button type="button">Where I was</button>
      <MatchMoment me={ME} />
    </>,
    { language, route: language === 'fr' ? '/fr/suggestions' : '/suggestions' },
  );
  screen.getByRole('button', { name: 'Where I was' }).focus();
  return stomp;
}

describe('It’s a match', () => {
  it('comes live when the other member likes back: both photos and names, focus inside, Escape closes', async () => {
    const stomp = await showMoment();
    act(() => stomp.deliver(`/topic/match/${ME}`, { member: awa }));

    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(dialog).toHaveAccessibleDescription(
      'You and Awa Sarr like each other. Take the first step: say salam.',
    );
    expect(dialog).toHaveTextContent('IbrahimaAwa Sarr');
    expect([...dialog.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/media/photos/me.webp',
      awa.photoUrl,
    ]);
    expect(within(dialog).getByRole('link', { name: 'Send a message' })).toHaveAttribute(
      'href',
      `/chat?userId=${AWA}`,
    );
    expect(dialog.contains(document.activeElement)).toBe(true);
    const user = userEvent.setup();
    // Tab goes round inside the dialog.
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Where I was' })).toHaveFocus();
  });

  it('says it in French; "Continuer à découvrir" closes it, "Envoyer un message" opens the conversation', async () => {
    const stomp = await showMoment('fr');
    act(() => stomp.deliver(`/topic/match/${ME}`, { member: awa }));
    const dialog = await screen.findByRole('dialog', { name: "C'est un match !" });
    expect(dialog).toHaveAccessibleDescription(
      'Vous et Awa Sarr vous plaisez mutuellement. Faites le premier pas : dites salam.',
    );
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Continuer à découvrir' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => stomp.deliver(`/topic/match/${ME}`, { member: awa }));
    const again = await screen.findByRole('dialog', { name: "C'est un match !" });
    await user.click(within(again).getByRole('link', { name: 'Envoyer un message' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByRole('heading', { name: `Screen /fr/chat` });
  });
});
