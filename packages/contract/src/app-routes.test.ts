import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from './app-routes.ts';

describe('the app routes the server and the service worker answer with index.html', () => {
  it('are the screens, under either language prefix or none, with any query', () => {
    for (const path of [
      '/',
      '/fr',
      '/en/',
      '/fr/chat',
      '/en/suggestions',
      '/user-details/6f1c2b1e-0000-4000-8000-000000000000',
      '/fr/reset-password/abc123',
      '/fr/guardian/abc123',
      '/fr/chat?checkout=done',
      '/mon-profil/',
      '/fr/moderation',
      '/en/moderation/transparency?from=2026-11-01&to=2026-11-30',
    ]) {
      expect(APP_ROUTES.test(path), path).toBe(true);
    }
  });

  it('are nothing else: the API, media, unknown screens and doubled prefixes stay 404', () => {
    for (const path of [
      '/api/users/me',
      '/media/photos/x.webp',
      '/de/chat',
      '/fr/fr',
      '/chat/extra',
      '/user-details/',
      '/guardian/',
      '/moderation/other',
      '/sw.js',
      '/index.html',
    ]) {
      expect(APP_ROUTES.test(path), path).toBe(false);
    }
  });
});
