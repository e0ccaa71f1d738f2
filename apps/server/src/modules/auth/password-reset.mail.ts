import type { MailMessage } from '../../lib/mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const texts = {
  en: {
    subject: 'Reset your Mawadda password',
    hello: (name: string) => `Assalamu alaykum ${name},`,
    body: 'Someone asked to reset the password of your Mawadda account. Open this link within one hour to choose a new password:',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Mawadda',
    hello: (name: string) => `Assalamu alaykum ${name},`,
    body: 'Une réinitialisation du mot de passe de votre compte Mawadda a été demandée. Ouvrez ce lien dans l’heure pour choisir un nouveau mot de passe :',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
};

/** The reset mail, in the member's language first and the other one below it. */
export function passwordResetMail(options: {
  to: string;
  name: string;
  link: string;
  language: 'en' | 'fr';
}): MailMessage {
  const order = options.language === 'fr' ? (['fr', 'en'] as const) : (['en', 'fr'] as const);
  const first = texts[order[0]];
  const blocks = order.map((lang) => texts[lang]);
  const text = blocks
    .map((t) => [t.hello(options.name), '', t.body, options.link, '', t.ignore].join('\n'))
    .join('\n\n---\n\n');
  const html = blocks
    .map(
      (t) =>
        `<p>${escapeHtml(t.hello(options.name))}</p><p>${escapeHtml(t.body)}</p>` +
        `<p><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>` +
        `<p>${escapeHtml(t.ignore)}</p>`,
    )
    .join('<hr>');
  return { to: options.to, subject: first.subject, text, html };
}
