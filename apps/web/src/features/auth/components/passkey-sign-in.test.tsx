import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPasskey } from '@/lib/webauthn.ts';
import { mockEndpoints } from '@/test/api.ts';
import { aCurrentUser, photo } from '@/test/fixtures.ts';
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
const attestation = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'AA' },
  clientExtensionResults: {},
};
const browser = vi.hoisted(() => ({ platformAuthenticator: false, conditionalCreate: false }));
vi.mock('@/lib/webauthn.ts', async (actual) => ({
  ...(await actual<typeof import('@/lib/webauthn.ts')>()),
  supportsPasskeys: () => true,
  supportsPasskeyAutofill: async () => false,
  hasPlatformAuthenticator: async () => browser.platformAuthenticator,
  supportsConditionalCreate: async () => browser.conditionalCreate,
  getPasskey: vi.fn(async () => assertion),
  createPasskey: vi.fn(async () => attestation),
}));

const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };

beforeEach(() => {
  localStorage.clear();
  browser.platformAuthenticator = false;
  browser.conditionalCreate = false;
});

const member = aCurrentUser({
  id: 'm1',
  name: 'Amina',
  latitude: 48.85,
  longitude: 2.35,
  location: 'Paris, France',
  bio: 'Kind and practising.',
  gender: 'femme',
  photos: [photo('a')],
});

async function signInWithPassword() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username or e-mail'), 'amina@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct-password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('After a password sign-in', () => {
  const signedIn = {
    clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
    login: { body: { token: 'token-1' } },
    currentUser: { body: member },
  } as const;

  it('offers a passkey on a device that can hold one; “Not now” goes on and is remembered', async () => {
    browser.platformAuthenticator = true;
    mockEndpoints({ ...signedIn, passkeys: { body: { passkeys: [], passwordSignIn: true } } });
    await renderScreen(<LoginPage />);
    const user = await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Sign in faster next time' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await screen.findByRole('heading', { name: 'Screen /suggestions' });
    expect(localStorage.getItem('mawadda-passkey-offer-dismissed')).toBe('1');
  });

  it('adds the passkey offered, named after the device', async () => {
    browser.platformAuthenticator = true;
    const added: unknown[] = [];
    mockEndpoints({
      ...signedIn,
      passkeys: { body: { passkeys: [], passwordSignIn: true } },
      passkeyRegistrationOptions: { body: creationOptions },
      addPasskey: ({ body }) => {
        added.push(body);
        return { status: 201, body: aPasskey };
      },
    });
    await renderScreen(<LoginPage />);
    const user = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await screen.findByRole('heading', { name: 'Screen /suggestions' });
    expect(added).toEqual([{ credential: attestation, name: 'My passkey' }]);
  });

  it('where the browser creates passkeys quietly, asks it to and goes straight on', async () => {
    browser.conditionalCreate = true;
    const added: unknown[] = [];
    mockEndpoints({
      ...signedIn,
      passkeyRegistrationOptions: { body: creationOptions },
      addPasskey: ({ body }) => {
        added.push(body);
        return { status: 201, body: aPasskey };
      },
    });
    await renderScreen(<LoginPage />);
    await signInWithPassword();
    await screen.findByRole('heading', { name: 'Screen /suggestions' });
    await waitFor(() => expect(added).toHaveLength(1));
    expect(vi.mocked(createPasskey)).toHaveBeenCalledWith(creationOptions, true);
  });

  it('offers nothing on a device without a platform authenticator', async () => {
    mockEndpoints(signedIn);
    await renderScreen(<LoginPage />);
    await signInWithPassword();
    await screen.findByRole('heading', { name: 'Screen /suggestions' });
  });
});

const creationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Mawadda' },
  user: { id: 'dXNlcg', name: 'amina@example.com', displayName: 'Amina' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};
const aPasskey = {
  id: '0b7c9a43-52a4-4c71-9d0e-1f2a3b4c5d6e',
  name: 'My passkey',
  deviceType: 'singleDevice' as const,
  backedUp: false,
  transports: ['internal'],
  createdAt: '2026-11-20T12:00:00.000Z',
  lastUsedAt: null,
};

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
