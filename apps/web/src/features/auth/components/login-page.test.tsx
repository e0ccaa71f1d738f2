import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockEndpoints, type Reply } from '@/test/api.ts';
import { aCurrentUser, anError, photo } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { LoginPage } from './login-page.tsx';

const completeMember = aCurrentUser({
  id: 'm1',
  name: 'Amina',
  latitude: 48.85,
  longitude: 2.35,
  location: 'Paris, France',
  bio: 'Kind and practising.',
  gender: 'femme',
  photos: [photo('a')],
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  const usernameField = screen.getByLabelText('Username or e-mail');
  await user.clear(usernameField);
  await user.type(usernameField, username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('Login', () => {
  it('shows the French 401 message, then lets the member try again', async () => {
    const answer = deferred<Reply<'login'>>();
    mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
      login: () => answer.promise,
    });
    await renderScreen(<LoginPage />, { language: 'fr' });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Nom d'utilisateur ou e-mail"), 'amina@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    const busy = await screen.findByRole('button', { name: 'Connexion en cours…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);

    answer.resolve({
      status: 401,
      body: anError('LOGIN_FAILED', 'Incorrect username or password.'),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Identifiants incorrects. Veuillez réessayer.',
    );
    const button = screen.getByRole('button', { name: 'Se connecter' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  });

  it('shows the English 401 fallback when the server sends no message', async () => {
    mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
      login: { status: 401 },
    });
    await renderScreen(<LoginPage />);
    await fillAndSubmit('amina@example.com', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Incorrect credentials. Please try again.',
    );
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('translates the rate-limit message and says when the network is down', async () => {
    let calls = 0;
    mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
      login: () => {
        calls += 1;
        if (calls === 2) throw new TypeError('Failed to fetch');
        return {
          status: 429,
          body: {
            code: 'RATE_LIMITED',
            message: 'Too many attempts. Please wait 12 min and try again.',
            params: { retryAfter: 700, minutes: 12 },
          },
        };
      },
    });
    await renderScreen(<LoginPage />, { language: 'fr' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Nom d'utilisateur ou e-mail"), 'amina@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret-secret');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Trop de tentatives. Veuillez patienter 12 min puis réessayer.',
    );
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Vous semblez hors ligne. Vérifiez votre connexion et réessayez.',
    );
  });

  it('requires both fields before calling the server', async () => {
    const api = mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
    });
    await renderScreen(<LoginPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    // Each error is read out with its field: the field points at it and is marked invalid.
    const username = screen.getByLabelText('Username or e-mail');
    await vi.waitFor(() =>
      expect(username).toHaveAccessibleDescription('Please enter your username or e-mail.'),
    );
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Please enter your password.',
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.mock.calls.map(([url]) => String(url))).toEqual(['/api/config']);
  });

  it('remembers the username when asked, prefills it next time, and forgets it when unticked', async () => {
    mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
      login: { body: { token: 'token-1' } },
      currentUser: { body: completeMember },
    });
    const first = await renderScreen(<LoginPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fillAndSubmit('amina@example.com', 'correct-password');
    await screen.findByRole('heading', { name: 'Screen /suggestions' });
    expect(localStorage.getItem('rememberedUser')).toBe('amina@example.com');
    // Ticked, the session outlives the browser session, as before.
    expect(localStorage.getItem('authToken')).toBe('token-1');
    expect(JSON.parse(localStorage.getItem('currentUser') ?? '{}').name).toBe('Amina');
    expect(sessionStorage.getItem('authToken')).toBeNull();
    first.unmount();

    await renderScreen(<LoginPage />);
    expect((screen.getByLabelText('Username or e-mail') as HTMLInputElement).value).toBe(
      'amina@example.com',
    );
    const remember = screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    await user.click(remember);
    await user.type(screen.getByLabelText('Password'), 'correct-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Screen /suggestions' });
    expect(localStorage.getItem('rememberedUser')).toBeNull();
    // Unticked, the session ends with the browser session: it lives in session storage only.
    expect(sessionStorage.getItem('authToken')).toBe('token-1');
    expect(JSON.parse(sessionStorage.getItem('currentUser') ?? '{}').name).toBe('Amina');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('sends a member with an incomplete profile to /mon-profil', async () => {
    mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
      login: { body: { token: 'token-2' } },
      currentUser: {
        body: aCurrentUser({
          ...completeMember,
          photos: [],
          mediaUrls: [],
          profileComplete: false,
        }),
      },
    });
    await renderScreen(<LoginPage />);
    await fillAndSubmit('amina@example.com', 'correct-password');
    await screen.findByRole('heading', { name: 'Screen /mon-profil' });
  });

  it('keeps the /fr prefix when it sends the member on', async () => {
    mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
      login: { body: { token: 'token-3' } },
      currentUser: { body: completeMember },
    });
    await renderScreen(<LoginPage />, { language: 'fr', route: '/fr' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Nom d'utilisateur ou e-mail"), 'amina@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'correct-password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await screen.findByRole('heading', { name: 'Screen /fr/suggestions' });
  });

  it('asks a member who just registered to sign in, with the e-mail filled in', async () => {
    mockEndpoints({ clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } } });
    await renderScreen(<LoginPage />, {
      route: { pathname: '/', state: { registered: true, username: 'new@example.com' } },
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Thank you for registering. Sign in with your e-mail address and password to continue.',
    );
    expect((screen.getByLabelText('Username or e-mail') as HTMLInputElement).value).toBe(
      'new@example.com',
    );
  });

  const suspension = {
    code: 'ACCOUNT_SUSPENDED',
    message: 'Your account is suspended until 2026-12-02T10:00:00.000Z.',
    params: { until: '2026-12-02T10:00:00.000Z', reason: 'Fake photos' },
  };

  it('says on a screen of its own that a suspension ended the session, until when and why', async () => {
    mockEndpoints({ clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } } });
    await renderScreen(<LoginPage />, {
      route: { pathname: '/', state: { accountClosed: suspension } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Your account is suspended' });
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(
      'Your account is suspended until December 2, 2026. Write to us if you think this is a mistake.',
    );
    expect(main).toHaveTextContent('Reason given by the moderators: Fake photos');
    expect(main.textContent).not.toContain('2026-12-02');
    expect(screen.queryByLabelText('Username or e-mail')).toBeNull();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Continue to the login page' }));
    expect(screen.getByLabelText('Username or e-mail')).toBeEnabled();
  });

  it('says it in French, and a ban too', async () => {
    mockEndpoints({ clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } } });
    await renderScreen(<LoginPage />, {
      language: 'fr',
      route: { pathname: '/fr', state: { accountClosed: suspension } },
    });
    expect(await screen.findByRole('main')).toHaveTextContent(
      "Votre compte est suspendu jusqu'au 2 décembre 2026. Écrivez-nous si vous pensez qu'il s'agit d'une erreur.Motif donné par la modération : Fake photos",
    );
    const banned = { code: 'ACCOUNT_BANNED', message: 'closed', params: { reason: 'Threats' } };
    await renderScreen(<LoginPage />, {
      language: 'fr',
      route: { pathname: '/fr', state: { accountClosed: banned } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Votre compte a été fermé' });
  });

  it('confirms a deleted account on a screen of its own, then shows the login', async () => {
    mockEndpoints({ clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } } });
    await renderScreen(<LoginPage />, {
      language: 'fr',
      route: { pathname: '/fr', state: { accountDeleted: true } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Votre compte a été supprimé' });
    expect(screen.getByRole('main')).toHaveTextContent('Merci d’avoir fait partie de Mawadda.');
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Continuer vers la connexion' }));
    screen.getByRole('heading', { name: 'Connexion' });
  });

  it('says a suspension at login with its date in words and the moderators’ reason', async () => {
    mockEndpoints({
      clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } },
      login: { status: 403, body: suspension },
    });
    await renderScreen(<LoginPage />);
    await fillAndSubmit('amina@example.com', 'correct-password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account is suspended until December 2, 2026. Write to us if you think this is a mistake. Reason given by the moderators: Fake photos',
    );
  });

  it('offers no Google button when the server has no Google client id', async () => {
    mockEndpoints({ clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } } });
    await renderScreen(<LoginPage />);
    screen.getByRole('heading', { level: 1, name: 'Welcome to Mawadda' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('or')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  /**
   * Google Identity Services, as its script sets it up. The app loads and initializes it once
   * per page (per client id), so its callback, kept here, serves every test's button.
   */
  let signInWithGoogle: ((response: { credential?: string }) => void) | undefined;
  async function googleButton() {
    window.google = {
      accounts: {
        id: {
          initialize: ({ callback }) => {
            signInWithGoogle = callback;
          },
          renderButton: () => {},
        },
      },
    };
    await screen.findByText('or');
    const script = document.querySelector<HTMLScriptElement>('script[src*="accounts.google.com"]');
    script?.onload?.(new Event('load'));
    await vi.waitFor(() => expect(signInWithGoogle).toBeTypeOf('function'));
    onTestFinished(() => {
      script?.remove();
      delete window.google;
    });
    return (credential: string) => signInWithGoogle?.({ credential });
  }

  it('signs in with Google for the browser session only when remember-me is unticked', async () => {
    const api = mockEndpoints({
      clientConfig: { body: { googleClientId: 'client-1', vapidPublicKey: 'BPub' } },
      googleLogin: { body: { token: 'token-google' } },
      currentUser: { body: completeMember },
    });
    await renderScreen(<LoginPage />);
    (await googleButton())('google-id-token');
    await screen.findByRole('heading', { name: 'Screen /suggestions' });
    expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/auth/google');
    expect(sessionStorage.getItem('authToken')).toBe('token-google');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  // ADR 076: whichever way a suspended member proves who they are, they read why and may appeal.
  const refusedWithPass = {
    status: 403,
    body: { ...suspension, params: { ...suspension.params, pass: 'the-pass' } },
  } as const;
  const restrictedSignIns = [
    {
      way: 'a password',
      refuse: { login: refusedWithPass },
      signIn: () => fillAndSubmit('amina@example.com', 'correct-password'),
    },
    {
      way: 'Google',
      refuse: { googleLogin: refusedWithPass },
      signIn: async () => (await googleButton())('google-id-token'),
    },
  ] as const;

  it.each(restrictedSignIns)(
    'takes a suspended member signing in with $way to their statement of reasons, with the pass',
    async ({ refuse, signIn }) => {
      mockEndpoints({
        clientConfig: { body: { googleClientId: 'client-1', vapidPublicKey: 'BPub' } },
        ...refuse,
      });
      await renderScreen(<LoginPage />);
      await signIn();
      await screen.findByRole('heading', { name: 'Screen /standing' });
      expect(sessionStorage.getItem('standingPass')).toBe('the-pass');
      expect(sessionStorage.getItem('authToken')).toBeNull();
    },
  );

  it('toggles the password visibility with a translated button', async () => {
    mockEndpoints({ clientConfig: { body: { googleClientId: null, vapidPublicKey: 'BPub' } } });
    await renderScreen(<LoginPage />, { language: 'fr' });
    const password = screen.getByLabelText('Mot de passe') as HTMLInputElement;
    expect(password.type).toBe('password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Masquer le mot de passe' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Afficher le mot de passe' })).toBeNull();
  });
});
