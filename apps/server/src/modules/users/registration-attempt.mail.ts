import { mailName } from '../../core/mail-names.ts';
import { bilingualMail, type MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailAllowance } from '../../lib/mail-cap.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * Its share of the mails one address may receive (`MAILS_TO_ONE_ADDRESS`): the owner needs to
 * hear of attempts, not of each one, and thirty registrations naming the address must not take
 * the room a password reset the owner asks for still needs.
 */
export const REGISTRATION_ATTEMPT_MAILS = {
  name: 'registration-attempt',
  perHour: 1,
  perDay: 3,
} satisfies { name: string } & MailAllowance;

/**
 * To the owner of an address someone tried to register again: the registration answered as if
 * the account were new (nobody learns who is a member), so the owner hears it here.
 */
export function registrationAttemptMail(options: {
  to: string;
  name: string;
  publicUrl: string;
  language: MailLanguage;
}): MailMessage {
  const login = { link: `${options.publicUrl}/` };
  const forgot = { link: `${options.publicUrl}/forget` };
  return bilingualMail({
    ...options,
    name: mailName(options.name),
    texts: {
      en: {
        subject: 'Someone tried to create a Mawadda account with your address',
        paragraphs: [
          'Someone just tried to create a new Mawadda account with this e-mail address, which already has an account. No new account was created and yours is unchanged.',
          'If it was you, sign in with your password:',
          login,
          'Forgot your password? Choose a new one here:',
          forgot,
          'If it was not you, you can ignore this e-mail.',
        ],
      },
      fr: {
        subject: 'Quelqu’un a essayé de créer un compte Mawadda avec votre adresse',
        paragraphs: [
          'Quelqu’un vient d’essayer de créer un nouveau compte Mawadda avec cette adresse e-mail, qui a déjà un compte. Aucun compte n’a été créé et le vôtre reste inchangé.',
          'Si c’était vous, connectez-vous avec votre mot de passe :',
          login,
          'Mot de passe oublié ? Choisissez-en un nouveau ici :',
          forgot,
          'Si ce n’était pas vous, ignorez simplement cet e-mail.',
        ],
      },
    },
  });
}
