import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { LoginPage } from './login-page.tsx';

// jsdom has no authenticator: the browser's side of the ceremony answers as a phone would.
const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
vi.mock('@/lib/webauthn.ts', async (actual) => ({
  ...(await actual<typeof import('@/lib/webauthn.ts')>()),
  supportsPasskeys: () => true,
  supportsPasskeyAutofill: async () => false,
  getPasskey: vi.fn(async () => assertion),
}));

const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };

beforeEach(() => {
  localStorage.clear();
});

describe('Signing in with a passkey', () => {
  it('names the typed address (username-first) and says the server’s refusal', async () => {
    const api = mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
      passkeyLoginOptions: { body: options },
      passkeyLogin: {
        status: 401,
        body: { code: 'PASSKEY_UNKNOWN', message: 'This passkey is not registered' },
      },
    });
    await renderScreen(<LoginPage />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Username or e-mail')).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
    await user.type(screen.getByLabelText('Username or e-mail'), ' amina@example.com ');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This passkey is not registered with Mawadda. Sign in with your password, then add it from your profile.',
    );
    const sent = api.mock.calls
      .filter(([url]) => String(url).includes('/api/auth/passkeys/'))
      .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);
    expect(sent).toEqual([
      ['/api/auth/passkeys/login-options', { username: 'amina@example.com' }],
      ['/api/auth/passkeys/login', { credential: assertion }],
    ]);
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
  });

  it('without an address, asks for any passkey of the site (usernameless)', async () => {
    const api = mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
      passkeyLoginOptions: { body: options },
      passkeyLogin: { status: 400, body: { code: 'PASSKEY_CHALLENGE_INVALID', message: 'x' } },
    });
    await renderScreen(<LoginPage />, { language: 'fr' });
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Se connecter avec une clé d’accès' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cette demande de clé d’accès a expiré ou a déjà servi. Veuillez réessayer.',
    );
    const [, init] = api.mock.calls.find(([url]) => String(url).endsWith('/login-options')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({});
  });
});
