import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import { loadConfig } from '../../config.ts';
import {
  type CheckoutRequest,
  type PaymentProvider,
  PaymentProviderError,
  WebhookRefused,
} from './payment-provider.ts';
import { createStripeProvider, verifyStripeWebhook } from './stripe-provider.ts';

const request: CheckoutRequest = {
  orderId: '5b0e7a4c-9f1d-4d3e-8a2b-6c7d8e9f0a1b',
  description: 'Mawadda subscription: monthly plan',
  amount: 999,
  currency: 'usd',
  language: 'fr',
  successUrl: 'https://mawadda.example/chat?subscribed=true&plan=MONTHLY&userId=42',
  cancelUrl: 'https://mawadda.example/chat?cancelled=true',
  customer: { email: 'amina@example.com', name: 'Amina' },
  expiresAt: new Date('2026-11-22T11:00:00Z'),
};

let fake: FakeStripe;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({ secretKey: fake.secretKey, apiBase: fake.url });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.failWith = null;
});

describe('Stripe checkout', () => {
  it('creates a one-item payment session carrying our order, expiring when asked, and sends the member to it', async () => {
    const checkout = await provider.createCheckout(request);

    expect(checkout).toEqual({
      reference: expect.stringMatching(/^cs_test_/),
      url: expect.any(String),
    });
    expect(checkout.url).toBe(fake.session(checkout.reference).url);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      form: {
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '999',
        'line_items[0][price_data][product_data][name]': 'Mawadda subscription: monthly plan',
        locale: 'fr',
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.orderId,
        'metadata[orderId]': request.orderId,
        customer_email: 'amina@example.com',
        expires_at: String(Date.parse('2026-11-22T11:00:00Z') / 1000),
      },
    });
  });

  it('reports an open session as pending, a paid one as paid, an expired one as cancelled', async () => {
    const open = await provider.createCheckout(request);
    const expired = await provider.createCheckout(request);
    const pending = { status: 'pending', amount: 999, currency: 'usd', orderId: request.orderId };

    expect(await provider.lookup(open.reference)).toEqual(pending);
    fake.pay(open.reference);
    expect(await provider.lookup(open.reference)).toEqual({ ...pending, status: 'paid' });
    fake.expire(expired.reference);
    expect(await provider.lookup(expired.reference)).toEqual({ ...pending, status: 'cancelled' });
  });

  it('reports the amount, currency and order as Stripe holds them, not as we asked', async () => {
    const { reference } = await provider.createCheckout(request);
    Object.assign(fake.session(reference), {
      amount_total: 1,
      currency: 'XOF',
      metadata: { orderId: 'another order' },
    });
    expect(await provider.lookup(reference)).toEqual({
      status: 'pending',
      amount: 1,
      currency: 'xof',
      orderId: 'another order',
    });

    fake.session(reference).metadata = {};
    expect((await provider.lookup(reference)).orderId).toBeNull();
  });

  it('refuses a session in a currency we do not sell in', async () => {
    const { reference } = await provider.createCheckout(request);
    fake.session(reference).currency = 'eur';
    await expect(provider.lookup(reference)).rejects.toThrow(PaymentProviderError);
  });

  it('turns an unknown session, a wrong key, an outage and an unreachable Stripe into PaymentProviderError', async () => {
    await expect(provider.lookup('cs_test_unknown')).rejects.toThrow(
      /could not read session cs_test_unknown.*404/,
    );

    const wrongKey = createStripeProvider({ secretKey: 'sk_test_wrong', apiBase: fake.url });
    await expect(wrongKey.createCheckout(request)).rejects.toThrow(PaymentProviderError);

    fake.failWith = 500;
    await expect(provider.createCheckout(request)).rejects.toThrow(/500/);
    await expect(provider.lookup('cs_test_any')).rejects.toThrow(PaymentProviderError);
    fake.failWith = null;

    const closed = await startFakeStripe();
    await closed.close();
    const unreachable = createStripeProvider({ secretKey: closed.secretKey, apiBase: closed.url });
    await expect(unreachable.lookup('cs_test_any')).rejects.toThrow(PaymentProviderError);
  });
});

describe('Stripe webhook', () => {
  const secret = 'whsec_test_secret';
  const event = (type: string, object: unknown) =>
    JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object } });
  const body = event('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session' });
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, ...options });

  it('gives the type and session id of a correctly signed event', () => {
    expect(verifyStripeWebhook(Buffer.from(body), sign(body), secret)).toEqual({
      type: 'checkout.session.completed',
      sessionId: 'cs_test_1',
    });
  });

  it('gives no session id for an event about something else', () => {
    const other = event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' });
    expect(verifyStripeWebhook(Buffer.from(other), sign(other), secret)).toEqual({
      type: 'payment_intent.succeeded',
      sessionId: null,
    });
  });

  it('refuses a tampered body, another secret, a missing header and a stale timestamp', () => {
    const tampered = body.replace('cs_test_1', 'cs_test_2');
    expect(() => verifyStripeWebhook(Buffer.from(tampered), sign(body), secret)).toThrow(
      WebhookRefused,
    );
    expect(() =>
      verifyStripeWebhook(Buffer.from(body), sign(body, { secret: 'whsec_other' }), secret),
    ).toThrow(WebhookRefused);
    expect(() => verifyStripeWebhook(Buffer.from(body), undefined, secret)).toThrow(WebhookRefused);
    expect(() => verifyStripeWebhook(Buffer.from(body), 'not a signature', secret)).toThrow(
      WebhookRefused,
    );
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(() =>
      verifyStripeWebhook(Buffer.from(body), sign(body, { timestamp: tenMinutesAgo }), secret),
    ).toThrow(WebhookRefused);
  });
});

describe('Stripe configuration', () => {
  it('is off without keys, on with both, and refuses one without the other or a swapped key', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe,
    ).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'whsec_1', STRIPE_WEBHOOK_SECRET: 'sk_test_1' }),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
  });
});
