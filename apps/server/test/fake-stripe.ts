import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json, readBody } from './fake-http.ts';

/** A Checkout Session as the fake Stripe holds it and answers it (the fields we read). */
export type FakeStripeSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
};

export type FakeStripe = {
  /** The origin to give the provider as `apiBase`. */
  url: string;
  secretKey: string;
  /** Every API request, with its form fields as the SDK encoded them (`line_items[0][…]`). */
  requests: { method: string; path: string; form: Record<string, string> }[];
  /** The session as Stripe holds it: change it to make Stripe report something else. */
  session(id: string): FakeStripeSession;
  pay(id: string): void;
  expire(id: string): void;
  /** While set, every API request answers this HTTP status (a Stripe outage). */
  failWith: number | null;
  close(): Promise<void>;
};

/**
 * Just enough of Stripe's API for Checkout: POST /v1/checkout/sessions (form-encoded, as the
 * SDK sends it) and GET /v1/checkout/sessions/:id, behind the secret key given.
 */
export async function startFakeStripe(secretKey = 'sk_test_fake'): Promise<FakeStripe> {
  const sessions = new Map<string, FakeStripeSession>();
  const requests: FakeStripe['requests'] = [];

  const server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    requests.push({ method: req.method ?? '', path, form });
    if (fake.failWith !== null) {
      // Real Stripe tells the SDK whether a retry can help; it mostly cannot.
      res.setHeader('Stripe-Should-Retry', 'false');
      return stripeError(res, fake.failWith, 'api_error', 'The fake Stripe is failing');
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, 401, 'authentication_error', 'Invalid API Key provided');
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const amount = Number(form['line_items[0][price_data][unit_amount]']);
      const currency = form['line_items[0][price_data][currency]'];
      if (form.mode !== 'payment' || !Number.isInteger(amount) || amount <= 0 || !currency) {
        return stripeError(res, 400, 'invalid_request_error', 'Missing or bad line item');
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
        if (name) metadata[name] = value;
      }
      const session: FakeStripeSession = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        url: `${fake.url}/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        // Stripe answers currencies in lower case whatever was sent.
        currency: currency.toLowerCase(),
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        metadata,
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
      };
      sessions.set(id, session);
      return json(res, 200, session);
    }
    const id = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)?.[1];
    if (req.method === 'GET' && id) {
      const session = sessions.get(decodeURIComponent(id));
      if (!session) {
        return stripeError(res, 404, 'invalid_request_error', `No such checkout.session: '${id}'`);
      }
      return json(res, 200, session);
    }
    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${path})`);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const session = (id: string) => {
    const found = sessions.get(id);
    if (!found) throw new Error(`The fake Stripe has no session ${id}`);
    return found;
  };
  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    session,
    pay: (id) => Object.assign(session(id), { status: 'complete', payment_status: 'paid' }),
    expire: (id) => Object.assign(session(id), { status: 'expired' }),
    failWith: null,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

function stripeError(res: ServerResponse, status: number, type: string, message: string) {
  json(res, status, { error: { type, message } });
}
