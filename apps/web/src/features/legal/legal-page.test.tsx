import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n/i18n.ts';
import { LegalPage } from './legal-page.tsx';
import type { LegalDocument } from './legal-texts.ts';

beforeAll(() => {
  initI18n();
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function show(document: LegalDocument, path = `/${document}`) {
  const router = createMemoryRouter([{ path: '*', element: <LegalPage document={document} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

describe('the terms of use', () => {
  it('have one h1, a heading per section, the date, and a return link to /register', async () => {
    await i18n.changeLanguage('en');
    show('terms');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('Terms of use');
    const sections = within(main).getAllByRole('heading', { level: 2 });
    expect(sections.length).toBeGreaterThanOrEqual(10);
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

describe('the privacy policy', () => {
  it('explains data, sensitive data, rights and deletion, with a mail link', async () => {
    await i18n.changeLanguage('en');
    show('privacy');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('Privacy policy');
    const text = main.textContent ?? '';
    expect(text).toContain('GPS position');
    expect(text).toContain('never see your exact position');
    expect(text).toContain('explicit consent');
    expect(text).toContain('portability');
    expect(text).toContain('within 30 days');
    const mail = within(main).getAllByRole('link', { name: 'privacy@mawadda.app' });
    expect(mail[0]?.getAttribute('href')).toBe('mailto:privacy@mawadda.app');
    expect(
      within(main).getByRole('link', { name: 'Read the terms of use' }).getAttribute('href'),
    ).toBe('/terms');
  });
});
