import type { VerificationRefusal } from '@mawadda/contract';
import { mailName } from '../../core/mail-names.ts';
import { bilingualMail, type MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';

const REASONS: Record<VerificationRefusal, { en: string; fr: string }> = {
  'pose-wrong': {
    en: 'The pose in your selfie was not the one asked.',
    fr: 'La pose de votre selfie n’était pas celle demandée.',
  },
  'face-not-visible': {
    en: 'Your face was not clearly visible.',
    fr: 'Votre visage n’était pas bien visible.',
  },
  'not-same-person': {
    en: 'The selfie does not look like the person in your profile photos.',
    fr: 'Le selfie ne ressemble pas à la personne de vos photos de profil.',
  },
  'photo-of-photo': {
    en: 'It was a photo of a photo or of a screen.',
    fr: 'C’était la photo d’une photo ou d’un écran.',
  },
};

/**
 * A moderator's decision on the member's verification selfie (ADR 044), so a member who is not
 * in the app learns it: the badge, or why not and from when they may try again.
 */
export function verificationMail(options: {
  to: string;
  name: string;
  language: MailLanguage;
  decision: { approved: true } | { approved: false; reason: VerificationRefusal; retryAt: Date };
}): MailMessage {
  const { decision } = options;
  const day = (language: MailLanguage) =>
    decision.approved
      ? ''
      : new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone: 'UTC',
        }).format(decision.retryAt);
  return bilingualMail({
    to: options.to,
    name: mailName(options.name),
    language: options.language,
    texts: {
      en: decision.approved
        ? {
            subject: 'You are verified on Mawadda',
            paragraphs: [
              'A moderator matched your selfie with your profile photos: the verified badge now shows on your profile.',
            ],
          }
        : {
            subject: 'Your Mawadda verification selfie was not accepted',
            paragraphs: [
              REASONS[decision.reason].en,
              `You may send a new selfie from your profile from ${day('en')} (UTC).`,
              'If you think this decision is wrong, you may contest it for free within six months: sign in to Mawadda and open “Decisions about your account”. Another moderator will answer you.',
            ],
          },
      fr: decision.approved
        ? {
            subject: 'Vous êtes vérifié(e) sur Mawadda',
            paragraphs: [
              'Un modérateur a comparé votre selfie avec vos photos de profil : le badge « vérifié » s’affiche désormais sur votre profil.',
            ],
          }
        : {
            subject: 'Votre selfie de vérification Mawadda n’a pas été accepté',
            paragraphs: [
              REASONS[decision.reason].fr,
              `Vous pourrez envoyer un nouveau selfie depuis votre profil à partir du ${day('fr')} (UTC).`,
              'Si vous pensez que cette décision est une erreur, vous pouvez la contester gratuitement pendant six mois : connectez-vous à Mawadda et ouvrez « Décisions concernant votre compte ». Un autre modérateur vous répondra.',
            ],
          },
    },
  });
}
