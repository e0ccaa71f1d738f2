import type { Message } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, orders } from '../src/db/schema.ts';
import { createPaydunyaProvider } from '../src/modules/payments/paydunya-provider.ts';
import { createStripeProvider } from '../src/modules/payments/stripe-provider.ts';
import { FAKE_PAYDUNYA_KEYS, type FakePaydunya, startFakePaydunya } from './fake-paydunya.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts';
import { bearer, seedCouple, seedMembers, sessionFor } from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_mawadda';
let t: TestContext;
let stripe: FakeStripe;
let paydunya: FakePaydunya;

beforeAll(async () => {
  stripe = await startFakeStripe();
  paydunya = await startFakePaydunya();
  t = await createTestApp({
    config: {
      stripe: { secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET },
      paydunya: { ...FAKE_PAYDUNYA_KEYS, mode: 'test' },
    },
    paymentProviders: {
      card: createStripeProvider({ secretKey: stripe.secretKey, apiBase: stripe.url }),
      'mobile-money': createPaydunyaProvider({
        ...FAKE_PAYDUNYA_KEYS,
        mode: 'test',
        apiBase: paydunya.url,
      }),
    },
  });
});
afterAll(async () => {
  await stripe.close();
  await paydunya.close();
});

async function as(memberId: string) {
  const headers = bearer(await sessionFor(t.database.db, memberId));
  return {
    get: (url: string) => t.app.inject({ url, headers }),
    post: (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
  };
}

/** Stripe's webhook for a checkout session, signed with `secret`. */
function stripeWebhook(sessionId: string, secret = WEBHOOK_SECRET, tamper = false) {
  const event = {
    id: `evt_${crypto.randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session' } },
  };
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: tamper ? payload.replace(sessionId, 'cs_other') : payload,
  });
}

/** The gifts in a conversation: the messages the server marks as gifts. */
const gifts = async (memberId: string, fromId: string) =>
  ((await (await as(memberId)).get(`/api/chat/conversation/${fromId}`)).json() as Message[]).filter(
    (m) => m.gift !== undefined,
  );

describe('Stripe, by its webhook', () => {
  it('grants a paid gift once, however many times and in whatever order it is told', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const { id } = (
      await giver.post('/api/payment/create-checkout-session', { giftId: 6, receiverId: amina })
    ).json();
    // Told before the payment went through: nothing yet.
    expect((await stripeWebhook(id)).statusCode).toBe(200);
    expect(await gifts(amina, karim)).toEqual([]);
    stripe.pay(id);
    const told = await Promise.all([stripeWebhook(id), stripeWebhook(id), stripeWebhook(id)]);
    expect(told.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // The member's return after the webhook finds it paid, and grants nothing twice.
    expect((await giver.post('/api/gifts/send', { giftId: 6, receiverId: amina })).json()).toEqual({
      status: 'paid',
    });
    expect(await gifts(amina, karim)).toMatchObject([{ content: 'gift:6' }]);
  });

  it('grants once when the member returns before the webhook, and ignores unknown sessions', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const { id } = (
      await giver.post('/api/payment/create-checkout-session', { giftId: 7, receiverId: amina })
    ).json();
    stripe.pay(id);
    expect((await giver.post('/api/gifts/send', { giftId: 7, receiverId: amina })).json()).toEqual({
      status: 'paid',
    });
    expect((await stripeWebhook(id)).statusCode).toBe(200);
    expect(await gifts(amina, karim)).toMatchObject([{ content: 'gift:7' }]);
    // A signed event about a session that is not ours: acknowledged, nothing happens.
    expect((await stripeWebhook('cs_unknown_session')).statusCode).toBe(200);
  });

  it('refuses a webhook with a wrong secret, a tampered body or no signature, and grants nothing', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const { id } = (
      await (
        await as(karim)
      ).post('/api/payment/create-checkout-session', {
        giftId: 2,
        receiverId: amina,
      })
    ).json();
    stripe.pay(id);
    const refused = [
      await stripeWebhook(id, 'whsec_someone_else'),
      await stripeWebhook(id, WEBHOOK_SECRET, true),
      await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook/stripe',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      }),
    ];
    for (const answer of refused) {
      expect([answer.statusCode, answer.json().code]).toEqual([400, 'WEBHOOK_REFUSED']);
    }
    expect(await gifts(amina, karim)).toEqual([]);
  });

  it('grants nothing for a session Stripe reports with another amount or currency', async () => {
    const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const me = await as(amina);
    for (const change of [{ amount_total: 1 }, { currency: 'xof' }]) {
      const { id } = (
        await me.post('/api/subscription/create-subscription-session?plan=WEEKLY')
      ).json();
      stripe.pay(id);
      Object.assign(stripe.session(id), change);
      await stripeWebhook(id);
      expect((await me.post('/api/subscription/confirm?plan=WEEKLY')).json()).toEqual({
        status: 'failed',
      });
      expect((await me.get('/api/users/me')).json().subscription).toBeNull();
    }
  });

  it('is sent back to /fr/chat after a French checkout and /en/chat after an English one', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const me = await as(karim);
    for (const lang of ['fr', 'en']) {
      const gift = await me.post(`/api/payment/create-checkout-session?lang=${lang}`, {
        giftId: 3,
        receiverId: amina,
      });
      const plan = await me.post(
        `/api/subscription/create-subscription-session?plan=MONTHLY&lang=${lang}`,
      );
      for (const { id } of [gift.json(), plan.json()]) {
        const { success_url, cancel_url } = stripe.session(id);
        expect([new URL(success_url).pathname, new URL(cancel_url).pathname]).toEqual([
          `/${lang}/chat`,
          `/${lang}/chat`,
        ]);
        // Closed at Stripe, so the next language's two find places among his open checkouts.
        stripe.expire(id);
      }
    }
    // Started from her profile page, back to it; never to another site.
    const page = `/user-details/${amina}`;
    const back = `returnTo=${encodeURIComponent(page)}`;
    const gift = await me.post(`/api/payment/create-checkout-session?lang=fr&${back}`, {
      giftId: 3,
      receiverId: amina,
    });
    const plan = await me.post(`/api/subscription/create-subscription-session?plan=WEEKLY&${back}`);
    expect(
      [gift.json(), plan.json()].map(({ id }) => {
        const { success_url, cancel_url } = stripe.session(id);
        return [success_url, cancel_url];
      }),
    ).toEqual([
      [
        `http://mawadda.test/fr${page}?success=true&giftId=3&receiverId=${amina}`,
        `http://mawadda.test/fr${page}?cancelled=gift`,
      ],
      [
        `http://mawadda.test${page}?subscribed=true&plan=WEEKLY`,
        `http://mawadda.test${page}?cancelled=subscription`,
      ],
    ]);
    const sessions = stripe.requests.length;
    const foreign = await me.post(
      '/api/subscription/create-subscription-session?plan=WEEKLY&returnTo=https%3A%2F%2Fevil.example',
    );
    expect([foreign.statusCode, foreign.json().code]).toEqual([400, 'RETURN_PATH_INVALID']);
    expect(stripe.requests).toHaveLength(sessions);
  });

  it('delivers no gift paid after its receiver blocked the giver, whether the webhook or the giver comes back first', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const open = async (giftId: number) =>
      (
        await giver.post('/api/payment/create-checkout-session', { giftId, receiverId: amina })
      ).json().id as string;
    const toldFirst = await open(3);
    const backFirst = await open(5);
    expect((await (await as(amina)).post(`/api/users/${karim}/block`)).statusCode).toBe(200);
    stripe.pay(toldFirst);
    stripe.pay(backFirst);

    expect((await stripeWebhook(toldFirst)).statusCode).toBe(200);
    for (const giftId of [3, 5]) {
      expect((await giver.post('/api/gifts/send', { giftId, receiverId: amina })).json()).toEqual({
        status: 'undelivered',
      });
    }
    expect((await stripeWebhook(backFirst)).statusCode).toBe(200);
    const stored = await t.database.db.select().from(messages).where(eq(messages.senderId, karim));
    expect(stored).toEqual([]);
    expect(
      (await t.database.db.select().from(orders).where(eq(orders.memberId, karim))).map((o) => [
        o.status,
        o.undelivered,
      ]),
    ).toEqual([
      ['paid', true],
      ['paid', true],
    ]);
  });

  it('says so when Stripe is down, and changes nothing', async () => {
    const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    stripe.failWith = 500;
    try {
      const answer = await (await as(amina)).post(
        '/api/subscription/create-subscription-session?plan=ANNUAL',
      );
      expect([answer.statusCode, answer.json().code]).toEqual([502, 'PAYMENT_PROVIDER_ERROR']);
    } finally {
      stripe.failWith = null;
    }
  });
});

describe('PayDunya, by its IPN', () => {
  const ipn = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/subscription/paydunya/ipn',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });

  it('starts a subscription paid in FCFA once its IPN is verified and PayDunya confirms it', async () => {
    const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const me = await as(amina);
    const { redirectUrl } = (
      await me.post('/api/subscription/paydunya/paydunya-session?plan=MONTHLY', {})
    ).json();
    const token = redirectUrl.split('/').at(-1) as string;
    expect(paydunya.invoice(token).total_amount).toBe(6000);
    // A forged IPN (any hash but the master key's) is refused before anything is looked up.
    const forged = await ipn(paydunya.ipnBody(token, 'f'.repeat(128)));
    expect([forged.statusCode, forged.json().code]).toEqual([400, 'WEBHOOK_REFUSED']);
    paydunya.complete(token);
    expect((await ipn(paydunya.ipnBody(token))).statusCode).toBe(200);
    expect((await ipn(paydunya.ipnBody(token))).statusCode).toBe(200);
    const { subscription } = (await me.get('/api/users/me')).json();
    expect(subscription.plan).toBe('MONTHLY');
    const days = (Date.parse(subscription.endsAt) - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
  });

  it('is sent back to /fr/chat after a French checkout and /en/chat after an English one', async () => {
    const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const me = await as(amina);
    for (const lang of ['fr', 'en']) {
      const { redirectUrl } = (
        await me.post(`/api/subscription/paydunya/paydunya-session?plan=WEEKLY&lang=${lang}`, {})
      ).json();
      const { return_url, cancel_url } = paydunya.invoice(redirectUrl.split('/').at(-1)).actions;
      expect([new URL(return_url ?? '').pathname, new URL(cancel_url ?? '').pathname]).toEqual([
        `/${lang}/chat`,
        `/${lang}/chat`,
      ]);
    }
    // Started from the profile page, back to it; never to another site.
    const { redirectUrl } = (
      await me.post(
        '/api/subscription/paydunya/paydunya-session?plan=WEEKLY&lang=en&returnTo=%2Fmon-profil',
        {},
      )
    ).json();
    expect(paydunya.invoice(redirectUrl.split('/').at(-1)).actions).toMatchObject({
      return_url: 'http://mawadda.test/en/mon-profil?subscribed=true&plan=WEEKLY',
      cancel_url: 'http://mawadda.test/en/mon-profil?cancelled=subscription',
    });
    const invoices = paydunya.requests.length;
    const foreign = await me.post(
      '/api/subscription/paydunya/paydunya-session?plan=WEEKLY&returnTo=%2F%2Fevil.example',
      {},
    );
    expect([foreign.statusCode, foreign.json().code]).toEqual([400, 'RETURN_PATH_INVALID']);
    expect(paydunya.requests).toHaveLength(invoices);
  });

  /** A gift by mobile money from the giver: the PayDunya invoice's token. */
  const giftByMobileMoney = async (
    giver: Awaited<ReturnType<typeof as>>,
    giftId: number,
    receiverId: string,
    query = '',
  ) => {
    const started = await giver.post(`/api/gifts/paydunya/paydunya-session${query}`, {
      giftId,
      receiverId,
    });
    expect(started.statusCode, started.body).toBe(200);
    return started.json().redirectUrl.split('/').at(-1) as string;
  };

  it('grants a gift paid in FCFA once, however often its IPN comes, and it lands in the conversation as a gift', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const token = await giftByMobileMoney(giver, 1, amina, '?lang=fr');
    // Priced by the server in FCFA, named in the giver's language, and back to the spec's address.
    const invoice = paydunya.invoice(token);
    expect(invoice.total_amount).toBe(1000);
    expect(invoice.description).toBe('Cadeau : Bouquet de tulipes pour Member 0');
    expect(invoice.actions.return_url).toBe(
      `http://mawadda.test/fr/chat?success=true&giftId=1&receiverId=${amina}`,
    );
    // Told before she paid: nothing yet.
    expect((await ipn(paydunya.ipnBody(token))).statusCode).toBe(200);
    expect(await gifts(amina, karim)).toEqual([]);

    paydunya.complete(token);
    const told = await Promise.all([1, 2, 3].map(() => ipn(paydunya.ipnBody(token))));
    expect(told.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // The giver's return after the IPNs finds it paid, and grants nothing twice.
    expect((await giver.post('/api/gifts/send', { giftId: 1, receiverId: amina })).json()).toEqual({
      status: 'paid',
    });
    expect(await gifts(amina, karim)).toMatchObject([
      { senderId: karim, content: 'gift:1', gift: 1, isRead: false },
    ]);
    expect(await gifts(karim, amina)).toMatchObject([{ senderId: karim, gift: 1 }]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.memberId, karim));
    expect(order).toMatchObject({ status: 'paid', amount: 1000, currency: 'xof' });
  });

  it('grants a gift paid in FCFA once when the giver comes back before the IPN', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const token = await giftByMobileMoney(giver, 4, amina);
    expect(paydunya.invoice(token).total_amount).toBe(5000);
    paydunya.complete(token);
    const back = await Promise.all(
      [1, 2].map(() => giver.post('/api/gifts/send', { giftId: 4, receiverId: amina })),
    );
    expect(back.map((r) => r.json())).toEqual([{ status: 'paid' }, { status: 'paid' }]);
    expect((await ipn(paydunya.ipnBody(token))).statusCode).toBe(200);
    expect(await gifts(amina, karim)).toMatchObject([{ content: 'gift:4', gift: 4 }]);
  });

  it('delivers no gift paid in FCFA after its receiver blocked the giver, whether the IPN or the giver comes back first', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const toldFirst = await giftByMobileMoney(giver, 3, amina);
    const backFirst = await giftByMobileMoney(giver, 5, amina);
    expect((await (await as(amina)).post(`/api/users/${karim}/block`)).statusCode).toBe(200);
    paydunya.complete(toldFirst);
    paydunya.complete(backFirst);

    expect((await ipn(paydunya.ipnBody(toldFirst))).statusCode).toBe(200);
    for (const giftId of [3, 5]) {
      expect((await giver.post('/api/gifts/send', { giftId, receiverId: amina })).json()).toEqual({
        status: 'undelivered',
      });
    }
    expect((await ipn(paydunya.ipnBody(backFirst))).statusCode).toBe(200);
    const stored = await t.database.db.select().from(messages).where(eq(messages.senderId, karim));
    expect(stored).toEqual([]);
    expect(
      (await t.database.db.select().from(orders).where(eq(orders.memberId, karim))).map((o) => [
        o.status,
        o.undelivered,
        o.currency,
      ]),
    ).toEqual([
      ['paid', true, 'xof'],
      ['paid', true, 'xof'],
    ]);
  });

  it('grants nothing when PayDunya confirms another amount or a cancelled invoice', async () => {
    const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const me = await as(amina);
    for (const settle of [
      (token: string) => {
        paydunya.complete(token);
        paydunya.invoice(token).total_amount = 100;
      },
      (token: string) => paydunya.cancel(token),
    ]) {
      const { redirectUrl } = (
        await me.post('/api/subscription/paydunya/paydunya-session?plan=WEEKLY', {})
      ).json();
      const token = redirectUrl.split('/').at(-1) as string;
      settle(token);
      await ipn(paydunya.ipnBody(token));
      expect((await me.get('/api/users/me')).json().subscription).toBeNull();
    }
  });
});
