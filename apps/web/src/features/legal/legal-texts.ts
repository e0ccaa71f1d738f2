import { i18n } from '@/i18n/i18n.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** The long texts of /terms and /privacy: their own i18n namespace, in the legal pages' chunk. */
export const LEGAL_NAMESPACE = 'legal';

export type LegalDocument = 'terms' | 'privacy';
/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: string[] };
export type LegalSection = { id: string; title: string; blocks: LegalBlock[] };

/**
 * Adds both languages once (the visitor may switch language on the page), to the app's i18n
 * instance or the one given. Idempotent.
 */
export function addLegalTexts(
  instance: Pick<typeof i18n, 'hasResourceBundle' | 'addResourceBundle'> = i18n,
) {
  if (instance.hasResourceBundle('en', LEGAL_NAMESPACE)) return;
  instance.addResourceBundle('en', LEGAL_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', LEGAL_NAMESPACE, fr, true, true);
}

/**
 * French typography: a narrow no-break space before : ; ? ! » and after «, so a line never
 * starts with the punctuation.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/ ([:;?!»])/g, '\u202f$1').replace(/« /g, '«\u202f');
}

const EMAIL = /([a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})/i;

/** Splits a text around its e-mail addresses, so each can become a mailto link. */
export function splitEmails(text: string): { text: string; email: boolean; start: number }[] {
  let start = 0;
  return text
    .split(EMAIL)
    .filter((part) => part !== '')
    .map((part) => {
      const piece = { text: part, email: part.includes('@') && EMAIL.test(part), start };
      start += part.length;
      return piece;
    });
}
