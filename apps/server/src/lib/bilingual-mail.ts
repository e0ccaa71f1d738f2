import type { MailMessage } from './mailer.ts';

export type MailLanguage = 'en' | 'fr';
/** A paragraph of text, or a link shown as its own address. */
export type MailParagraph = string | { link: string };
/** A mail's words in one language; the greeting comes first, written by `bilingualMail`. */
export type MailTexts = {
  subject: string;
  paragraphs: MailParagraph[];
};

declare const printable: unique symbol;
/**
 * A name a member typed that a mail may print: only `mailName` and `mailFirstName`
 * (core/mail-names.ts) make one, once the scam shield's rules found no link or number in it.
 */
export type MailName = string & { readonly [printable]: true };

/** Text made safe to put in HTML, attribute values included. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const greeting = (language: MailLanguage, name: MailName | undefined) =>
  name ? `Assalamu alaykum ${name},` : language === 'fr' ? 'Bonjour,' : 'Hello,';

/**
 * Every mail of Mawadda: in the member's language first and the other one below it (a shared
 * mailbox or a wrong guess of the language still reads), plain text and HTML, greeting the
 * reader by name when there is one a mail may print.
 */
export function bilingualMail(options: {
  to: string;
  name: MailName | undefined;
  language: MailLanguage;
  texts: Record<MailLanguage, MailTexts>;
}): MailMessage {
  const order: MailLanguage[] = options.language === 'fr' ? ['fr', 'en'] : ['en', 'fr'];
  const blocks = order.map((language) => [
    greeting(language, options.name),
    ...options.texts[language].paragraphs,
  ]);
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

/**
 * The language of a request's `Accept-Language`, for mails sent from it and the words answered
 * to it (a member's place, its country in the reader's language).
 */
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
