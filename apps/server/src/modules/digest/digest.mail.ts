import { mailFirstName, mailName } from '../../core/mail-names.ts';
import type { MailLanguage, MailName } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { unsubscribableMail } from '../../lib/one-click-unsubscribe.ts';

/** What a digest tells: counts and first names, never a message's text (a mailbox is shared). */
export type DigestNews = {
  messages: number;
  senders: string[];
  /** Message requests waiting for an answer (ADR 068): told apart, without names. */
  requests: number;
  matches: number;
  matchNames: string[];
  likerNames: string[];
};

/**
 * "Amina", "Amina and Fatou", "Amina, Fatou and Mariam", "Amina, Fatou and 2 others". A name the
 * mail may not print (none) is one of the others: "Amina and 1 other", "a member", "2 members".
 */
function people(names: readonly (MailName | undefined)[], language: MailLanguage): string {
  const fr = language === 'fr';
  const printed = names
    .filter((name) => name !== undefined)
    .slice(0, names.length > 3 ? 2 : names.length);
  const rest = names.length - printed.length;
  if (printed.length === 0 && rest > 0) {
    return rest === 1 ? (fr ? 'un membre' : 'a member') : `${rest} ${fr ? 'membres' : 'members'}`;
  }
  const others =
    rest === 1
      ? fr
        ? '1 autre personne'
        : '1 other'
      : `${rest} ${fr ? 'autres personnes' : 'others'}`;
  const listed = rest > 0 ? [...printed, others] : printed;
  const last = listed.pop() ?? '';
  return listed.length > 0 ? `${listed.join(', ')} ${fr ? 'et' : 'and'} ${last}` : last;
}

/** A sentence that starts with people: "A member sent you…". */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Messages, requests or matches: something to answer in the chat. */
export const hasConversationNews = (news: DigestNews) =>
  news.messages > 0 || news.requests > 0 || news.matches > 0;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The e-mail digest (ADR 038): who wrote, who matched and who liked, counted, with a link to
 * the app and the one-click unsubscribe link (also in the `List-Unsubscribe` headers, RFC 8058).
 */
export function digestMail(options: {
  to: string;
  name: string;
  language: MailLanguage;
  news: DigestNews;
  appUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const { news } = options;
  const senders = news.senders.map(mailFirstName);
  const matches = news.matchNames.map(mailFirstName);
  const likers = news.likerNames.map(mailFirstName);
  // Likes alone are no conversation yet: the mail says so, and the link opens the suggestions.
  const conversations = hasConversationNews(news);
  const app = { link: options.appUrl };
  return unsubscribableMail({
    to: options.to,
    name: mailName(options.name),
    language: options.language,
    unsubscribeUrl: options.unsubscribeUrl,
    texts: {
      en: {
        subject: conversations
          ? 'News from your conversations on Mawadda'
          : 'Someone is interested in you on Mawadda',
        paragraphs: [
          ...(news.messages > 0
            ? [
                `${sentence(people(senders, 'en'))} sent you ${plural(news.messages, 'message', 'messages')}.`,
              ]
            : []),
          ...(news.requests > 0
            ? [
                `${news.requests === 1 ? 'A message request is' : `${news.requests} message requests are`} waiting for your answer.`,
              ]
            : []),
          ...(news.matches > 0
            ? [
                `You have ${news.matches === 1 ? 'a new match' : `${news.matches} new matches`}: ${people(matches, 'en')}.`,
              ]
            : []),
          ...(likers.length > 0 ? [`${sentence(people(likers, 'en'))} liked your profile.`] : []),
          conversations
            ? 'Open Mawadda to read and answer:'
            : `Open Mawadda to see ${likers.length === 1 ? 'their profile' : 'their profiles'}:`,
          app,
        ],
        unsubscribe:
          'You receive this summary, at most once a day, because notifications are not turned on for Mawadda on any of your devices. To stop these e-mails:',
      },
      fr: {
        subject: conversations
          ? 'Du nouveau dans vos conversations sur Mawadda'
          : 'Quelqu’un s’intéresse à vous sur Mawadda',
        paragraphs: [
          ...(news.messages > 0
            ? [
                `${sentence(people(senders, 'fr'))} ${senders.length === 1 ? 'vous a envoyé' : 'vous ont envoyé'} ${plural(news.messages, 'message', 'messages')}.`,
              ]
            : []),
          ...(news.requests > 0
            ? [
                `${news.requests === 1 ? 'Une demande de message attend' : `${news.requests} demandes de message attendent`} votre réponse.`,
              ]
            : []),
          ...(news.matches > 0
            ? [
                `Vous avez ${news.matches === 1 ? 'un nouveau match' : `${news.matches} nouveaux matchs`} : ${people(matches, 'fr')}.`,
              ]
            : []),
          ...(likers.length > 0
            ? [
                `${sentence(people(likers, 'fr'))} ${likers.length === 1 ? 'a aimé' : 'ont aimé'} votre profil.`,
              ]
            : []),
          conversations
            ? 'Ouvrez Mawadda pour lire et répondre :'
            : `Ouvrez Mawadda pour voir ${likers.length === 1 ? 'son profil' : 'leurs profils'} :`,
          app,
        ],
        unsubscribe:
          'Vous recevez ce résumé, au plus une fois par jour, car les notifications de Mawadda ne sont activées sur aucun de vos appareils. Pour ne plus recevoir ces e-mails :',
      },
    },
  });
}
