import { countryName } from '@mawadda/contract';
import { mailName } from '../../core/mail-names.ts';
import { bilingualMail, type MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import type { DeviceLabel } from './device-label.ts';

const UNKNOWN = { en: 'an unknown browser', fr: 'un navigateur inconnu' } as const;
const ON = { en: 'on', fr: 'sur' } as const;

/** "Chrome on Android, Senegal", in one language; what the sign-in's request did not tell is left out. */
function deviceText(device: DeviceLabel & { country: string | null }, language: MailLanguage) {
  const browser = device.browser ?? UNKNOWN[language];
  const label = device.os ? `${browser} ${ON[language]} ${device.os}` : browser;
  return device.country ? `${label}, ${countryName(device.country, language)}` : label;
}

/**
 * The mail a member gets when their account is signed in to from a browser that never was
 * (ADR 075), in their language first: what the device was, and a link to their signed-in
 * devices, where they can sign it out.
 */
export function newDeviceMail(options: {
  to: string;
  name: string;
  language: MailLanguage;
  device: DeviceLabel & { country: string | null };
  /** The sessions screen, in the member's language. */
  link: string;
}): MailMessage {
  const link = { link: options.link };
  return bilingualMail({
    ...options,
    name: mailName(options.name),
    texts: {
      en: {
        subject: 'New sign-in to your Mawadda account',
        paragraphs: [
          `Your Mawadda account was just signed in to from a device it had not been used on: ${deviceText(options.device, 'en')}.`,
          'If it was you, there is nothing to do. If it was not, sign that device out from your list of signed-in devices, then change your password:',
          link,
        ],
      },
      fr: {
        subject: 'Nouvelle connexion à votre compte Mawadda',
        paragraphs: [
          `Quelqu’un vient de se connecter à votre compte Mawadda depuis un appareil qui ne l’avait jamais été : ${deviceText(options.device, 'fr')}.`,
          'Si c’était vous, il n’y a rien à faire. Sinon, déconnectez cet appareil depuis la liste de vos appareils connectés, puis changez votre mot de passe :',
          link,
        ],
      },
    },
  });
}
