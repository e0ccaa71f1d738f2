import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type CheckoutState,
  type PaymentProvider,
  PaymentProviderError,
  WebhookRefused,
} from './payment-provider.ts';

export type PaydunyaMode = 'test' | 'live';

const PAYDUNYA_ORIGIN = 'https://app.paydunya.com';
const API_PATH: Record<PaydunyaMode, string> = { test: '/sandbox-api/v1', live: '/api/v1' };

/**
 * PayDunya's checkout invoice API (mobile money, amounts in whole XOF). `apiBase` replaces the
 * origin (the fake PayDunya of the tests); the mode picks the sandbox or the live API under it.
 * `callbackUrl` is where PayDunya posts its IPN.
 */
export function createPaydunyaProvider(options: {
  masterKey: string;
  privateKey: string;
  token: string;
  mode: PaydunyaMode;
  apiBase?: string;
  callbackUrl?: string;
}): PaymentProvider {
  const base = `${(options.apiBase ?? PAYDUNYA_ORIGIN).replace(/\/+$/, '')}${API_PATH[options.mode]}`;
  const headers = {
    'PAYDUNYA-MASTER-KEY': options.masterKey,
    'PAYDUNYA-PRIVATE-KEY': options.privateKey,
    'PAYDUNYA-TOKEN': options.token,
  };

  /** One API call; anything but an answer with response_code "00" is a PaymentProviderError. */
  async function call(
    what: string,
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    let response: Response;
    let answer: unknown;
    try {
      response = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      answer = await response.json().catch(() => null);
    } catch (error) {
      throw new PaymentProviderError(`PayDunya ${what}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const fields = isRecord(answer) ? answer : {};
    if (!response.ok || fields.response_code !== '00') {
      const text = typeof fields.response_text === 'string' ? fields.response_text : '';
      throw new PaymentProviderError(
        `PayDunya ${what}: HTTP ${response.status}, code ${String(fields.response_code)} ${text}`.trim(),
      );
    }
    return fields;
  }

  return {
    name: 'paydunya',

    async createCheckout(request) {
      if (request.currency !== 'xof') {
        throw new PaymentProviderError(`PayDunya takes xof only, not ${request.currency}`);
      }
      const answer = await call('could not create the invoice', '/checkout-invoice/create', {
        invoice: { total_amount: request.amount, description: request.description },
        store: { name: 'Mawadda' },
        actions: {
          cancel_url: request.cancelUrl,
          return_url: request.successUrl,
          ...(options.callbackUrl && { callback_url: options.callbackUrl }),
        },
        custom_data: { order_id: request.orderId },
      });
      const { token, response_text: url } = answer;
      if (typeof token !== 'string' || !token || typeof url !== 'string' || !URL.canParse(url)) {
        throw new PaymentProviderError('PayDunya created an invoice without a token or a URL');
      }
      return { reference: token, url };
    },

    async lookup(token) {
      const answer = await call(
        `could not confirm invoice ${token}`,
        `/checkout-invoice/confirm/${encodeURIComponent(token)}`,
      );
      const invoice = isRecord(answer.invoice) ? answer.invoice : {};
      const customData = isRecord(answer.custom_data) ? answer.custom_data : {};
      const amount = amountOf(invoice.total_amount);
      if (amount === null) {
        throw new PaymentProviderError(`PayDunya invoice ${token} came without an amount`);
      }
      return {
        status: invoiceStatus(answer.status),
        amount,
        currency: 'xof',
        orderId: typeof customData.order_id === 'string' ? customData.order_id : null,
      };
    },
  };
}

function invoiceStatus(status: unknown): CheckoutState['status'] {
  if (status === 'completed') return 'paid';
  if (status === 'cancelled') return 'cancelled';
  if (status === 'pending') return 'pending';
  return 'failed';
}

/** PayDunya writes amounts as numbers or as numeric strings. */
function amountOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) return Number(value);
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a PayDunya IPN and gives its invoice token. PayDunya posts it form-encoded
 * (`data[hash]=…&data[invoice][token]=…`); the body may come as that text, as the flat
 * bracketed keys, or parsed into `{ data: { hash, invoice: { token } } }`. Its hash is SHA-512
 * of our master key, the same on every IPN, so it proves only that the sender knows the key: the
 * grant confirms the invoice with PayDunya before anything else.
 */
export function verifyPaydunyaIpn(body: unknown, masterKey: string): { token: string } {
  const fields =
    typeof body === 'string' || Buffer.isBuffer(body)
      ? Object.fromEntries(new URLSearchParams(body.toString()))
      : body;
  if (!isRecord(fields)) throw new WebhookRefused('PayDunya IPN without a form body');
  const data = isRecord(fields.data) ? fields.data : {};
  const invoice = isRecord(data.invoice) ? data.invoice : {};
  const hash = data.hash ?? fields['data[hash]'];
  const token = invoice.token ?? fields['data[invoice][token]'];

  const expected = Buffer.from(createHash('sha512').update(masterKey).digest('hex'));
  const received = Buffer.from(typeof hash === 'string' ? hash : '');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
    throw new WebhookRefused('PayDunya IPN with a wrong or missing hash');
  }
  if (typeof token !== 'string' || !token) {
    throw new WebhookRefused('PayDunya IPN without an invoice token');
  }
  return { token };
}
