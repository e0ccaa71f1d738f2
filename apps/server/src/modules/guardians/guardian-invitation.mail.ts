import { type GuardianRelation, titleCase } from '@mawadda/contract';
import { mailFirstName, mailName } from '../../core/mail-names.ts';
import { bilingualMail, type MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailShare } from '../../lib/mail-cap.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * Its share of the mails one address may receive (`MAILS_TO_ONE_ADDRESS`), whoever names the
 * address: a guardian needs one invitation, a slip of the member's (the wrong language, a name
 * mistyped) one more; a member adding and removing the same guardian in a loop is refused.
 */
export const GUARDIAN_INVITATION_MAILS = {
  name: 'guardian-invitation',
  perHour: 2,
  perDay: 3,
} satisfies MailShare;

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
 * The invitation a guardian receives (ADR 045), in the language the member chose for
 * them first: who named them, what the link shows and that it is theirs alone. The link is the
 * key: it is in this mail and nowhere else. Neither name is printed when it reads as a link or a
 * phone number (core/mail-names.ts).
 */
export function guardianInvitationMail(options: {
  to: string;
  guardianName: string;
  memberName: string;
  relation: GuardianRelation;
  language: MailLanguage;
  link: string;
}): MailMessage {
  const member = mailFirstName(options.memberName);
  // A name the mail may not print: the member is "a member" first, then "this member".
  const en = member
    ? { a: member, the: member, The: member }
    : { a: 'A member', the: 'this member', The: 'This member' };
  const fr = member
    ? { a: member, the: member, The: member }
    : { a: 'Un membre', the: 'ce membre', The: 'Ce membre' };
  const link = { link: options.link };
  return bilingualMail({
    to: options.to,
    name: mailName(options.guardianName),
    language: options.language,
    texts: {
      en: {
        subject: `${en.a} invites you to follow their conversations on Mawadda`,
        paragraphs: [
          `${en.a} named you as their ${RELATIONS.en[options.relation]} on Mawadda, an app for Muslims seeking marriage. With this link you can read, without an account, the conversations ${en.the} chooses to share with you: messages, photos, voice notes and calls. You cannot write in them. The other person in each conversation is told that you follow it.`,
          link,
          `This link is yours alone: do not forward it. ${en.The} sees when you open it and can stop it at any time.`,
        ],
      },
      fr: {
        subject: `${fr.a} vous invite à suivre ses conversations sur Mawadda`,
        paragraphs: [
          `${fr.a} vous a désigné comme ${RELATIONS.fr[options.relation]} sur Mawadda, une application pour les musulmans qui cherchent à se marier. Ce lien vous permet de lire, sans compte, les conversations que ${fr.the} choisit de partager avec vous : messages, photos, messages vocaux et appels. Vous ne pouvez pas y écrire. L’autre personne de chaque conversation est prévenue que vous la suivez.`,
          link,
          `Ce lien est à vous seul : ne le transférez pas. ${fr.The} voit quand vous l’ouvrez et peut l’arrêter à tout moment.`,
        ],
      },
    },
  });
}
