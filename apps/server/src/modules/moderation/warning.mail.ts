import { mailName } from '../../core/mail-names.ts';
import { bilingualMail, type MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * How the report came: a member's, or the scam shield's own check of the member's messages
 * (ADR 043), which no member filed and the mail must not say one did.
 */
export type WarnedFor = 'member-report' | 'message-check';

const WHY: Record<WarnedFor, Record<MailLanguage, string>> = {
  'member-report': {
    en: 'A member reported you, and our moderation team found that part of what happened breaks the community rules:',
    fr: 'Un membre vous a signalé, et notre équipe de modération a constaté qu’une partie de ce qui s’est passé enfreint les règles de la communauté :',
  },
  'message-check': {
    en: 'Our automatic check of messages flagged several of yours, and our moderation team, having read them, found that part of what you wrote breaks the community rules:',
    fr: 'Notre vérification automatique des messages a relevé plusieurs des vôtres, et notre équipe de modération, après les avoir lus, a constaté qu’une partie de ce que vous avez écrit enfreint les règles de la communauté :',
  },
};

/** A moderator's warning, with their reason as they wrote it, in the member's language first. */
export function warningMail(options: {
  to: string;
  name: string;
  language: MailLanguage;
  warnedFor: WarnedFor;
  reason: string;
}): MailMessage {
  const why = WHY[options.warnedFor];
  return bilingualMail({
    to: options.to,
    name: mailName(options.name),
    language: options.language,
    texts: {
      en: {
        subject: 'A warning about your Mawadda account',
        paragraphs: [
          why.en,
          options.reason,
          'Please read the rules again in the app. If it happens again, your account may be suspended or closed.',
        ],
      },
      fr: {
        subject: 'Un avertissement concernant votre compte Mawadda',
        paragraphs: [
          why.fr,
          options.reason,
          'Merci de relire les règles dans l’application. Si cela se reproduit, votre compte pourra être suspendu ou fermé.',
        ],
      },
    },
  });
}
