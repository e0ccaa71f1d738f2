import { mailFirstName, mailName } from '../../core/mail-names.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { unsubscribableMail } from '../../lib/one-click-unsubscribe.ts';

/** Per followed conversation: the other member's name and how many new messages. */
export type GuardianNews = Array<{ name: string; count: number }>;

/** "1 message", "3 messages": the same words in French and English. */
const count = (n: number) => `${n} message${n === 1 ? '' : 's'}`;

/**
 * A guardian's digest (ADR 045): counts and first names, never a message's text (a
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
  const member = mailFirstName(options.memberName);
  // A name the mail may not print: the conversations are the guardian's, the other is "a member".
  const lines = (language: MailLanguage) =>
    options.news.map((n) => {
      const name = mailFirstName(n.name);
      return language === 'fr'
        ? `${name ?? 'Un membre'} : ${count(n.count)}`
        : `${name ?? 'A member'}: ${count(n.count)}`;
    });
  const page = { link: options.pageUrl };
  return unsubscribableMail({
    to: options.to,
    name: mailName(options.guardianName),
    language: options.language,
    unsubscribeUrl: options.unsubscribeUrl,
    texts: {
      en: {
        subject: member
          ? `New messages in ${member}’s conversations on Mawadda`
          : 'New messages in the conversations you follow on Mawadda',
        paragraphs: [
          `New since your last summary, in the conversations ${member ? `${member} shares` : 'shared'} with you:`,
          ...lines('en'),
          'Read them on your page (this link works for a few days; the one of your invitation still works too):',
          page,
        ],
        unsubscribe: `You receive this summary ${options.weekly ? 'once a week' : 'once a day'} when there is something new. You can change this on your page, or stop these e-mails here:`,
      },
      fr: {
        subject: member
          ? `Nouveaux messages dans les conversations de ${member} sur Mawadda`
          : 'Nouveaux messages dans les conversations que vous suivez sur Mawadda',
        paragraphs: [
          `Du nouveau depuis votre dernier résumé, dans les conversations ${member ? `que ${member} partage` : 'partagées'} avec vous :`,
          ...lines('fr'),
          'Lisez-les sur votre page (ce lien fonctionne quelques jours ; celui de votre invitation fonctionne toujours) :',
          page,
        ],
        unsubscribe: `Vous recevez ce résumé ${options.weekly ? 'une fois par semaine' : 'une fois par jour'} quand il y a du nouveau. Vous pouvez changer cela sur votre page, ou ne plus recevoir ces e-mails ici :`,
      },
    },
  });
}
