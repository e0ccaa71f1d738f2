import { type GuardianRelation, titleCase } from '@mawadda/contract';
import { bilingualMail, type MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';

const RELATIONS: Record<MailLanguage, Record<GuardianRelation, string>> = {
  en: {
    father: 'father',
    brother: 'brother',
    uncle: 'uncle',
    mother: 'mother',
    imam: 'imam',
    friend: 'friend',
    other: 'guardian',
  },
  fr: {
    father: 'père',
    brother: 'frère',
    uncle: 'oncle',
    mother: 'mère',
    imam: 'imam',
    friend: 'ami ou amie',
    other: 'tuteur ou tutrice',
  },
};

/** The member's first name, as the guardian and the other member read it. */
export const firstName = (name: string) => titleCase(name).split(' ')[0] ?? '';

/**
 * The invitation a guardian receives (issue 22, ADR 045), in the language the member chose for
 * them first: who named them, what the link shows and that it is theirs alone. The link is the
 * key: it is in this mail and nowhere else.
 */
export function guardianInvitationMail(options: {
  to: string;
  guardianName: string;
  memberName: string;
  relation: GuardianRelation;
  language: MailLanguage;
  link: string;
}): MailMessage {
  const member = firstName(options.memberName);
  const link = { link: options.link };
  return bilingualMail({
    to: options.to,
    name: options.guardianName,
    language: options.language,
    texts: {
      en: {
        subject: `${member} invites you to follow their conversations on Mawadda`,
        paragraphs: (name) => [
          `Assalamu alaykum ${name},`,
          `${member} named you as their ${RELATIONS.en[options.relation]} on Mawadda, an app for Muslims seeking marriage. With this link you can read, without an account, the conversations ${member} chooses to share with you: messages, photos, voice notes and calls. You cannot write in them. The other person in each conversation is told that you follow it.`,
          link,
          `This link is yours alone: do not forward it. ${member} sees when you open it and can stop it at any time.`,
        ],
      },
      fr: {
        subject: `${member} vous invite à suivre ses conversations sur Mawadda`,
        paragraphs: (name) => [
          `Assalamu alaykum ${name},`,
          `${member} vous a désigné comme ${RELATIONS.fr[options.relation]} sur Mawadda, une application pour les musulmans qui cherchent à se marier. Ce lien vous permet de lire, sans compte, les conversations que ${member} choisit de partager avec vous : messages, photos, messages vocaux et appels. Vous ne pouvez pas y écrire. L’autre personne de chaque conversation est prévenue que vous la suivez.`,
          link,
          `Ce lien est à vous seul : ne le transférez pas. ${member} voit quand vous l’ouvrez et peut l’arrêter à tout moment.`,
        ],
      },
    },
  });
}
