import { PRIVACY_VERSION } from '@mawadda/contract/constants';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n.ts';
import { routerProbe } from '@/test/render.tsx';
import { LegalPage } from './legal-page.tsx';
import type { LegalDocument } from './legal-texts.ts';

beforeAll(() => {
  initI18n();
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function show(document: LegalDocument, path = `/${document}`, state?: unknown) {
  const router = routerProbe();
  render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      {router.element}
      <Routes>
        <Route path="*" element={<LegalPage document={document} />} />
      </Routes>
    </MemoryRouter>,
  );
  return router;
}

function logIn() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id: 'me', name: 'Youssef', latitude: null, longitude: null, mediaUrls: [] }),
  );
}

describe('the terms of use', () => {
  it('have one h1, a heading per section, the date, and a return link to /register', async () => {
    await i18n.changeLanguage('en');
    show('terms');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('Terms of use');
    const sections = within(main).getAllByRole('heading', { level: 2 });
    expect(sections).toHaveLength(12);
    expect(sections.map((h) => h.textContent)).toContain('4. Code of conduct');
    expect(main.textContent).toContain('Last updated: 22 November 2026');
    const back = within(main).getAllByRole('link', { name: 'Back to registration' });
    expect(back[0]?.getAttribute('href')).toBe('/register');
    expect(document.title).toBe('Terms of use · Mawadda');
  });

  it('say who may use Mawadda and what conduct is expected', async () => {
    await i18n.changeLanguage('en');
    show('terms');
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).toContain('at least 18 years old');
    expect(text).toContain('only one account');
    expect(text).toContain('if you are married, your profile says so');
    expect(text).toContain('No harassment');
    expect(text).toContain('Never ask for money');
  });

  it('credit GeoNames for the towns, as its licence asks, in both languages', async () => {
    await i18n.changeLanguage('en');
    show('terms');
    expect(screen.getByRole('main').textContent).toContain(
      'come from GeoNames (geonames.org), used under the Creative Commons Attribution 4.0 licence',
    );
    cleanup();
    await i18n.changeLanguage('fr');
    show('terms', '/fr/terms');
    expect(screen.getByRole('main').textContent).toContain(
      'viennent de GeoNames (geonames.org), utilisé sous la licence Creative Commons Attribution 4.0',
    );
  });

  it('read in French, with the links kept under /fr', async () => {
    await i18n.changeLanguage('fr');
    show('terms', '/fr/terms');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe(
      "Conditions d'utilisation",
    );
    expect(
      within(main)
        .getAllByRole('link', { name: "Retour à l'inscription" })[0]
        ?.getAttribute('href'),
    ).toBe('/fr/register');
    expect(document.title).toBe("Conditions d'utilisation · Mawadda");
  });
});

describe('the return link of a member', () => {
  afterEach(() => localStorage.clear());

  it('goes back where the member came from, not to the registration', async () => {
    await i18n.changeLanguage('en');
    logIn();
    show('terms', '/terms', { from: '/profile-views' });
    const main = screen.getByRole('main');
    expect(within(main).queryByRole('link', { name: 'Back to registration' })).toBeNull();
    for (const link of within(main).getAllByRole('link', { name: 'Back' })) {
      expect(link).toHaveAttribute('href', '/profile-views');
    }
  });

  it('passes the way back on to the other legal page', async () => {
    await i18n.changeLanguage('en');
    logIn();
    const router = show('terms', '/terms', { from: '/user-details/42?tab=photos' });
    within(screen.getByRole('main')).getByRole('link', { name: 'Read the privacy policy' }).click();
    await vi.waitFor(() => expect(router.location.pathname).toBe('/privacy'));
    expect(router.location.state).toEqual({ from: '/user-details/42?tab=photos' });
  });

  it('goes to the suggestions, in French under /fr, when the page was opened directly', async () => {
    await i18n.changeLanguage('fr');
    logIn();
    show('privacy', '/fr/privacy');
    const back = within(screen.getByRole('main')).getAllByRole('link', {
      name: 'Retour aux suggestions',
    });
    expect(back[0]).toHaveAttribute('href', '/fr/suggestions');
  });

  it('ignores a way back that leaves the app', async () => {
    await i18n.changeLanguage('en');
    logIn();
    show('terms', '/terms', { from: '//evil.example/phish' });
    expect(
      within(screen.getByRole('main')).getAllByRole('link', { name: 'Back to suggestions' })[0],
    ).toHaveAttribute('href', '/suggestions');
  });
});

describe('the privacy policy', () => {
  it('says what is kept, for how long and why, and where the rights are used', async () => {
    await i18n.changeLanguage('en');
    logIn();
    show('privacy', '/privacy', { from: '/suggestions' });
    const main = screen.getByRole('main');
    const section = (name: RegExp) =>
      within(main).getByRole('heading', { level: 2, name }).closest('section')?.textContent ?? '';
    expect(section(/What we keep/)).toContain('the date and version of this policy');
    expect(section(/Sensitive data/)).toContain('Article 9(2)(a)');
    expect(section(/Sensitive data/)).toContain('asked at their next login');
    const retention = section(/How long we keep it/);
    expect(retention).toContain('a session lasts 30 days at most');
    expect(retention).toContain('offered for 24 hours');
    expect(retention).toContain('valid for one hour');
    expect(retention).toContain('up to 10 years');
    expect(section(/Why we are allowed to/)).toContain('legitimate interest');
    const profileLinks = within(main).getAllByRole('link', { name: '/mon-profil' });
    expect(profileLinks).toHaveLength(4);
    expect(profileLinks[0]).toHaveAttribute('href', '/mon-profil');
  });

  it('reads in French, its version and its links to /fr/mon-profil included', async () => {
    await i18n.changeLanguage('fr');
    show('privacy', '/fr/privacy');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe(
      'Politique de confidentialité',
    );
    expect(main.textContent).toContain(`Version ${PRIVACY_VERSION}`);
    expect(main.textContent).toContain('consentement explicite');
    expect(main.textContent).toContain('proposées pendant 24 heures');
    expect(within(main).getAllByRole('link', { name: '/mon-profil' })[0]).toHaveAttribute(
      'href',
      '/fr/mon-profil',
    );
  });

  it('explains data, sensitive data, rights and deletion, with a mail link', async () => {
    await i18n.changeLanguage('en');
    show('privacy');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('Privacy policy');
    const text = main.textContent ?? '';
    expect(text).toContain('GPS position');
    expect(text).toContain('Other members never see it');
    expect(text).toContain('explicit consent');
    expect(text).toContain('portability');
    expect(text).toContain('Last updated: 25 November 2026');
    expect(text).toContain(`Version ${PRIVACY_VERSION}`);
    const mail = within(main).getAllByRole('link', { name: 'privacy@mawadda.app' });
    expect(mail[0]?.getAttribute('href')).toBe('mailto:privacy@mawadda.app');
    expect(
      within(main).getByRole('link', { name: 'Read the terms of use' }).getAttribute('href'),
    ).toBe('/terms');
  });
});
