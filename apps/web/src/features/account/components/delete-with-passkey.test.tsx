import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';

// jsdom has no authenticator: the browser's side of the step-up answers as a phone would.
const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
vi.mock('@/lib/webauthn.ts', async (actual) => ({
  ...(await actual<typeof import('@/lib/webauthn.ts')>()),
  getPasskey: vi.fn(async () => assertion),
}));

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('currentUser', JSON.stringify({ id: 'me-1', name: 'Awa', mediaUrls: [] }));
});

it('a member with a passkey confirms the deletion by proving it, with no password', async () => {
  const sent: Array<[string, unknown]> = [];
  mockEndpoints({
    passkeys: {
      body: {
        passwordSignIn: false,
        passkeys: [
          {
            id: '0b7c9a43-52a4-4c71-9d0e-1f2a3b4c5d6e',
            name: 'Phone',
            deviceType: 'multiDevice',
            backedUp: true,
            transports: ['internal'],
            createdAt: '2026-11-20T12:00:00.000Z',
            lastUsedAt: null,
          },
        ],
      },
    },
    passkeyConfirmOptions: { body: { challenge: 'Y2hhbGxlbmdl', userVerification: 'required' } },
    passkeyConfirm: ({ body }) => {
      sent.push(['confirm', body]);
      return { body: { message: 'Passkey confirmed.' } };
    },
    deleteAccount: ({ body }) => {
      sent.push(['delete', body]);
      return { body: { message: 'Your account was deleted.' } };
    },
  });
  const onDeleted = vi.fn();
  await renderScreen(<DeleteAccountSection onDeleted={onDeleted} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog');
  await user.click(await within(dialog).findByRole('button', { name: 'Delete with a passkey' }));
  await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
  expect(sent).toEqual([
    ['confirm', { credential: assertion }],
    ['delete', { passkey: true }],
  ]);
});
