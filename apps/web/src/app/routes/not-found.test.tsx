import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n.ts';
import { Component as NotFound } from './not-found.tsx';

beforeAll(() => {
  initI18n();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function show(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <NotFound />
    </MemoryRouter>,
  );
}

describe('the not-found page', () => {
  it('says the page is missing and leads a visitor home', async () => {
    await i18n.changeLanguage('en');
    show('/nowhere');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Page not found · Mawadda');
  });

  it('leads a member back to their suggestions, in French under /fr', async () => {
    localStorage.setItem('authToken', 'token');
    await i18n.changeLanguage('fr');
    show('/fr/nulle-part');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page introuvable');
    expect(
      screen.getByRole('link', { name: /Retour à mes suggestions/ }).getAttribute('href'),
    ).toBe('/fr/suggestions');
    await i18n.changeLanguage('en');
  });
});
