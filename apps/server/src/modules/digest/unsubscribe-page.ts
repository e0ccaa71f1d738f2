import { createHash } from 'node:crypto';
import { escapeHtml, type MailLanguage } from '../../lib/bilingual-mail.ts';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
section+section{border-top:1px solid #d1d5db;margin-top:2rem}
button{font-size:1rem;padding:.75rem 1.5rem;border-radius:.5rem;border:1px solid #0f766e;background:#0f766e;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;

/** The page's only style is this block, allowed by its hash: no script, no other source. */
export const UNSUBSCRIBE_PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const TEXTS = {
  fr: {
    title: 'Résumé par e-mail',
    ask: 'Ne plus recevoir le résumé quotidien de Mawadda (messages non lus, nouveaux matchs) ?',
    button: 'Me désabonner',
    done: 'C’est fait : vous ne recevrez plus le résumé par e-mail. Vous pouvez le réactiver dans les réglages de l’application.',
    invalid:
      'Ce lien de désabonnement n’est pas valide. Vous pouvez désactiver le résumé par e-mail dans les réglages de l’application.',
  },
  en: {
    title: 'E-mail digest',
    ask: 'Stop receiving the daily Mawadda digest (unread messages, new matches)?',
    button: 'Unsubscribe me',
    done: 'Done: you will not receive the e-mail digest any more. You can turn it back on in the app’s settings.',
    invalid:
      'This unsubscribe link is not valid. You can turn the e-mail digest off in the app’s settings.',
  },
};

/**
 * The page a person reaches by clicking the unsubscribe link (a mail client that does not post
 * by itself): both languages, theirs first, and a button that posts, since a GET must change
 * nothing (link scanners fetch every link of a mail). Then the same page says it is done.
 */
export function unsubscribePage(
  state: { ask: string } | 'done' | 'invalid',
  language: MailLanguage,
): string {
  const order: MailLanguage[] = language === 'fr' ? ['fr', 'en'] : ['en', 'fr'];
  const sections = order.map((lang) => {
    const t = TEXTS[lang];
    const body =
      typeof state === 'object'
        ? `<p>${t.ask}</p><form method="post" action="?token=${escapeHtml(encodeURIComponent(state.ask))}"><button type="submit">${t.button}</button></form>`
        : `<p role="status">${t[state]}</p>`;
    return `<section lang="${lang}"><h1>${t.title}</h1>${body}</section>`;
  });
  return `<!doctype html>
<html lang="${order[0]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Mawadda</title><style>${STYLE}</style></head>
<body><main>${sections.join('')}</main></body></html>`;
}
