import { AUTH_ERROR_TEXTS } from '@mawadda/contract/auth-error-codes';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/render.tsx';
import { translateError } from './translate-error.ts';

describe('translateError', () => {
  it('says a coded refusal in the member’s language, its numbers filled in', async () => {
    const fr = await createTestI18n('fr');
    expect(translateError(fr.t, { code: 'RATE_LIMITED', params: { minutes: 7 } })).toBe(
      'Trop de tentatives. Veuillez patienter 7 min puis réessayer.',
    );
    // A form rule's code alone: its numbers come from the contract's constants.
    expect(translateError(fr.t, 'NAME_TOO_LONG')).toBe(
      'Le nom doit contenir au plus 80 caractères',
    );
    const en = await createTestI18n('en');
    expect(
      translateError(en.t, { code: 'PHOTO_UNREADABLE', params: { index: 2, name: 'cv.pdf' } }),
    ).toBe(
      'Photo 2 (cv.pdf) is not an image we can read. Please choose a JPEG, PNG, WebP or AVIF photo.',
    );
  });

  it('writes a refusal’s date in the member’s language (a suspension until when)', async () => {
    const refusal = { code: 'ACCOUNT_SUSPENDED', params: { until: '2026-12-02T10:00:00.000Z' } };
    expect(translateError((await createTestI18n('fr')).t, refusal)).toBe(
      "Votre compte est suspendu jusqu'au 2 décembre 2026. Écrivez-nous si vous pensez qu'il s'agit d'une erreur.",
    );
    expect(translateError((await createTestI18n('en')).t, refusal)).toBe(
      'Your account is suspended until December 2, 2026. Write to us if you think this is a mistake.',
    );
  });

  it('knows nothing of a code this build has never heard of', async () => {
    const fr = await createTestI18n('fr');
    expect(translateError(fr.t, { code: 'SOMETHING_NEW' })).toBeUndefined();
    expect(translateError(fr.t, undefined)).toBeUndefined();
  });

  it('while the catalogue loads, says the visitor’s refusals in English and leaves the rest to the screen', async () => {
    // The refusals the first route bundles (i18n.ts), before the catalogue's chunk arrives.
    const loading = i18next.createInstance();
    await loading.init({
      resources: { en: { errors: AUTH_ERROR_TEXTS } },
      lng: 'fr',
      fallbackLng: 'en',
    });
    expect(translateError(loading.t, { code: 'RATE_LIMITED', params: { minutes: 3 } })).toBe(
      'Too many attempts. Please wait 3 min and try again.',
    );
    expect(translateError(loading.t, 'PASSWORD_TOO_SHORT')).toBe(
      'Password must be at least 8 characters',
    );
    expect(translateError(loading.t, 'SUBSCRIPTION_REQUIRED')).toBeUndefined();
  });
});
