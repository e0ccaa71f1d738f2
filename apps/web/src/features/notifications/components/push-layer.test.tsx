import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_CHANGED_MESSAGE } from '@/lib/worker-messages.ts';
import { mockEndpoints } from '@/test/api.ts';
import { FAKE_SUBSCRIPTION, fakePushBrowser, removePushBrowser } from '@/test/push-browser.ts';
import { renderScreen } from '@/test/render.tsx';
import { PushLayer } from './push-layer.tsx';

const VAPID_KEY =
  'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A';

beforeEach(() => {
  localStorage.setItem('authToken', 'token-of-this-sign-in');
  localStorage.setItem('currentUser', JSON.stringify({ id: 'me-1', name: 'Awa', mediaUrls: [] }));
});
afterEach(removePushBrowser);

describe('this device’s subscription after a sign-in', () => {
  it('is sent again for the new session when notifications are allowed', async () => {
    fakePushBrowser({ permission: 'granted', subscribed: true });
    const sent: unknown[] = [];
    mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: VAPID_KEY } },
      subscribePush: (request) => {
        sent.push({ body: request.body, auth: request.headers.get('authorization') });
        return { status: 201, body: { message: 'Subscribed.' } };
      },
    });
    await renderScreen(<PushLayer ask={false} />);
    await waitFor(() =>
      expect(sent).toEqual([{ body: FAKE_SUBSCRIPTION, auth: 'Bearer token-of-this-sign-in' }]),
    );
  });

  it('is not sent when the browser was never asked, nor when the member turned it off here', async () => {
    fakePushBrowser({ permission: 'default' });
    const api = mockEndpoints({});
    const first = await renderScreen(<PushLayer ask={false} />);
    first.unmount();
    removePushBrowser();

    // A sign-in of its own: one subscription per session is sent at most.
    localStorage.setItem('authToken', 'a-later-sign-in');
    localStorage.setItem('pushDeviceOff', '1');
    fakePushBrowser({ permission: 'granted', subscribed: true });
    await renderScreen(<PushLayer ask={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api).not.toHaveBeenCalled();
  });

  it('is sent again when the worker says the push service rotated it, unless turned off here', async () => {
    localStorage.setItem('authToken', 'a-sign-in-whose-subscription-rotates');
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    const sent: unknown[] = [];
    mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: VAPID_KEY } },
      subscribePush: (request) => {
        sent.push(request.body);
        return { status: 201, body: { message: 'Subscribed.' } };
      },
    });
    await renderScreen(<PushLayer ask={false} />);
    await waitFor(() => expect(sent).toHaveLength(1));

    const rotated = { ...FAKE_SUBSCRIPTION, endpoint: 'https://push.example.net/send/device-2' };
    browser.rotate(rotated);
    browser.fromWorker({ type: SUBSCRIPTION_CHANGED_MESSAGE });
    await waitFor(() => expect(sent).toEqual([FAKE_SUBSCRIPTION, rotated]));

    localStorage.setItem('pushDeviceOff', '1');
    browser.fromWorker({ type: SUBSCRIPTION_CHANGED_MESSAGE });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(2);
  });
});
