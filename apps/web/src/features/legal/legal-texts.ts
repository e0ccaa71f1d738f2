import { useFeatureTranslation } from '@/i18n/feature-texts.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    legal: typeof en;
  }
}

export type LegalDocument = 'terms' | 'privacy';
/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: string[] };
export type LegalSection = { id: string; title: string; blocks: LegalBlock[] };

/** The long texts of /terms and /privacy: their own namespace, in the legal pages' chunk. */
export function useLegalTranslation() {
  return useFeatureTranslation('legal', { en, fr });
}

/**
 * French typography: a narrow no-break space before : ; ? ! » and after «, so a line never
 * starts with the punctuation.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/ ([:;?!»])/g, '\u202f$1').replace(/« /g, '«\u202f');
}

const EMAIL = '[a-z0-9._%+-]+@[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.[a-z]{2,}';
/** The in-app pages a legal text names, which become links: where the member's rights are used. */
const APP_PATH = '(?<![\\w/])/mon-profil\\b';
const LINKED = new RegExp(`(${EMAIL}|${APP_PATH})`, 'i');

export type TextPart = { text: string; link: 'email' | 'path' | null; start: number };

/** Splits a text around its e-mail addresses and in-app paths, so each can become a link. */
export function splitLinks(text: string): TextPart[] {
  let start = 0;
  return text
    .split(LINKED)
    .filter((part) => part !== '')
    .map((part) => {
      const link = !LINKED.test(part) ? null : part.startsWith('/') ? 'path' : 'email';
      const piece = { text: part, link, start } satisfies TextPart;
      start += part.length;
      return piece;
    });
}
