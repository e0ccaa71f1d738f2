import { describe, expect, it } from 'vitest';
import { afterLoginRoute } from './after-login-route.ts';

const complete = {
  bio: 'Practising, kind, looking for marriage.',
  gender: 'femme',
  mediaUrls: ['/media/a.webp'],
} as const;

describe('afterLoginRoute', () => {
  it('sends a member with bio, gender and a photo to the suggestions', () => {
    expect(afterLoginRoute({ ...complete, mediaUrls: [...complete.mediaUrls] })).toBe(
      '/suggestions',
    );
  });

  it('sends a member without a bio to the profile, blank counting as missing', () => {
    expect(afterLoginRoute({ ...complete, mediaUrls: ['/m.webp'], bio: null })).toBe('/mon-profil');
    expect(afterLoginRoute({ ...complete, mediaUrls: ['/m.webp'], bio: '   ' })).toBe(
      '/mon-profil',
    );
  });

  it('sends a member without a gender to the profile', () => {
    expect(afterLoginRoute({ ...complete, mediaUrls: ['/m.webp'], gender: null })).toBe(
      '/mon-profil',
    );
  });

  it('sends a member without photos to the profile', () => {
    expect(afterLoginRoute({ ...complete, mediaUrls: [] })).toBe('/mon-profil');
    expect(afterLoginRoute({ bio: complete.bio, gender: 'homme' })).toBe('/mon-profil');
  });
});
