import type { FastifyInstance } from 'fastify';
import {
  bilingualMail,
  type MailLanguage,
  type MailName,
  type MailTexts,
} from './bilingual-mail.ts';
import type { MailMessage } from './mailer.ts';

/** A mail's words in one language, and the sentence that leads to its unsubscribe link. */
export type UnsubscribableTexts = MailTexts & { unsubscribe: string };

/**
 * A mail its reader can stop at one click (RFC 8058): each language's text ends with its
 * `unsubscribe` sentence and the link, which the `List-Unsubscribe` headers also carry, so a mail
 * client can offer its own button that posts to it.
 */
export function unsubscribableMail(options: {
  to: string;
  name: MailName | undefined;
  language: MailLanguage;
  texts: Record<MailLanguage, UnsubscribableTexts>;
  unsubscribeUrl: string;
}): MailMessage {
  const link = { link: options.unsubscribeUrl };
  const texts = (language: MailLanguage): MailTexts => {
    const { subject, paragraphs, unsubscribe } = options.texts[language];
    return { subject, paragraphs: [...paragraphs, unsubscribe, link] };
  };
  const mail = bilingualMail({
    to: options.to,
    name: options.name,
    language: options.language,
    texts: { en: texts('en'), fr: texts('fr') },
  });
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${options.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * What a one-click unsubscribe route reads first: a mail client posts the form
 * `List-Unsubscribe=One-Click` (RFC 8058), of which nothing is needed, so its body is taken up to
 * a small limit and dropped. The link's token, in the query, says who unsubscribes.
 */
export function acceptOneClickForm(app: Pick<FastifyInstance, 'addContentTypeParser'>): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );
}
