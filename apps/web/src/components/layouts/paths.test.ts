import { describe, expect, it } from 'vitest';
import { languagePrefixOf, pathInLanguage, withLanguagePrefix } from './paths.ts';

describe('language prefixes', () => {
  it('reads the /en or /fr prefix of an address, and only a whole segment', () => {
    expect(languagePrefixOf('/fr/terms')).toBe('/fr');
    expect(languagePrefixOf('/en')).toBe('/en');
    expect(languagePrefixOf('/terms')).toBe('');
    expect(languagePrefixOf('/french-page')).toBe('');
  });

  it('keeps the prefix on links', () => {
    expect(withLanguagePrefix('/fr', '/chat')).toBe('/fr/chat');
    expect(withLanguagePrefix('/fr', '/')).toBe('/fr');
    expect(withLanguagePrefix('', '/chat')).toBe('/chat');
  });

  it('moves a page to another language', () => {
    expect(pathInLanguage('/terms', 'fr')).toBe('/fr/terms');
    expect(pathInLanguage('/en/user-details/42', 'fr')).toBe('/fr/user-details/42');
    expect(pathInLanguage('/fr/chat', 'en')).toBe('/en/chat');
    expect(pathInLanguage('/', 'fr')).toBe('/fr');
    expect(pathInLanguage('/fr', 'en')).toBe('/en');
  });
});
