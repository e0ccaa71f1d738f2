import { mailName } from '../../core/mail-names.ts';
import { bilingualMail, type MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/** The reset mail, in the member's language first and the other one below it. */
export function passwordResetMail(options: {
  to: string;
  name: string;
  link: string;
  language: MailLanguage;
}): MailMessage {
  const link = { link: options.link };
  return bilingualMail({
    ...options,
    name: mailName(options.name),
    texts: {
      en: {
        subject: 'Reset your Mawadda password',
        paragraphs: [
          'Someone asked to reset the password of your Mawadda account. Open this link within one hour to choose a new password:',
          link,
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ],
      },
      fr: {
        subject: 'Réinitialisez votre mot de passe Mawadda',
        paragraphs: [
          'Une réinitialisation du mot de passe de votre compte Mawadda a été demandée. Ouvrez ce lien dans l’heure pour choisir un nouveau mot de passe :',
          link,
          'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
        ],
      },
    },
  });
}
