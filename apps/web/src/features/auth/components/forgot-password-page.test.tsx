import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { anError } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

describe('Forgot password', () => {
  it('asks for a valid e-mail before sending', async () => {
    const api = mockEndpoints({});
    await renderScreen(<ForgotPasswordPage />, { route: '/forget', language: 'fr' });
    const field = screen.getByLabelText('Adresse e-mail') as HTMLInputElement;
    expect(field.type).toBe('email');
    expect(field.required).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect((await screen.findByRole('alert')).textContent).toBe("L'adresse e-mail est obligatoire");
    await user.type(field, 'amina@');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Veuillez saisir une adresse e-mail valide',
    );
    expect(api).not.toHaveBeenCalled();
  });

  it('says the link was sent', async () => {
    mockEndpoints({ forgotPassword: { body: { message: 'sent' } } });
    await renderScreen(<ForgotPasswordPage />, { route: '/forget' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Reset link has been sent to your email.',
    );
  });

  it('says when it failed', async () => {
    mockEndpoints({
      forgotPassword: {
        status: 500,
        body: anError('UNEXPECTED_ERROR', 'Unexpected server error'),
      },
    });
    await renderScreen(<ForgotPasswordPage />, { route: '/forget' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error. Please try again.');
    expect(
      (screen.getByRole('button', { name: 'Send the link' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
