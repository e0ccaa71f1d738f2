import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import {
  FAKE_SUBSCRIPTION,
  fakeIphoneSafari,
  fakePushBrowser,
  removePushBrowser,
} from '@/test/push-browser.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { PushPrompt } from './push-prompt.tsx';

const VAPID_KEY =
  'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A';

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('currentUser', JSON.stringify({ id: 'me-1', name: 'Awa', mediaUrls: [] }));
});
afterEach(removePushBrowser);

describe('the question about notifications', () => {
  it('explains first, then asks the browser from the tap and hands the subscription to the server', async () => {
    const browser = fakePushBrowser();
    let sent: unknown;
    mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: VAPID_KEY } },
      subscribePush: (request) => {
        sent = request.body;
        return { status: 201, body: { message: 'Subscribed.' } };
      },
    });
    await renderScreen(<PushPrompt />);

    const dialog = await screen.findByRole('dialog', { name: 'Know when someone writes to you' });
    expect(dialog).toHaveTextContent('never what they wrote');
    expect(dialog).toHaveTextContent('at any time in My profile');
    // Nothing is asked of the browser before the member taps.
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(sent).toEqual(FAKE_SUBSCRIPTION));
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    // The server's key, decoded from base64url: 0x04 then the point.
    expect(Array.from(options?.applicationServerKey as Uint8Array).slice(0, 3)).toEqual([4, 1, 2]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('in French too', async () => {
    fakePushBrowser();
    await renderScreen(<PushPrompt />, { language: 'fr' });
    expect(await screen.findByRole('dialog', { name: 'Sachez quand on vous écrit' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Activer les notifications' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pas maintenant' })).toBeVisible();
  });

  it('“Not now” is remembered: the question does not come again', async () => {
    const browser = fakePushBrowser();
    const first = await renderScreen(<PushPrompt />);
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    await renderScreen(<PushPrompt />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('the browser’s refusal is remembered, and nothing is sent', async () => {
    fakePushBrowser({ answer: 'denied' });
    const api = mockEndpoints({});
    const first = await renderScreen(<PushPrompt />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    await renderScreen(<PushPrompt />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('is not asked when the browser already answered', async () => {
    fakePushBrowser({ permission: 'granted' });
    await renderScreen(<PushPrompt />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on an iPhone’s Safari, shows how to add the app to the Home Screen, with pictures', async () => {
    fakeIphoneSafari();
    await renderScreen(<PushPrompt />, { language: 'fr' });
    const sheet = await screen.findByRole('dialog', {
      name: 'Ajoutez Mawadda à votre écran d’accueil',
    });
    expect(sheet).toHaveTextContent('touchez le bouton Partager');
    expect(sheet).toHaveTextContent('« Sur l’écran d’accueil »');
    expect(screen.getByRole('img', { name: /Le bouton Partager/ })).toBeVisible();
    expect(screen.getByRole('img', { name: /La ligne « Sur l’écran d’accueil »/ })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'J’ai compris' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
