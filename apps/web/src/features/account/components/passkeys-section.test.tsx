import type { Passkey } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { PasskeysSection } from './passkeys-section.tsx';

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('currentUser', JSON.stringify({ id: 'me-1', name: 'Awa', mediaUrls: [] }));
});

const phone: Passkey = {
  id: '0b7c9a43-52a4-4c71-9d0e-1f2a3b4c5d6e',
  name: 'Phone',
  deviceType: 'multiDevice',
  backedUp: true,
  transports: ['internal', 'hybrid'],
  // Midday UTC: the same day in every time zone the suite may run in.
  createdAt: '2026-11-20T12:00:00.000Z',
  lastUsedAt: '2026-11-25T12:00:00.000Z',
};
const laptop: Passkey = {
  ...phone,
  id: '1c8d0b54-63b5-4d82-8e1f-2a3b4c5d6e7f',
  name: 'Work laptop',
  deviceType: 'singleDevice',
  backedUp: false,
  lastUsedAt: null,
};

const section = () => screen.getByRole('region', { name: 'Passkeys' });

describe('Passkeys', () => {
  it('lists the passkeys with where they live and when they were added and used', async () => {
    mockEndpoints({ passkeys: { body: { passkeys: [phone, laptop], passwordSignIn: true } } });
    await renderScreen(<PasskeysSection />);
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(
      'PhoneSynced across your devices · added on November 20, 2026 · last used on November 25, 2026',
    );
    expect(second).toHaveTextContent(
      'Work laptopOn one device only · added on November 20, 2026 · never used yet',
    );
    expect(within(section()).getByRole('button', { name: 'Turn off my password' })).toBeEnabled();
  });

  it('removes one only when asked twice, and says why the last one stays', async () => {
    const api = mockEndpoints({
      passkeys: { body: { passkeys: [phone], passwordSignIn: false } },
      removePasskey: {
        status: 409,
        body: { code: 'PASSKEY_LAST_ONE', message: 'This is your last passkey' },
      },
    });
    await renderScreen(<PasskeysSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove the passkey Phone' }));
    expect(api.mock.calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'This is your last passkey and your password is off. Turn your password back on (with a reset) before removing it.',
    );
    expect(api.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(['GET', 'DELETE']);
  });

  it('with the password off, says how to turn it back on and offers no switch', async () => {
    mockEndpoints({ passkeys: { body: { passkeys: [phone], passwordSignIn: false } } });
    await renderScreen(<PasskeysSection />);
    expect(
      await screen.findByRole('link', { name: 'Turn it back on by choosing a new one' }),
    ).toHaveAttribute('href', '/forget');
    expect(screen.queryByRole('button', { name: 'Turn off my password' })).toBeNull();
  });

  describe('in a browser with passkeys', () => {
    beforeEach(() => {
      Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
    });
    afterEach(() => {
      Reflect.deleteProperty(window, 'PublicKeyCredential');
    });

    it('offers to add one under a name', async () => {
      mockEndpoints({ passkeys: { body: { passkeys: [], passwordSignIn: true } } });
      await renderScreen(<PasskeysSection />);
      expect(await within(section()).findByText('You have no passkey yet.')).toBeVisible();
      expect(screen.getByLabelText('Name of the new passkey')).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
      // No passkey yet: the password cannot be turned off.
      expect(screen.queryByRole('button', { name: 'Turn off my password' })).toBeNull();
    });
  });

  it('says when the browser cannot use passkeys', async () => {
    mockEndpoints({ passkeys: { body: { passkeys: [], passwordSignIn: true } } });
    await renderScreen(<PasskeysSection />);
    expect(await screen.findByText('This browser cannot use passkeys.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});
