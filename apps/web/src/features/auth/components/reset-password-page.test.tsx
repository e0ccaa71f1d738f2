import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authKeys } from '@/lib/query-keys.ts';
import { mockEndpoints, type Stubs } from '@/test/api.ts';
import { anError } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const route = { route: '/reset-password/abc123', path: '/reset-password/:token' };
const usable: Stubs = { checkResetLink: { body: { usable: true } } };
const refused: Stubs = {
  checkResetLink: {
    status: 400,
    body: {
      code: 'RESET_LINK_INVALID',
      message: 'This reset link is invalid, expired or already used. Please ask for a new one.',
    },
  },
};

describe('Reset password', () => {
  it('says the passwords do not match and sends nothing', async () => {
    const api = mockEndpoints(usable);
    await renderScreen(<ResetPasswordPage />, route);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'first-password');
    await user.type(screen.getByLabelText('Confirm the new password'), 'other-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('❌ Passwords do not match');
    expect(api.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/reset-password/abc123']);
  });

  it('says it in French too', async () => {
    mockEndpoints(usable);
    await renderScreen(<ResetPasswordPage />, { ...route, language: 'fr' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'first-password');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'other-password');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '❌ Les mots de passe ne correspondent pas',
    );
  });

  it('sends the token and the password, says it worked, then goes to login', async () => {
    let sent: unknown;
    mockEndpoints({
      ...usable,
      resetPassword: ({ body }) => {
        sent = body;
        return { body: { message: 'Password reset successful.' } };
      },
    });
    await renderScreen(<ResetPasswordPage />, route);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm the new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('status')).textContent).toBe('✅ Password reset successful!');
    expect(sent).toEqual({ token: 'abc123', password: 'brand-new-password' });
    await screen.findByRole('heading', { name: 'Screen /' }, { timeout: 3000 });
  });

  it('explains a link that expired while the page was open and offers a new one', async () => {
    mockEndpoints({
      ...usable,
      resetPassword: {
        status: 400,
        body: anError(
          'RESET_LINK_INVALID',
          'This reset link is invalid, expired or already used. Please ask for a new one.',
        ),
      },
    });
    await renderScreen(<ResetPasswordPage />, route);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm the new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('❌ Error resetting password');
    expect(alert.textContent).toContain(
      'This link has expired or was already used. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forget',
    );
  });

  it('says at once, before anything is typed, that a used or expired link cannot be used', async () => {
    mockEndpoints(refused);
    await renderScreen(<ResetPasswordPage />, route);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This link has expired or was already used. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forget',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
  });

  it('says it in French too, with the French link to a new one', async () => {
    mockEndpoints(refused);
    await renderScreen(<ResetPasswordPage />, {
      route: '/fr/reset-password/abc123',
      path: '/fr/reset-password/:token',
      language: 'fr',
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Ce lien a expiré ou a déjà servi. Demandez-en un nouveau.',
    );
    expect(
      screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href'),
    ).toBe('/fr/forget');
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull();
  });

  it('keeps the form when the check cannot be made (offline, or too many tries)', async () => {
    mockEndpoints({
      checkResetLink: { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many' } },
    });
    const { queryClient } = await renderScreen(<ResetPasswordPage />, route);
    await waitFor(() =>
      expect(queryClient.getQueryState(authKeys.resetLink('abc123'))?.status).toBe('error'),
    );
    expect(screen.getByLabelText('New password')).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
