import { mailName } from '../../core/mail-names.ts';
import { bilingualMail } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/** A moderator's warning, with their reason as they wrote it. */
export function warningMail(options: { to: string; name: string; reason: string }): MailMessage {
  return bilingualMail({
    ...options,
    name: mailName(options.name),
    // The member's language is not kept yet: French first, as most members read it.
    language: 'fr',
    texts: {
      en: {
        subject: 'A warning about your Mawadda account',
        paragraphs: [
          'A member reported you, and our moderation team found that part of what happened breaks the community rules:',
          options.reason,
          'Please read the rules again in the app. If it happens again, your account may be suspended or closed.',
        ],
      },
      fr: {
        subject: 'Un avertissement concernant votre compte Mawadda',
        paragraphs: [
          'Un membre vous a signalé, et notre équipe de modération a constaté qu’une partie de ce qui s’est passé enfreint les règles de la communauté :',
          options.reason,
          'Merci de relire les règles dans l’application. Si cela se reproduit, votre compte pourra être suspendu ou fermé.',
        ],
      },
    },
  });
}
