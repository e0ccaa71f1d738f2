import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_PAYDUNYA_KEYS,
  type FakePaydunya,
  startFakePaydunya,
} from '../../../test/fake-paydunya.ts';
import { loadConfig } from '../../config.ts';
import { createPaydunyaProvider, verifyPaydunyaIpn } from './paydunya-provider.ts';
import {
  type CheckoutRequest,
  type PaymentProvider,
  PaymentProviderError,
  WebhookRefused,
} from './payment-provider.ts';

const request: CheckoutRequest = {
  orderId: '5b0e7a4c-9f1d-4d3e-8a2b-6c7d8e9f0a1b',
  description: 'Abonnement Mawadda : formule mensuelle',
  amount: 6500,
  currency: 'xof',
  language: 'fr',
  successUrl: 'https://mawadda.example/chat?subscribed=true&plan=MONTHLY',
  cancelUrl: 'https://mawadda.example/chat?cancelled=true',
  customer: { email: 'amina@example.com', name: 'Amina' },
  expiresAt: new Date('2026-11-22T11:00:00Z'),
};
const callbackUrl = 'https://mawadda.example/api/subscription/paydunya/ipn';

let fake: FakePaydunya;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakePaydunya();
  provider = createPaydunyaProvider({ ...fake.keys, mode: 'test', apiBase: fake.url, callbackUrl });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.failWith = null;
});

describe('PayDunya checkout invoice', () => {
  it('creates a sandbox invoice carrying our order, amount and return addresses', async () => {
    const checkout = await provider.createCheckout(request);

    expect(checkout.url).toBe(`${fake.url}/sandbox-checkout/invoice/${checkout.reference}`);
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/sandbox-api/v1/checkout-invoice/create',
      body: {
        invoice: { total_amount: 6500, description: 'Abonnement Mawadda : formule mensuelle' },
        store: { name: 'Mawadda' },
        actions: {
          cancel_url: request.cancelUrl,
          return_url: request.successUrl,
          callback_url: callbackUrl,
        },
        custom_data: { order_id: request.orderId },
      },
    });
  });

  it('uses the live API in live mode', async () => {
    const live = createPaydunyaProvider({ ...fake.keys, mode: 'live', apiBase: fake.url });
    const { reference } = await live.createCheckout(request);
    expect(fake.invoice(reference).mode).toBe('live');
    expect((await live.lookup(reference)).status).toBe('pending');
  });

  it('refuses dollars: PayDunya takes FCFA only', async () => {
    const before = fake.requests.length;
    await expect(provider.createCheckout({ ...request, currency: 'usd' })).rejects.toThrow(
      PaymentProviderError,
    );
    expect(fake.requests).toHaveLength(before);
  });

  it('reports pending, then completed as paid; cancelled as cancelled; anything else as failed', async () => {
    const paid = await provider.createCheckout(request);
    const cancelled = await provider.createCheckout(request);
    const failed = await provider.createCheckout(request);
    const pending = { status: 'pending', amount: 6500, currency: 'xof', orderId: request.orderId };

    expect(await provider.lookup(paid.reference)).toEqual(pending);
    fake.complete(paid.reference);
    expect(await provider.lookup(paid.reference)).toEqual({ ...pending, status: 'paid' });
    fake.cancel(cancelled.reference);
    expect(await provider.lookup(cancelled.reference)).toEqual({ ...pending, status: 'cancelled' });
    fake.invoice(failed.reference).status = 'failed';
    expect(await provider.lookup(failed.reference)).toEqual({ ...pending, status: 'failed' });
  });

  it('reports the amount and order as PayDunya holds them, a numeric string included', async () => {
    const { reference } = await provider.createCheckout(request);
    fake.complete(reference);
    fake.invoice(reference).total_amount = '100';
    fake.invoice(reference).custom_data = { order_id: 'another order' };
    expect(await provider.lookup(reference)).toEqual({
      status: 'paid',
      amount: 100,
      currency: 'xof',
      orderId: 'another order',
    });

    fake.invoice(reference).custom_data = {};
    expect((await provider.lookup(reference)).orderId).toBeNull();
    fake.invoice(reference).total_amount = 'a lot';
    await expect(provider.lookup(reference)).rejects.toThrow(PaymentProviderError);
  });

  it('turns an unknown token, wrong keys, an outage and an unreachable PayDunya into PaymentProviderError', async () => {
    await expect(provider.lookup('test_unknown')).rejects.toThrow(/Invoice Not Found/);

    const wrongKeys = createPaydunyaProvider({
      ...fake.keys,
      privateKey: 'test_private_wrong',
      mode: 'test',
      apiBase: fake.url,
    });
    await expect(wrongKeys.createCheckout(request)).rejects.toThrow(PaymentProviderError);

    fake.failWith = 500;
    await expect(provider.createCheckout(request)).rejects.toThrow(/HTTP 500/);
    await expect(provider.lookup('test_any')).rejects.toThrow(PaymentProviderError);
    fake.failWith = null;

    const closed = await startFakePaydunya();
    await closed.close();
    const unreachable = createPaydunyaProvider({
      ...closed.keys,
      mode: 'test',
      apiBase: closed.url,
    });
    await expect(unreachable.lookup('test_any')).rejects.toThrow(PaymentProviderError);
  });
});

describe('PayDunya IPN', () => {
  const { masterKey } = FAKE_PAYDUNYA_KEYS;
  const hash = createHash('sha512').update(masterKey).digest('hex');

  it('gives the invoice token of an IPN carrying the hash of our master key, however it was parsed', async () => {
    const { reference } = await provider.createCheckout(request);
    const form = fake.ipnBody(reference);

    expect(verifyPaydunyaIpn(form, masterKey)).toEqual({ token: reference });
    expect(verifyPaydunyaIpn(Buffer.from(form), masterKey)).toEqual({ token: reference });
    expect(verifyPaydunyaIpn(Object.fromEntries(new URLSearchParams(form)), masterKey)).toEqual({
      token: reference,
    });
    expect(
      verifyPaydunyaIpn(
        { data: { hash, status: 'completed', invoice: { token: reference } } },
        masterKey,
      ),
    ).toEqual({ token: reference });
  });

  it('refuses a wrong, missing or shorter hash, and an IPN without a token', () => {
    const refused = (body: unknown) =>
      expect(() => verifyPaydunyaIpn(body, masterKey)).toThrow(WebhookRefused);
    const wrong = createHash('sha512').update('another master key').digest('hex');

    refused({ data: { hash: wrong, invoice: { token: 'test_1' } } });
    refused({ data: { invoice: { token: 'test_1' } } });
    refused({ 'data[hash]': hash.slice(0, 64), 'data[invoice][token]': 'test_1' });
    refused({ 'data[hash]': hash.toUpperCase(), 'data[invoice][token]': 'test_1' });
    refused({ data: { hash } });
    refused('');
    refused(null);
    refused(['data[hash]', hash]);
  });
});

describe('PayDunya configuration', () => {
  const keys = { PAYDUNYA_MASTER_KEY: 'm', PAYDUNYA_PRIVATE_KEY: 'p', PAYDUNYA_TOKEN: 't' };

  it('is off without keys, on in test mode by default with all three, and refuses a partial set', () => {
    expect(loadConfig({}).paydunya).toBeUndefined();
    expect(loadConfig(keys).paydunya).toEqual({
      masterKey: 'm',
      privateKey: 'p',
      token: 't',
      mode: 'test',
    });
    expect(loadConfig({ ...keys, PAYDUNYA_MODE: 'live' }).paydunya?.mode).toBe('live');
    expect(() => loadConfig({ ...keys, PAYDUNYA_TOKEN: '' })).toThrow(/set all three or none/);
    expect(() => loadConfig({ ...keys, PAYDUNYA_MODE: 'prod' })).toThrow(
      /PAYDUNYA_MODE: must be test or live/,
    );
  });
});
