import { FALLBACK_LANGUAGE, LANGUAGES } from '@mawadda/contract/constants';
import type { LanguageDetectorModule } from 'i18next';
import type { Language } from './first-route-texts.ts';

/** A subdomain that names a language (`fr.example.org`, `en.localhost`), not `www` or `staging`. */
const LANGUAGE_SUBDOMAIN =
  /^(\w{2,5}(?:-(?:[a-z]{4}|[a-z]{2}|\d{3}))*)\.(([a-z0-9-]{1,63}\.[a-z]{2,6})|localhost)/i;

/**
 * docs/spec.md §1: the candidates, first to last: the path's first segment (/fr/...), the
 * subdomain (fr.example), the html lang attribute, then the browser's languages. Nothing is
 * remembered. i18next keeps the first one it supports (`fr-FR` counts as `fr`), else English.
 * Our own rather than i18next-browser-languagedetector: we use four of its nine lookups, and the
 * first route would carry them all.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: candidates,
};

function candidates(): string[] {
  return [
    /^\/([a-zA-Z][a-zA-Z0-9-]*)/.exec(window.location.pathname)?.[1],
    LANGUAGE_SUBDOMAIN.exec(window.location.hostname)?.[1],
    document.documentElement.getAttribute('lang'),
    ...navigator.languages,
    navigator.language,
  ].filter((code): code is string => Boolean(code));
}

/**
 * The language i18next will choose from the same candidates (i18n.ts: the first whose language
 * part it supports, else English), known before i18next has loaded: the entry asks for its texts
 * at once (early-start.ts).
 */
export function likelyLanguage(): Language {
  const supported: readonly string[] = LANGUAGES;
  const found = candidates()
    .map((code) => code.toLowerCase().split(/[-_]/)[0] ?? '')
    .find((code) => supported.includes(code));
  return (found ?? FALLBACK_LANGUAGE) as Language;
}
