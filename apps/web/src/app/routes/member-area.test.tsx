import { PRIVACY_VERSION } from '@mawadda/contract/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aCurrentUser } from '@/features/profile/test/fixtures.ts';
import { callApi } from '@/lib/api-client.ts';
import { session } from '@/lib/session.ts';
import { mockEndpoints } from '@/test/api.ts';
import { noDataExport } from '@/test/fixtures.ts';
import { createTestI18n, type TestLanguage } from '@/test/render.tsx';
import { Component as MemberArea } from './member-area.tsx';

/** The question loads as a chunk of its own, with the legal texts: slower than the rest here. */
const CHUNK_WAIT = 5000;

function logIn(consentRequired?: boolean) {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({
      id: 'me',
      name: 'Youssef',
      latitude: null,
      longitude: null,
      mediaUrls: [],
      ...(consentRequired === undefined ? {} : { consentRequired }),
    }),
  );
}

/** Login, and the address it was reached at. */
function LoginScreen() {
  return (
    <>
      <h1>Login screen</h1>
      <output aria-label="Address">{useLocation().pathname}</output>
    </>
  );
}

/** The member area as the router composes it: the gate, a member screen under it, and login. */
async function showMemberArea(language: TestLanguage = 'en') {
  const i18n = await createTestI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Awaited: the member area suspends until it is entered, and React resumes it within `act`.
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[language === 'fr' ? '/fr/suggestions' : '/suggestions']}>
            <Suspense fallback={<p>Loading</p>}>
              <Routes>
                <Route element={<MemberArea />}>
                  {['/suggestions', '/fr/suggestions'].map((path) => (
                    <Route key={path} path={path} element={<h1>Suggestions screen</h1>} />
                  ))}
                </Route>
                <Route path="/" element={<LoginScreen />} />
                <Route path="/fr" element={<LoginScreen />} />
              </Routes>
            </Suspense>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
}

describe('the member area', () => {
  it('sends a visitor to login, in the language of the address', async () => {
    await showMemberArea('fr');
    await screen.findByRole('heading', { name: 'Login screen' });
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/fr');
    expect(screen.queryByRole('heading', { name: 'Suggestions screen' })).toBeNull();
  });
});

describe('the consent asked before the member area', { timeout: 20_000 }, () => {
  it('shows the member screens to a member who consented', async () => {
    logIn(false);
    await showMemberArea();
    await screen.findByRole('heading', { name: 'Suggestions screen' });
  });

  it('asks a member without consent first, explains why, and sends the version they consent to', async () => {
    logIn(true);
    let sent: unknown;
    mockEndpoints({
      giveConsent: ({ body }) => {
        sent = body;
        return { body: aCurrentUser({ id: 'me', consentRequired: false }) };
      },
    });
    await showMemberArea();
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Your consent, before you continue' },
      { timeout: CHUNK_WAIT },
    );
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Suggestions screen' })).toBeNull();
    expect(screen.getByRole('main').textContent).toContain('being a member reveals your religion');
    expect(
      screen.getByRole('link', { name: `Read the privacy policy (version of ${PRIVACY_VERSION})` }),
    ).toHaveAttribute('href', '/privacy');

    await userEvent.click(
      screen.getByRole('button', {
        name: 'I consent to Mawadda processing data that reveals my religion',
      }),
    );
    await screen.findByRole('heading', { name: 'Suggestions screen' });
    expect(sent).toEqual({ version: PRIVACY_VERSION });
    expect(session.get()?.user?.consentRequired).toBe(false);
  });

  it('asks in French, and a refusal explains what follows and offers to log out', async () => {
    logIn(true);
    const api = mockEndpoints({
      logout: { body: { message: 'Logged out.' } },
      dataExport: { body: noDataExport },
    });
    await showMemberArea('fr');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Votre consentement, avant de continuer' },
      { timeout: CHUNK_WAIT },
    );
    expect(
      screen.getByRole('link', { name: /Lire la politique de confidentialité/ }),
    ).toHaveAttribute('href', '/fr/privacy');
    const refuse = screen.getByRole('button', { name: 'Je ne consens pas' });
    expect(refuse).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(refuse);
    expect(refuse).toHaveAttribute('aria-expanded', 'true');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Sans votre consentement' }),
    ).toHaveFocus();
    expect(screen.getByRole('main').textContent).toContain("votre profil n'est montré à personne");
    // Leaving stays possible without consenting: a copy of her data, or the account deleted.
    expect(
      await screen.findByRole('button', { name: 'Supprimer mon compte' }, { timeout: CHUNK_WAIT }),
    ).toBeEnabled();
    await screen.findByRole('region', { name: 'Télécharger mes données' });
    expect(api.mock.calls.some(([url]) => String(url).includes('/consent'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await screen.findByRole('heading', { name: 'Login screen' });
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/fr');
    expect(session.get()).toBeNull();
  });

  it('says why the consent could not be recorded, and keeps asking', async () => {
    logIn(true);
    mockEndpoints({
      giveConsent: {
        status: 400,
        body: { code: 'PRIVACY_VERSION_OUTDATED', message: 'The privacy policy has changed.' },
      },
    });
    await showMemberArea();
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'I consent to Mawadda processing data that reveals my religion' },
        { timeout: CHUNK_WAIT },
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The privacy policy has changed since this page was opened.',
    );
    expect(screen.queryByRole('heading', { name: 'Suggestions screen' })).toBeNull();
  });

  it('asks as soon as the server refuses a call for want of consent (a session from before)', async () => {
    logIn();
    mockEndpoints({
      likes: {
        status: 403,
        body: { code: 'CONSENT_REQUIRED', message: 'Please give your consent.' },
      },
    });
    await showMemberArea();
    await screen.findByRole('heading', { name: 'Suggestions screen' });
    await expect(callApi('likes')).rejects.toMatchObject({ status: 403 });
    await screen.findByRole(
      'heading',
      { name: 'Your consent, before you continue' },
      { timeout: CHUNK_WAIT },
    );
    // The session itself is kept: the member is asked, not logged out.
    expect(session.token()).toBe('token');
  });
});
