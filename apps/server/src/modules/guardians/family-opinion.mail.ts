import { mailFirstName, mailName } from '../../core/mail-names.ts';
import { bilingualMail, type MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * The mail asking a guardian's opinion on a match (ADR 078), in the guardian's language: whose
 * profile, how long the link works, that the answer is the member's alone. The link is the key:
 * it is in this mail and nowhere else. A name that reads as a link or a number is not printed.
 */
export function familyOpinionMail(options: {
  to: string;
  guardianName: string;
  memberName: string;
  otherName: string;
  language: MailLanguage;
  days: number;
  link: string;
}): MailMessage {
  const member = mailFirstName(options.memberName);
  const other = mailFirstName(options.otherName);
  const en = { a: member ?? 'A member', other: other ?? 'a member' };
  const fr = { a: member ?? 'Un membre', other: other ?? 'un membre' };
  const link = { link: options.link };
  return bilingualMail({
    to: options.to,
    name: mailName(options.guardianName),
    language: options.language,
    texts: {
      en: {
        subject: `${en.a} asks your opinion on ${en.other}`,
        paragraphs: [
          `${en.a} matched with ${en.other} on Mawadda and would like your opinion. This link shows ${en.other}’s profile as ${en.a} sees it; you can answer “favourable”, “I have questions” or “not favourable”, with a note if you wish. Only ${en.a} reads your answer.`,
          link,
          `The link works for ${options.days} days and only for this profile. Do not forward it.`,
        ],
      },
      fr: {
        subject: `${fr.a} vous demande votre avis sur ${fr.other}`,
        paragraphs: [
          `${fr.a} a un match avec ${fr.other} sur Mawadda et aimerait votre avis. Ce lien montre le profil de ${fr.other} tel que ${fr.a} le voit ; vous pouvez répondre « favorable », « j’ai des questions » ou « pas favorable », avec une note si vous le souhaitez. Seul(e) ${fr.a} lit votre réponse.`,
          link,
          `Le lien fonctionne ${options.days} jours, pour ce profil seulement. Ne le transférez pas.`,
        ],
      },
    },
  });
}
