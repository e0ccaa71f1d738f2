import { createHash, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json, readBody } from './fake-http.ts';

/** A checkout invoice as the fake PayDunya holds it. */
export type FakePaydunyaInvoice = {
  token: string;
  /** Which API it was made on: the sandbox (`test`) or the live one. */
  mode: 'test' | 'live';
  status: 'pending' | 'completed' | 'cancelled' | 'failed';
  /** A number, as PayDunya mostly writes it; set a string to try the other way. */
  total_amount: number | string;
  description: string;
  store: unknown;
  actions: { cancel_url?: string; return_url?: string; callback_url?: string };
  custom_data: Record<string, unknown>;
};

export type FakePaydunyaKeys = { masterKey: string; privateKey: string; token: string };

export type FakePaydunya = {
  /** The origin to give the provider as `apiBase`. */
  url: string;
  keys: FakePaydunyaKeys;
  requests: { method: string; path: string; body: unknown }[];
  /** The invoice as PayDunya holds it: change it to make PayDunya report something else. */
  invoice(token: string): FakePaydunyaInvoice;
  complete(token: string): void;
  cancel(token: string): void;
  /** While set, every API request answers this HTTP status. */
  failWith: number | null;
  /** The IPN PayDunya would post for this invoice, form-encoded (`data[hash]=…`). */
  ipnBody(token: string, hash?: string): string;
  close(): Promise<void>;
};

export const FAKE_PAYDUNYA_KEYS: FakePaydunyaKeys = {
  masterKey: 'wQzk9ZwR-Qq9m-0hD0-zpud-fakemaster00',
  privateKey: 'test_private_fake',
  token: 'fake-paydunya-token',
};

/**
 * Just enough of PayDunya's checkout invoice API (v1): POST checkout-invoice/create and GET
 * checkout-invoice/confirm/:token, under /sandbox-api/v1 and /api/v1, behind the three keys.
 * Failures answer HTTP 200 with a response_code other than "00", as PayDunya's clients expect.
 */
export async function startFakePaydunya(keys = FAKE_PAYDUNYA_KEYS): Promise<FakePaydunya> {
  const invoices = new Map<string, FakePaydunyaInvoice>();
  const requests: FakePaydunya['requests'] = [];

  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return refuse(res, '1001', 'Invalid JSON');
    }
    requests.push({ method: req.method ?? '', path, body });
    if (fake.failWith !== null) {
      return json(res, fake.failWith, { message: 'The fake PayDunya is failing' });
    }
    if (
      req.headers['paydunya-master-key'] !== keys.masterKey ||
      req.headers['paydunya-private-key'] !== keys.privateKey ||
      req.headers['paydunya-token'] !== keys.token
    ) {
      return refuse(res, '1001', 'Invalid API keys');
    }
    const route = /^\/(sandbox-api|api)\/v1\/checkout-invoice\/(create|confirm\/([^/]+))$/.exec(
      path,
    );
    if (!route) return json(res, 404, { message: 'Not found' });
    const mode = route[1] === 'sandbox-api' ? 'test' : 'live';

    if (req.method === 'POST' && route[2] === 'create') {
      const request = (body ?? {}) as Partial<FakePaydunyaInvoice> & {
        invoice?: { total_amount?: unknown; description?: unknown };
      };
      const amount = request.invoice?.total_amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
        return refuse(res, '1001', 'Invalid total_amount');
      }
      const token = `${mode === 'test' ? 'test_' : ''}${randomBytes(10).toString('hex')}`;
      invoices.set(token, {
        token,
        mode,
        status: 'pending',
        total_amount: amount,
        description: String(request.invoice?.description ?? ''),
        store: request.store,
        actions: request.actions ?? {},
        custom_data: request.custom_data ?? {},
      });
      const checkoutPath = mode === 'test' ? 'sandbox-checkout' : 'checkout';
      return json(res, 200, {
        response_code: '00',
        response_text: `${fake.url}/${checkoutPath}/invoice/${token}`,
        description: 'Checkout Invoice Created',
        token,
      });
    }
    if (req.method === 'GET' && route[3]) {
      const invoice = invoices.get(decodeURIComponent(route[3]));
      if (!invoice || invoice.mode !== mode) return refuse(res, '1001', 'Invoice Not Found');
      return json(res, 200, {
        response_code: '00',
        response_text: 'Transaction Found',
        hash: sha512(keys.masterKey),
        invoice: {
          token: invoice.token,
          total_amount: invoice.total_amount,
          description: invoice.description,
        },
        custom_data: invoice.custom_data,
        actions: invoice.actions,
        mode,
        status: invoice.status,
      });
    }
    return json(res, 404, { message: 'Not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const invoice = (token: string) => {
    const found = invoices.get(token);
    if (!found) throw new Error(`The fake PayDunya has no invoice ${token}`);
    return found;
  };
  const fake: FakePaydunya = {
    url: `http://127.0.0.1:${port}`,
    keys,
    requests,
    invoice,
    complete: (token) => {
      invoice(token).status = 'completed';
    },
    cancel: (token) => {
      invoice(token).status = 'cancelled';
    },
    failWith: null,
    ipnBody: (token, hash = sha512(keys.masterKey)) => {
      const held = invoice(token);
      const fields = new URLSearchParams({
        'data[response_code]': '00',
        'data[response_text]': 'Transaction Found',
        'data[hash]': hash,
        'data[invoice][token]': held.token,
        'data[invoice][total_amount]': String(held.total_amount),
        'data[invoice][description]': held.description,
        'data[mode]': held.mode,
        'data[status]': held.status,
      });
      for (const [key, value] of Object.entries(held.custom_data)) {
        fields.set(`data[custom_data][${key}]`, String(value));
      }
      return fields.toString();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

function sha512(text: string): string {
  return createHash('sha512').update(text).digest('hex');
}

function refuse(res: ServerResponse, code: string, text: string) {
  json(res, 200, { response_code: code, response_text: text });
}
