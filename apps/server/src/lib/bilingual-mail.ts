import { titleCase } from '@mawadda/contract';
import type { MailMessage } from './mailer.ts';

export type MailLanguage = 'en' | 'fr';
/** A paragraph of text, or a link shown as its own address. */
export type MailParagraph = string | { link: string };
export type MailTexts = {
  subject: string;
  paragraphs: (name: string) => MailParagraph[];
};

/** Text made safe to put in HTML, attribute values included. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Every mail of Mawadda: in the member's language first and the other one below it (a shared
 * mailbox or a wrong guess of the language still reads), plain text and HTML, the name
 * title-cased as a person would write it.
 */
export function bilingualMail(options: {
  to: string;
  name: string;
  language: MailLanguage;
  texts: Record<MailLanguage, MailTexts>;
}): MailMessage {
  const order: MailLanguage[] = options.language === 'fr' ? ['fr', 'en'] : ['en', 'fr'];
  const name = titleCase(options.name);
  const blocks = order.map((language) => options.texts[language].paragraphs(name));
  const text = blocks
    .map((paragraphs) => paragraphs.map((p) => (typeof p === 'string' ? p : p.link)).join('\n\n'))
    .join('\n\n---\n\n');
  const html = blocks
    .map((paragraphs) =>
      paragraphs
        .map((p) =>
          typeof p === 'string'
            ? `<p>${escapeHtml(p)}</p>`
            : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>`,
        )
        .join(''),
    )
    .join('<hr>');
  return { to: options.to, subject: options.texts[order[0] ?? 'en'].subject, text, html };
}

/** The language of a request's `Accept-Language`, for mails sent from it. */
export function mailLanguage(acceptLanguage: string | undefined): MailLanguage {
  return /^fr\b/i.test(acceptLanguage ?? '') ? 'fr' : 'en';
}

/**
 * The language a request names first, when it is one Mawadda writes in: what is recorded as the
 * member's language (another first choice records nothing, rather than a guess).
 */
export function requestLanguage(acceptLanguage: string | undefined): MailLanguage | undefined {
  const first = /^\s*([a-z]{2})\b/i.exec(acceptLanguage ?? '')?.[1]?.toLowerCase();
  return first === 'fr' || first === 'en' ? first : undefined;
}
