import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@mawadda/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { fakePushBrowser, removePushBrowser } from '@/test/push-browser.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { NotificationsSection } from './notifications-section.tsx';

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('currentUser', JSON.stringify({ id: 'me-1', name: 'Awa', mediaUrls: [] }));
});
afterEach(removePushBrowser);

const section = (name: string) => screen.findByRole('region', { name });

describe('the notifications settings', () => {
  it('saves what the member chose, whole, with quiet hours and this device’s time zone', async () => {
    fakePushBrowser({ permission: 'granted', subscribed: true });
    // A member in Dakar: the server's default (UTC) gives way to this device's zone.
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: 'Africa/Dakar' };
    });
    let saved: NotificationSettings | undefined;
    mockEndpoints({
      notificationSettings: { body: DEFAULT_NOTIFICATION_SETTINGS },
      saveNotificationSettings: (request) => {
        saved = request.body as NotificationSettings;
        return { body: saved };
      },
    });
    await renderScreen(<NotificationsSection />);
    const card = within(await section('Notifications'));

    const likes = await card.findByRole('switch', { name: 'New likes' });
    expect(likes).not.toBeChecked();
    expect(card.getByRole('switch', { name: 'New messages' })).toBeChecked();
    const lockScreen = card.getByRole('switch', {
      name: 'Show what a message says on the lock screen',
    });
    expect(lockScreen).not.toBeChecked();
    expect(lockScreen).toHaveAccessibleDescription(/shows only who wrote/);

    await userEvent.click(likes);
    await userEvent.click(card.getByRole('switch', { name: 'Incoming calls' }));
    await userEvent.click(card.getByRole('switch', { name: 'Quiet hours' }));
    const from = card.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '23:30');
    // Keyboard only: Space toggles a focused switch.
    card.getByRole('switch', { name: /E-mail me a summary/ }).focus();
    await userEvent.keyboard(' ');
    await userEvent.click(card.getByRole('button', { name: 'Save my notification settings' }));

    expect(await card.findByText('Your notification settings are saved.')).toBeVisible();
    expect(saved).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      likes: true,
      calls: false,
      quietHours: { start: '23:30', end: '07:00' },
      timeZone: 'Africa/Dakar',
      emailDigest: false,
    });
  });

  it('in French, says how to allow notifications again once the browser refused them', async () => {
    fakePushBrowser({ permission: 'denied' });
    mockEndpoints({ notificationSettings: { body: DEFAULT_NOTIFICATION_SETTINGS } });
    await renderScreen(<NotificationsSection />, { language: 'fr' });
    const card = within(await section('Notifications'));
    const device = await card.findByRole('switch', { name: 'Notifications sur cet appareil' });
    expect(device).toBeDisabled();
    expect(card.getByText(/sont bloquées dans ce navigateur/)).toHaveTextContent(
      'Paramètres des sites',
    );
    expect(card.getByRole('switch', { name: 'Des nouveaux likes' })).not.toBeChecked();
  });

  it('turning this device off makes the server and the push service forget it', async () => {
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    let forgotten: unknown;
    mockEndpoints({
      notificationSettings: { body: DEFAULT_NOTIFICATION_SETTINGS },
      unsubscribePush: (request) => {
        forgotten = request.body;
        return { body: { message: 'Unsubscribed.' } };
      },
    });
    await renderScreen(<NotificationsSection />);
    const device = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await waitFor(() => expect(device).toBeChecked());
    await userEvent.click(device);
    await waitFor(() => expect(device).not.toBeChecked());
    expect(forgotten).toEqual({ endpoint: 'https://push.example.net/send/device-1' });
    expect(browser.subscription()).toBeNull();
  });

  it('a test notification says where it went, or how to turn notifications on', async () => {
    fakePushBrowser();
    let devices = 0;
    mockEndpoints({
      notificationSettings: { body: DEFAULT_NOTIFICATION_SETTINGS },
      pushTest: () => ({ status: 202, body: { devices } }),
    });
    await renderScreen(<NotificationsSection />);
    const test = await screen.findByRole('button', { name: 'Send me a test notification' });
    await userEvent.click(test);
    expect(await screen.findByText(/No device of yours takes notifications yet/)).toBeVisible();
    devices = 2;
    await userEvent.click(test);
    expect(
      await screen.findByText('A test notification is on its way to your 2 devices.'),
    ).toBeVisible();
  });
});
