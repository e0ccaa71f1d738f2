import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen, screen } from '@/test/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const route = { route: '/reset-password/abc123', path: '/reset-password/:token' };

describe('Reset password', () => {
  it('says the passwords do not match and sends nothing', async () => {
    const api = mockApi({});
    await renderScreen(<ResetPasswordPage />, route);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'first-password');
    await user.type(screen.getByLabelText('Confirm the new password'), 'other-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('❌ Passwords do not match');
    expect(api).not.toHaveBeenCalled();
  });

  it('says it in French too', async () => {
    mockApi({});
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
    mockApi({
      'POST /api/auth/reset-password': ({ body }) => {
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
    expect(
      await screen.findByRole('heading', { name: 'Screen /' }, { timeout: 3000 }),
    ).toBeVisible();
  });

  it('explains an expired link and offers a new one', async () => {
    mockApi({
      'POST /api/auth/reset-password': {
        status: 400,
        body: {
          message: 'This reset link is invalid, expired or already used. Please ask for a new one.',
        },
      },
    });
    await renderScreen(<ResetPasswordPage />, route);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm the new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('❌ Error resetting password');
    expect(alert.textContent).toContain('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forget',
    );
  });
});
