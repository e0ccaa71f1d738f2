import { bilingualMail, type MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { firstName } from './guardian-invitation.mail.ts';

/** Per followed conversation: the other member's name and how many new messages. */
export type GuardianNews = Array<{ name: string; count: number }>;

/** "1 message", "3 messages": the same words in French and English. */
const count = (n: number) => `${n} message${n === 1 ? '' : 's'}`;

/**
 * A guardian's digest (issue 22, ADR 045): counts and first names, never a message's text (a
 * mailbox may be shared), a fresh link to the page and the one-click unsubscribe (also in the
 * `List-Unsubscribe` headers, RFC 8058).
 */
export function guardianDigestMail(options: {
  to: string;
  guardianName: string;
  memberName: string;
  language: MailLanguage;
  weekly: boolean;
  news: GuardianNews;
  pageUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const member = firstName(options.memberName);
  const lines = (language: MailLanguage) =>
    options.news.map((n) =>
      language === 'fr'
        ? `${firstName(n.name)} : ${count(n.count)}`
        : `${firstName(n.name)}: ${count(n.count)}`,
    );
  const page = { link: options.pageUrl };
  const unsubscribe = { link: options.unsubscribeUrl };
  const mail = bilingualMail({
    to: options.to,
    name: options.guardianName,
    language: options.language,
    texts: {
      en: {
        subject: `New messages in ${member}’s conversations on Mawadda`,
        paragraphs: (name) => [
          `Assalamu alaykum ${name},`,
          `New since your last summary, in the conversations ${member} shares with you:`,
          ...lines('en'),
          'Read them on your page (this link works for a few days; the one of your invitation still works too):',
          page,
          `You receive this summary ${options.weekly ? 'once a week' : 'once a day'} when there is something new. You can change this on your page, or stop these e-mails here:`,
          unsubscribe,
        ],
      },
      fr: {
        subject: `Nouveaux messages dans les conversations de ${member} sur Mawadda`,
        paragraphs: (name) => [
          `Assalamu alaykum ${name},`,
          `Du nouveau depuis votre dernier résumé, dans les conversations que ${member} partage avec vous :`,
          ...lines('fr'),
          'Lisez-les sur votre page (ce lien fonctionne quelques jours ; celui de votre invitation fonctionne toujours) :',
          page,
          `Vous recevez ce résumé ${options.weekly ? 'une fois par semaine' : 'une fois par jour'} quand il y a du nouveau. Vous pouvez changer cela sur votre page, ou ne plus recevoir ces e-mails ici :`,
          unsubscribe,
        ],
      },
    },
  });
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${options.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
