import type { SignedInDevice } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { PasswordChangeSection } from './password-change-section.tsx';
import { SignedInDevicesSection } from './signed-in-devices-section.tsx';

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me-1', name: 'Moussa', mediaUrls: [] }),
  );
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const phone: SignedInDevice = {
  id: '11111111-1111-4111-8111-111111111111',
  browser: 'Chrome',
  os: 'Android',
  country: 'SN',
  createdAt: hoursAgo(48),
  lastActiveAt: hoursAgo(0),
  current: true,
};
const laptop: SignedInDevice = {
  id: '22222222-2222-4222-8222-222222222222',
  browser: 'Edge',
  os: 'Windows',
  country: 'FR',
  createdAt: hoursAgo(30),
  lastActiveAt: hoursAgo(3),
  current: false,
};
const unknown: SignedInDevice = {
  id: '33333333-3333-4333-8333-333333333333',
  browser: null,
  os: null,
  country: null,
  createdAt: hoursAgo(10),
  lastActiveAt: hoursAgo(5),
  current: false,
};

describe('Signed-in devices', () => {
  it('lists each device with its browser, system and country, this one marked', async () => {
    mockEndpoints({ sessions: { body: [phone, laptop, unknown] } });
    await renderScreen(<SignedInDevicesSection />);
    const list = await screen.findByRole('list', { name: 'Your signed-in devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Chrome on Android · Senegal\s*This device/);
    expect(items[0]).toHaveTextContent('Active now');
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Edge on Windows · France');
    expect(items[1]).toHaveTextContent('Active 3 hours ago');
    expect(items[2]).toHaveTextContent('Unknown browser');
    expect(screen.getByRole('button', { name: 'Sign out Edge on Windows (France)' })).toBeEnabled();
  });

  it('speaks French', async () => {
    mockEndpoints({ sessions: { body: [phone, laptop] } });
    await renderScreen(<SignedInDevicesSection />, { language: 'fr' });
    const list = await screen.findByRole('list', { name: 'Vos appareils connectés' });
    expect(list).toHaveTextContent(/Chrome sur Android · Sénégal\s*Cet appareil/);
    expect(
      screen.getByRole('button', { name: 'Déconnecter Edge sur Windows (France)' }),
    ).toBeEnabled();
    expect(
      screen.getByRole('button', { name: 'Déconnecter tous les autres appareils' }),
    ).toBeEnabled();
  });

  it('signs one device out after a confirmation, by keyboard, and says so', async () => {
    let devices = [phone, laptop];
    const ended: string[] = [];
    mockEndpoints({
      sessions: () => ({ body: devices }),
      endSession: ({ params }) => {
        ended.push(params.id ?? '');
        devices = [phone];
        return { body: { message: 'Signed out.' } };
      },
    });
    await renderScreen(<SignedInDevicesSection />);
    const user = userEvent.setup();
    const signOut = await screen.findByRole('button', {
      name: 'Sign out Edge on Windows (France)',
    });
    signOut.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Sign out this device?' });
    expect(dialog).toHaveTextContent('Edge on Windows (France) will have to sign in again');
    expect(ended).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Edge on Windows (France) was signed out.')).toBeVisible();
    expect(ended).toEqual([laptop.id]);
    expect(await screen.findByText('Only this device is signed in.')).toBeVisible();
  });

  it('cancelling the confirmation signs nothing out', async () => {
    mockEndpoints({ sessions: { body: [phone, laptop] } });
    await renderScreen(<SignedInDevicesSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out all other devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('signs out all the others and says how many', async () => {
    let devices = [phone, laptop, unknown];
    mockEndpoints({
      sessions: () => ({ body: devices }),
      endOtherSessions: () => {
        devices = [phone];
        return { body: { ended: 2 } };
      },
    });
    await renderScreen(<SignedInDevicesSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out all other devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('2 other devices were signed out.')).toBeVisible();
  });

  it('shows the server’s refusal in the member’s language', async () => {
    mockEndpoints({
      sessions: { body: [phone, laptop] },
      endSession: {
        status: 404,
        body: {
          code: 'SESSION_NOT_FOUND',
          message: 'This device is not signed in to your account (any more).',
        },
      },
    });
    await renderScreen(<SignedInDevicesSection />, { language: 'fr' });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Déconnecter Edge sur Windows (France)' }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Déconnecter' }),
    );
    expect(
      await screen.findByText("Cet appareil n'est pas (ou plus) connecté à votre compte."),
    ).toBeVisible();
  });
});

describe('Password change', () => {
  it('refuses two different new passwords without asking the server', async () => {
    mockEndpoints({});
    await renderScreen(<PasswordChangeSection />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm the new password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(screen.getByLabelText('Confirm the new password')).toHaveAccessibleDescription(
      'The two new passwords are not the same.',
    );
  });

  it('shows a wrong current password, then changes it and says how many were signed out', async () => {
    const sent: unknown[] = [];
    mockEndpoints({
      changePassword: ({ body }) => {
        sent.push(body);
        return (body as { currentPassword: string }).currentPassword === 'old-password'
          ? { body: { ended: 1 } }
          : {
              status: 403,
              body: {
                code: 'CURRENT_PASSWORD_WRONG',
                message: 'This is not your current password. Your password was not changed.',
              },
            };
      },
      sessions: { body: [phone] },
    });
    await renderScreen(<PasswordChangeSection />);
    const user = userEvent.setup();
    const current = screen.getByLabelText('Current password');
    await user.type(current, 'wrong-password');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm the new password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(
      await screen.findByText('This is not your current password. Your password was not changed.'),
    ).toBeVisible();
    await user.clear(current);
    await user.type(current, 'old-password');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(
      await screen.findByText('Your password was changed, and 1 other device was signed out.'),
    ).toBeVisible();
    expect(sent).toEqual([
      { currentPassword: 'wrong-password', newPassword: 'new-password-1' },
      { currentPassword: 'old-password', newPassword: 'new-password-1' },
    ]);
    expect(current).toHaveValue('');
  });
});
