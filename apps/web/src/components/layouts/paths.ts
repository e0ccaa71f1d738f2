import { useCallback } from 'react';
import { useLocation } from 'react-router';

/** The same screens live under /fr and /en, where the path chooses the language (docs/spec.md §1). */
const LANGUAGE_PREFIX = /^\/(en|fr)(?=\/|$)/;

export type LanguagePrefix = '' | '/en' | '/fr';

export function languagePrefixOf(pathname: string): LanguagePrefix {
  const match = LANGUAGE_PREFIX.exec(pathname);
  return match ? (`/${match[1]}` as LanguagePrefix) : '';
}

/** `/chat` under `/fr` is `/fr/chat`; home under `/fr` is `/fr`. */
export function withLanguagePrefix(prefix: LanguagePrefix, path: string): string {
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/**
 * The same page in another language: `/terms` → `/fr/terms`, `/en/chat` → `/fr/chat`, `/` → `/fr`.
 * Nothing may be stored (docs/spec.md §1), so the address carries the choice: a reload keeps it.
 */
export function pathInLanguage(pathname: string, language: 'en' | 'fr'): string {
  const rest = pathname.replace(LANGUAGE_PREFIX, '');
  return `/${language}${rest === '/' ? '' : rest}`;
}

/** Links keep the visitor's /fr or /en prefix, so the language and `aria-current` both hold. */
export function useLocalizedPath(): (path: string) => string {
  const { pathname } = useLocation();
  const prefix = languagePrefixOf(pathname);
  return useCallback((path: string) => withLanguagePrefix(prefix, path), [prefix]);
}
