import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  findLocalCheckout,
  insertLocalCheckout,
  type LocalCheckoutRow,
  settleLocalCheckout,
} from './payments.repository.ts';

const PATH = '/checkout/local';

/**
 * The built-in test checkout (ADR 015), the default without Stripe or PayDunya keys and never in
 * production: a page of ours plays the provider. It keeps its checkouts as a provider would, and
 * sends the member back to the same addresses with the same parameters, so everything after the
 * redirect runs as it will with a real provider.
 */
export function createLocalProvider(deps: { db: Database; publicUrl: string }): PaymentProvider {
  return {
    name: 'local',
    async createCheckout(request) {
      const reference = `local_${crypto.randomUUID()}`;
      await insertLocalCheckout(deps.db, {
        reference,
        orderId: request.orderId,
        description: request.description,
        amount: request.amount,
        currency: request.currency,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
      });
      return { reference, url: `${deps.publicUrl}${PATH}/${reference}?lang=${request.language}` };
    },
    async lookup(reference) {
      const checkout = await findLocalCheckout(deps.db, reference);
      if (!checkout) return { status: 'failed', amount: 0, currency: 'usd', orderId: null };
      return {
        status: checkout.status,
        amount: checkout.amount,
        currency: checkout.currency,
        orderId: checkout.orderId,
      };
    },
  };
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
.warning{background:#fef3c7;border:1px solid #f59e0b;border-radius:.5rem;padding:.75rem}
.amount{font-size:2rem;font-weight:700}
button{font-size:1rem;padding:.75rem 1.5rem;border-radius:.5rem;border:1px solid #0f766e;margin-right:.5rem;cursor:pointer}
.pay{background:#0f766e;color:#fff}.cancel{background:#fff;color:#0f766e}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;
// The page's only style is this block, allowed by its hash: no inline script, no other source.
const POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function formatAmount(checkout: LocalCheckoutRow, language: 'en' | 'fr') {
  if (checkout.currency === 'xof') {
    return `${checkout.amount.toLocaleString(language === 'fr' ? 'fr-FR' : 'en-US')} FCFA`;
  }
  return new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-US', {
    style: 'currency',
    currency: 'USD',
  }).format(checkout.amount / 100);
}

const TEXTS = {
  en: {
    title: 'Test payment',
    warning: 'This is a test checkout: no money is taken and no card is asked for.',
    buying: 'You are buying',
    pay: 'Pay',
    cancel: 'Cancel',
    done: 'This payment is already closed.',
  },
  fr: {
    title: 'Paiement de test',
    warning:
      'Ceci est un paiement de test : aucun argent n’est prélevé et aucune carte n’est demandée.',
    buying: 'Vous achetez',
    pay: 'Payer',
    cancel: 'Annuler',
    done: 'Ce paiement est déjà clos.',
  },
};

function page(checkout: LocalCheckoutRow, language: 'en' | 'fr') {
  const t = TEXTS[language];
  const action = `${PATH}/${encodeURIComponent(checkout.reference)}`;
  const body =
    checkout.status === 'pending'
      ? `<form method="post" action="${action}">
  <button class="pay" type="submit" name="action" value="pay">${t.pay}</button>
  <button class="cancel" type="submit" name="action" value="cancel">${t.cancel}</button>
</form>`
      : `<p role="status">${t.done}</p>`;
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title} · Mawadda</title><style>${STYLE}</style></head>
<body><main>
<h1>${t.title}</h1>
<p class="warning" role="note">${t.warning}</p>
<p>${t.buying}: <strong>${escapeHtml(checkout.description)}</strong></p>
<p class="amount">${formatAmount(checkout, language)}</p>
${body}
</main></body></html>`;
}

/**
 * The test checkout's pages: GET shows what is bought and the amount, POST pays or cancels and
 * redirects back; a payment also notifies us at once, as a provider's webhook would.
 */
export const localCheckoutRoutes: FastifyPluginAsync<{
  db: Database;
  onPaid(reference: string): Promise<void>;
}> = async (app, { db, onPaid }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get<{ Params: { reference: string }; Querystring: { lang?: string } }>(
    `${PATH}/:reference`,
    async (request, reply) => {
      const checkout = await findLocalCheckout(db, request.params.reference);
      if (!checkout) throw notFound('PAYMENT_NOT_FOUND');
      // The member's language in the app, as a provider's page is; else the browser's.
      const { lang } = request.query;
      const language =
        lang === 'en' || lang === 'fr'
          ? lang
          : (request.headers['accept-language'] ?? '').startsWith('fr')
            ? 'fr'
            : 'en';
      reply.header('content-security-policy', POLICY);
      reply.header('cache-control', 'no-store');
      return reply.type('text/html; charset=utf-8').send(page(checkout, language));
    },
  );

  app.post<{ Params: { reference: string }; Body: { action?: string } | undefined }>(
    `${PATH}/:reference`,
    async (request, reply) => {
      const action = request.body?.action;
      if (action !== 'pay' && action !== 'cancel') {
        const checkout = await findLocalCheckout(db, request.params.reference);
        if (!checkout) throw notFound('PAYMENT_NOT_FOUND');
        return reply.redirect(`${PATH}/${encodeURIComponent(checkout.reference)}`, 303);
      }
      const checkout = await settleLocalCheckout(
        db,
        request.params.reference,
        action === 'pay' ? 'paid' : 'cancelled',
      );
      if (!checkout) throw notFound('PAYMENT_NOT_FOUND');
      if (checkout.status === 'paid') await onPaid(checkout.reference);
      return reply.redirect(
        checkout.status === 'paid' ? checkout.successUrl : checkout.cancelUrl,
        303,
      );
    },
  );
};
