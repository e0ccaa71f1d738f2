import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type Contact,
  destinations,
  type Message,
  type PushPayload,
  pushPayloadSchema,
} from '@mawadda/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, orders } from '../src/db/schema.ts';
import type { PaymentProvider } from '../src/modules/payments/payment-provider.ts';
import { bearer, seedCouple, seedMembers, sessionFor } from './fixtures.ts';
import { startTestPushService, type TestPushService } from './push-service.ts';
import { connectStomp } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

let t: TestContext;
let baseUrl: string;
let push: TestPushService;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t.app);
  push = await startTestPushService();
});
afterAll(async () => {
  await push.close();
});

async function as(memberId: string) {
  const headers = bearer(await sessionFor(t.database.db, memberId));
  return {
    get: (url: string) => t.app.inject({ url, headers }),
    post: (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
  };
}

/** What the member does on the test checkout page: answers where it sends them back. */
async function onCheckout(url: string, action: 'pay' | 'cancel') {
  const path = new URL(url).pathname;
  const page = await t.app.inject({ url: path, headers: { 'accept-language': 'fr-FR' } });
  expect(page.statusCode).toBe(200);
  const done = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
  expect(done.statusCode).toBe(303);
  return { page: page.body, back: new URL(done.headers.location as string) };
}

const conversation = async (memberId: string, withId: string) =>
  (await (await as(memberId)).get(`/api/chat/conversation/${withId}`)).json() as Message[];

describe('the gift catalogue and the plans', () => {
  it('lists the eight gifts in English or French, priced in cents and in round FCFA, each with its picture', async () => {
    const en = (await t.app.inject({ url: '/api/gifts' })).json();
    const fr = (await t.app.inject({ url: '/api/gifts?lang=fr' })).json();
    expect(en).toHaveLength(8);
    expect(en[0]).toEqual({
      id: 1,
      name: 'Tulip bouquet',
      inSentence: 'a tulip bouquet',
      description: expect.any(String),
      price: 299,
      xof: 1000,
      imageUrl: '/images/gifts/tulip-bouquet.svg',
    });
    expect(fr[0]).toMatchObject({
      id: 1,
      name: 'Bouquet de tulipes',
      inSentence: 'un bouquet de tulipes',
      price: 299,
      xof: 1000,
    });
    expect(en.map((g: { xof: number }) => g.xof)).toEqual([
      1000, 2000, 3000, 5000, 500, 1000, 2500, 1500,
    ]);
    expect((await t.app.inject({ url: '/api/gifts?lang=de' })).statusCode).toBe(400);
  });

  it('gives the plans with their card prices of the spec and FCFA prices', async () => {
    const offers = (await t.app.inject({ url: '/api/subscription/plans' })).json();
    expect(offers).toEqual({
      plans: [
        { plan: 'WEEKLY', days: 7, usdCents: 499, xof: 3000 },
        { plan: 'MONTHLY', days: 30, usdCents: 999, xof: 6000 },
        { plan: 'ANNUAL', days: 365, usdCents: 7999, xof: 48000 },
      ],
      methods: ['card', 'mobile-money'],
    });
  });
});

describe('a gift', () => {
  it('is priced by the catalogue, paid on the test checkout, and delivered once', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const started = await giver.post('/api/payment/create-checkout-session', {
      giftId: 4,
      giftName: 'Gold bracelet',
      amount: 1,
      receiverId: amina,
    });
    expect(started.statusCode).toBe(200);
    const { url } = started.json();
    const { page, back } = await onCheckout(url, 'pay');
    expect(page).toContain('Paiement de test');
    expect(page).toContain('9,99');
    expect(back.pathname).toBe('/chat');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      success: 'true',
      giftId: '4',
      receiverId: amina,
    });
    // Twenty confirmations at once, as many tabs and retries would send: one gift.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        giver.post('/api/gifts/send', { giftId: 4, receiverId: amina }),
      ),
    );
    expect(answers.map((a) => a.json())).toEqual(Array(20).fill({ status: 'paid' }));
    const received = await conversation(amina, karim);
    expect(received).toMatchObject([{ senderId: karim, content: 'gift:4', isRead: false }]);
    // Karim never matched with her: his gift is a message request, counted apart (ADR 068).
    const notifications = (await (await as(amina)).get('/api/users/notifications')).json();
    expect(notifications).toMatchObject({ newMessages: 0, messageRequests: 1 });
  });

  it('is not delivered when the member cancels, nor before they pay', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const first = await giver.post('/api/payment/create-checkout-session', {
      giftId: 1,
      receiverId: amina,
    });
    expect((await giver.post('/api/gifts/send', { giftId: 1, receiverId: amina })).json()).toEqual({
      status: 'pending',
    });
    const { back } = await onCheckout(first.json().url, 'cancel');
    expect(back.searchParams.get('cancelled')).toBe('gift');
    expect((await giver.post('/api/gifts/send', { giftId: 1, receiverId: amina })).json()).toEqual({
      status: 'cancelled',
    });
    // Paying a cancelled checkout afterwards changes nothing.
    await onCheckout(first.json().url, 'pay');
    expect(await conversation(amina, karim)).toEqual([]);
  });

  it('refuses an unknown gift, oneself, a member one is never shown, and no checkout', async () => {
    const { amina, youssef, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const refusals = [
      [{ giftId: 9, receiverId: amina }, 400, 'GIFT_UNKNOWN'],
      [{ giftId: 1, receiverId: karim }, 400, 'GIFT_TO_SELF'],
      [{ giftId: 1, receiverId: youssef }, 404, 'MEMBER_NOT_FOUND'],
      [{ giftId: 1, receiverId: crypto.randomUUID() }, 404, 'MEMBER_NOT_FOUND'],
      [{ giftId: 1 }, 400, 'RECEIVER_REQUIRED'],
    ] as const;
    for (const [body, status, code] of refusals) {
      const answer = await giver.post('/api/payment/create-checkout-session', body);
      expect([answer.statusCode, answer.json().code]).toEqual([status, code]);
    }
    const none = await giver.post('/api/gifts/send', { giftId: 2, receiverId: amina });
    expect([none.statusCode, none.json().code]).toEqual([404, 'PAYMENT_NOT_FOUND']);
  });
});

describe('a gift by mobile money', () => {
  it('is priced in FCFA by the server, paid on the test checkout, delivered once as a gift, back on its page', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const page = `/gifts?receiverId=${amina}`;
    const started = await giver.post(
      `/api/gifts/paydunya/paydunya-session?lang=fr&returnTo=${encodeURIComponent(page)}`,
      { giftId: 4, receiverId: amina },
    );
    expect(started.statusCode, started.body).toBe(200);
    const { page: checkout, back } = await onCheckout(started.json().redirectUrl, 'pay');
    expect(checkout).toContain('Cadeau : Bracelet en or pour Member 0');
    expect(checkout).toMatch(/5\s000 FCFA/);
    expect(`${back.pathname}?${back.searchParams}`).toBe(
      `/fr/gifts?receiverId=${amina}&success=true&giftId=4`,
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        giver.post('/api/gifts/send', { giftId: 4, receiverId: amina }),
      ),
    );
    expect(answers.map((a) => a.json())).toEqual(Array(10).fill({ status: 'paid' }));
    expect(await conversation(amina, karim)).toMatchObject([
      { senderId: karim, content: 'gift:4', gift: 4, isRead: false },
    ]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.memberId, karim));
    expect(order).toMatchObject({ kind: 'gift', amount: 5000, currency: 'xof', status: 'paid' });
  });

  it('is refused as a gift by card is: an unknown gift, oneself, a member one is never shown, another site', async () => {
    const { amina, youssef, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const refusals = [
      ['', { giftId: 9, receiverId: amina }, 400, 'GIFT_UNKNOWN'],
      ['', { giftId: 1, receiverId: karim }, 400, 'GIFT_TO_SELF'],
      ['', { giftId: 1, receiverId: youssef }, 404, 'MEMBER_NOT_FOUND'],
      ['', { giftId: 1 }, 400, 'RECEIVER_REQUIRED'],
      [
        '?returnTo=%2F%2Fevil.example',
        { giftId: 1, receiverId: amina },
        400,
        'RETURN_PATH_INVALID',
      ],
    ] as const;
    for (const [query, body, status, code] of refusals) {
      const answer = await giver.post(`/api/gifts/paydunya/paydunya-session${query}`, body);
      expect([answer.statusCode, answer.json().code]).toEqual([status, code]);
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.memberId, karim))).toEqual([]);
  });
});

describe('a text that reads like a gift', () => {
  /** A phone of the member's, in English: answers what it was shown, as the service worker reads it. */
  async function phone(memberId: string) {
    const subscription = push.subscribe();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { ...bearer(await sessionFor(t.database.db, memberId)), 'accept-language': 'en' },
      payload: subscription,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return async (): Promise<PushPayload[]> => {
      await t.app.push.drain();
      return push.received
        .filter((p) => p.endpoint === subscription.endpoint && p.status === 201)
        .map((p) => pushPayloadSchema.parse(JSON.parse(p.payload)));
    };
  }
  const lastMessageFrom = async (memberId: string, fromId: string) =>
    ((await (await as(memberId)).get('/api/chat/contacts')).json() as Contact[]).find(
      (c) => c.id === fromId,
    );

  it('is a text: not a gift in the conversation, its preview or the push; a paid gift still is', async () => {
    const { amina, youssef } = await seedCouple(t.database.db);
    const shown = await phone(amina);
    const giver = await as(youssef);

    // Youssef types what a gift's content looks like: a text, whatever it says.
    const typed = await giver.post(`/api/chat/send/${amina}`, { content: 'gift:4' });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json()).not.toHaveProperty('gift');
    const [text] = await conversation(amina, youssef);
    expect(text).toMatchObject({ senderId: youssef, content: 'gift:4' });
    expect(text).not.toHaveProperty('gift');
    const textPreview = (await lastMessageFrom(amina, youssef))?.lastMessage;
    expect(textPreview).toEqual({ mine: false, kind: 'text', text: 'gift:4', call: null });
    expect(await shown()).toEqual([
      expect.objectContaining({ kind: 'message', body: 'Sent you a message' }),
    ]);

    // Then he pays for gift 4: that one is a gift, marked so by the server.
    const started = await giver.post('/api/payment/create-checkout-session', {
      giftId: 4,
      receiverId: amina,
    });
    expect(started.statusCode, started.body).toBe(200);
    await onCheckout(started.json().url, 'pay');
    const [, gift] = await conversation(amina, youssef);
    expect(gift).toMatchObject({ senderId: youssef, content: 'gift:4', gift: 4 });
    expect((await lastMessageFrom(amina, youssef))?.lastMessage).toEqual({
      mine: false,
      kind: 'gift',
      text: 'gift:4',
      call: null,
      gift: 4,
    });
    expect((await lastMessageFrom(youssef, amina))?.lastMessage).toMatchObject({
      mine: true,
      kind: 'gift',
      gift: 4,
    });
    expect((await shown()).map((p) => [p.kind, p.body])).toEqual([
      ['message', 'Sent you a message'],
      ['gift', 'Sent you a gift'],
    ]);
    // Both are unread messages of hers.
    const notifications = (await (await as(amina)).get('/api/users/notifications')).json();
    expect(notifications.newMessages).toBe(2);
  });

  it('stays a text through migration 0029, which marks only the gifts already paid for', async () => {
    const { amina, youssef, karim } = await seedCouple(t.database.db);
    const giver = await as(youssef);
    await giver.post(`/api/chat/send/${amina}`, { content: 'gift:4' });
    const started = await giver.post('/api/payment/create-checkout-session', {
      giftId: 4,
      receiverId: amina,
    });
    await onCheckout(started.json().url, 'pay');
    // A text sent under an order's id before it was paid: the gift could not be stored, and its
    // order was left undelivered (owed back).
    const early = crypto.randomUUID();
    await t.database.db.insert(orders).values({
      id: early,
      memberId: karim,
      kind: 'gift',
      giftId: 2,
      receiverId: amina,
      amount: 499,
      currency: 'usd',
      provider: 'local',
      status: 'paid',
      undelivered: true,
      paidAt: t.clock.now(),
    });
    await t.database.db.insert(messages).values({
      uuid: early,
      senderId: karim,
      receiverId: amina,
      content: 'gift:2',
      sentAt: t.clock.now(),
    });
    const theirs = inArray(messages.senderId, [youssef, karim]);
    const marks = async () =>
      (
        await t.database.db
          .select({ sender: messages.senderId, content: messages.content, gift: messages.giftId })
          .from(messages)
          .where(theirs)
          .orderBy(messages.seq)
      ).map((m) => [m.sender, m.content, m.gift]);
    const after = [
      [youssef, 'gift:4', null],
      [youssef, 'gift:4', 4],
      [karim, 'gift:2', null],
    ];
    expect(await marks()).toEqual(after);

    // The rows as they were before the migration, unmarked; then its statement that marks them.
    await t.database.db.update(messages).set({ giftId: null }).where(theirs);
    const migration = await fs.readFile(
      path.join(import.meta.dirname, '../drizzle/0029_message_gift_mark.sql'),
      'utf8',
    );
    const marking = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "messages"'));
    expect(marking).toBeDefined();
    await t.database.db.execute(sql.raw(marking ?? ''));
    expect(await marks()).toEqual(after);
    expect((await conversation(amina, youssef)).map((m) => m.gift ?? null)).toEqual([null, 4]);
  });
});

describe('a gift paid after its receiver blocked the giver', () => {
  it('is recorded paid and undelivered: nothing stored or published, and the giver is told', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const giver = await as(karim);
    const socket = await connectStomp(baseUrl, await sessionFor(t.database.db, amina));
    const inbox = socket.subscribe(destinations.chat(amina));
    // Three checkouts opened while she could still receive his gifts.
    const urls: string[] = [];
    for (const giftId of [1, 2, 3]) {
      const started = await giver.post('/api/payment/create-checkout-session', {
        giftId,
        receiverId: amina,
      });
      expect(started.statusCode, started.body).toBe(200);
      urls.push(started.json().url);
    }
    expect((await (await as(amina)).post(`/api/users/${karim}/block`)).statusCode).toBe(200);

    // Each paid on the test checkout, which tells us at once, as a provider's webhook would.
    for (const url of urls) await onCheckout(url, 'pay');
    for (const giftId of [1, 2, 3]) {
      const back = await giver.post('/api/gifts/send', { giftId, receiverId: amina });
      expect(back.json()).toEqual({ status: 'undelivered' });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.messages).toEqual([]);
    await socket.disconnect();
    expect(await t.database.db.select().from(messages).where(eq(messages.senderId, karim))).toEqual(
      [],
    );
    const recorded = await t.database.db.select().from(orders).where(eq(orders.memberId, karim));
    expect(recorded.map((o) => [o.status, o.undelivered])).toEqual(Array(3).fill(['paid', true]));
  });
});

describe('open checkouts', () => {
  it('are capped per member (429, nothing recorded), a place freed by paying, cancelling or time', async () => {
    const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const me = await as(amina);
    const open = () => me.post('/api/subscription/create-subscription-session?plan=WEEKLY');
    const ordersOf = async () =>
      (await t.database.db.select().from(orders).where(eq(orders.memberId, amina))).length;
    // Opened all at once, as several tabs would: three, never more (the default cap).
    const answers = await Promise.all(Array.from({ length: 5 }, open));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json().code).toBe('CHECKOUTS_OPEN_TOO_MANY');
    // Mobile money counts too, and a refusal records nothing.
    const byMobile = await me.post('/api/subscription/paydunya/paydunya-session?plan=WEEKLY', {});
    expect([byMobile.statusCode, byMobile.json().code]).toEqual([429, 'CHECKOUTS_OPEN_TOO_MANY']);
    expect(await ordersOf()).toBe(3);

    const [first, second] = answers.filter((a) => a.statusCode === 200);
    await onCheckout(first?.json().url, 'pay');
    expect((await open()).statusCode).toBe(200);
    // A checkout cancelled at the provider frees its place once the provider is asked.
    await onCheckout(second?.json().url, 'cancel');
    expect((await open()).statusCode).toBe(200);
    expect((await open()).statusCode).toBe(429);
    // An hour on, the checkouts still pending have expired at the provider.
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await open()).statusCode).toBe(200);
  });
});

describe('a subscription', () => {
  it('starts when paid by card and extends from its current end when paid again', async () => {
    const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const me = await as(amina);
    const someoneElse = crypto.randomUUID();
    for (const expectedDays of [30, 60]) {
      const started = await me.post(
        `/api/subscription/create-subscription-session?plan=MONTHLY&userId=${someoneElse}`,
      );
      const { back } = await onCheckout(started.json().url, 'pay');
      expect(Object.fromEntries(back.searchParams)).toEqual({
        subscribed: 'true',
        plan: 'MONTHLY',
        userId: amina,
      });
      expect((await me.post('/api/subscription/confirm?plan=MONTHLY')).json()).toEqual({
        status: 'paid',
      });
      const { subscription } = (await me.get('/api/users/me')).json();
      const days = (Date.parse(subscription.endsAt) - t.clock.now().getTime()) / 86_400_000;
      expect(subscription.plan).toBe('MONTHLY');
      expect(days).toBeCloseTo(expectedDays, 3);
    }
  });

  it('is priced in FCFA by mobile money and comes back only to this site', async () => {
    const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const me = await as(amina);
    const foreign = await me.post('/api/subscription/paydunya/paydunya-session?plan=WEEKLY', {
      callbackUrl: 'https://evil.example/steal',
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([400, 'CALLBACK_URL_FOREIGN']);
    const started = await me.post('/api/subscription/paydunya/paydunya-session?plan=WEEKLY', {
      callbackUrl: 'http://mawadda.test/chat?subscribed=true&plan=WEEKLY',
    });
    const { page, back } = await onCheckout(started.json().redirectUrl, 'pay');
    expect(page).toMatch(/3\s000 FCFA/);
    expect(back.href).toBe('http://mawadda.test/chat?subscribed=true&plan=WEEKLY');
    await me.post('/api/subscription/confirm?plan=WEEKLY');
    expect((await me.get('/api/users/me')).json().subscription.plan).toBe('WEEKLY');
  });

  it('refuses an unknown plan', async () => {
    const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const answer = await (await as(amina)).post('/api/subscription/confirm?plan=DAILY');
    expect([answer.statusCode, answer.json().code]).toEqual([400, 'PLAN_INVALID']);
  });
});

describe('the way back from the test checkout', () => {
  it('is /fr/chat after a French checkout and /en/chat after an English one, paid or cancelled', async () => {
    // Her match: his gifts, one after the other, are not a message request waiting (ADR 068).
    const { amina, youssef } = await seedCouple(t.database.db);
    const me = await as(youssef);
    // A gift and a plan by card, and a plan by mobile money without a callbackUrl of its own.
    const checkouts = async (lang: string): Promise<string[]> => [
      (
        await me.post(`/api/payment/create-checkout-session?lang=${lang}`, {
          giftId: 1,
          receiverId: amina,
        })
      ).json().url,
      (
        await me.post(`/api/subscription/create-subscription-session?plan=WEEKLY&lang=${lang}`)
      ).json().url,
      (
        await me.post(`/api/subscription/paydunya/paydunya-session?plan=WEEKLY&lang=${lang}`, {})
      ).json().redirectUrl,
    ];
    for (const lang of ['fr', 'en']) {
      for (const action of ['pay', 'cancel'] as const) {
        for (const url of await checkouts(lang)) {
          const { back } = await onCheckout(url, action);
          expect(back.pathname).toBe(`/${lang}/chat`);
          expect(back.searchParams.has('cancelled')).toBe(action === 'cancel');
        }
      }
    }
    const unknown = await me.post('/api/payment/create-checkout-session?lang=de', {
      giftId: 1,
      receiverId: amina,
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the way back to the page the member started from', () => {
  it('is that page, paid or cancelled, for a gift and a plan by card and by mobile money', async () => {
    // Her match: his gifts, one after the other, are not a message request waiting (ADR 068).
    const { amina, youssef } = await seedCouple(t.database.db);
    const me = await as(youssef);
    const conversation = `/chat?userId=${amina}`;
    const returnTo = encodeURIComponent(conversation);
    const checkouts = async (): Promise<string[]> => [
      (
        await me.post(`/api/payment/create-checkout-session?lang=fr&returnTo=${returnTo}`, {
          giftId: 1,
          receiverId: amina,
        })
      ).json().url,
      (
        await me.post(
          `/api/subscription/create-subscription-session?plan=WEEKLY&lang=fr&returnTo=${returnTo}`,
        )
      ).json().url,
      (
        await me.post(
          `/api/subscription/paydunya/paydunya-session?plan=WEEKLY&lang=fr&returnTo=${returnTo}`,
          {},
        )
      ).json().redirectUrl,
    ];
    const pay = await Promise.all((await checkouts()).map((url) => onCheckout(url, 'pay')));
    expect(pay.map(({ back }) => `${back.pathname}?${back.searchParams}`)).toEqual([
      `/fr/chat?userId=${amina}&success=true&giftId=1&receiverId=${amina}`,
      `/fr/chat?userId=${amina}&subscribed=true&plan=WEEKLY`,
      `/fr/chat?userId=${amina}&subscribed=true&plan=WEEKLY`,
    ]);
    const cancel = await Promise.all((await checkouts()).map((url) => onCheckout(url, 'cancel')));
    expect(cancel.map(({ back }) => `${back.pathname}?${back.searchParams}`)).toEqual([
      `/fr/chat?userId=${amina}&cancelled=gift`,
      `/fr/chat?userId=${amina}&cancelled=subscription`,
      `/fr/chat?userId=${amina}&cancelled=subscription`,
    ]);
    for (const { back } of [...pay, ...cancel]) expect(back.origin).toBe('http://mawadda.test');

    // Started from the profile page, the member comes back to it.
    const fromProfile = await me.post(
      '/api/subscription/create-subscription-session?plan=ANNUAL&returnTo=%2Fmon-profil',
    );
    const { back } = await onCheckout(fromProfile.json().url, 'cancel');
    expect(back.href).toBe('http://mawadda.test/mon-profil?cancelled=subscription');
  });

  it('refuses anything but a page of this app, and opens no checkout for it', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    const me = await as(karim);
    const elsewhere = [
      'https://evil.example/chat',
      '//evil.example/chat',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      'javascript:alert(1)',
      'evil.example',
      '/chat@evil.example',
      '/chat#@evil.example',
      '/chat?next=https://evil.example',
      '/fr/chat',
      '/moderation',
      '/checkout/local/x',
      '/api/users/me',
      '',
      `/chat?userId=${'a'.repeat(300)}`,
    ];
    const starts = (returnTo: string) => {
      const query = `returnTo=${encodeURIComponent(returnTo)}`;
      return [
        me.post(`/api/payment/create-checkout-session?${query}`, { giftId: 1, receiverId: amina }),
        me.post(`/api/subscription/create-subscription-session?plan=WEEKLY&${query}`),
        me.post(`/api/subscription/paydunya/paydunya-session?plan=WEEKLY&${query}`, {}),
      ];
    };
    for (const returnTo of elsewhere) {
      for (const answer of await Promise.all(starts(returnTo))) {
        expect([returnTo, answer.statusCode, answer.json().code]).toEqual([
          returnTo,
          400,
          'RETURN_PATH_INVALID',
        ]);
      }
    }
    const refused = await me.post(
      '/api/subscription/create-subscription-session?plan=WEEKLY&returnTo=%2F%2Fevil.example',
    );
    expect(refused.json().message).toBe(
      'returnTo must be the path of a page of this app, such as /chat',
    );
    expect(await t.database.db.select().from(orders).where(eq(orders.memberId, karim))).toEqual([]);
  });
});

describe('what the checkout page says is bought', () => {
  it('names the plan and the gift in the member’s language, not the plan’s code', async () => {
    const { karim } = await seedCouple(t.database.db);
    const me = await as(karim);
    // Four checkouts from one member would pass the cap on open ones: the gifts come from another.
    const couple = await seedCouple(t.database.db);
    const giver = await as(couple.karim);
    const page = async (url: string) => {
      const { pathname, search } = new URL(url);
      return (await t.app.inject({ url: pathname + search })).body;
    };
    const plan = async (lang: string) =>
      page(
        (
          await me.post(`/api/subscription/create-subscription-session?plan=MONTHLY&lang=${lang}`)
        ).json().url,
      );
    const gift = async (lang: string) =>
      page(
        (
          await giver.post(`/api/payment/create-checkout-session?lang=${lang}`, {
            giftId: 8,
            receiverId: couple.amina,
          })
        ).json().url,
      );
    const fr = await plan('fr');
    expect(fr).toContain('<html lang="fr">');
    expect(fr).toContain('Vous achetez: <strong>Abonnement Mawadda : formule mensuelle</strong>');
    expect(fr).not.toContain('MONTHLY');
    expect(await plan('en')).toContain(
      'You are buying: <strong>Mawadda subscription: monthly plan</strong>',
    );
    expect(await gift('fr')).toContain('<strong>Cadeau : Bougie parfumée pour Member 0</strong>');
    expect(await gift('en')).toContain('<strong>Gift: Scented candle for Member 0</strong>');
  });
});

describe('a provider that reports another payment than the one ordered', () => {
  it('grants nothing for a wrong amount, a wrong currency or another order', async () => {
    const lies: Array<Partial<Awaited<ReturnType<PaymentProvider['lookup']>>>> = [
      { amount: 1 },
      { currency: 'xof' },
      { orderId: crypto.randomUUID() },
    ];
    for (const lie of lies) {
      const opened = new Map<string, { orderId: string; amount: number }>();
      const provider: PaymentProvider = {
        name: 'stripe',
        async createCheckout(request) {
          const reference = `cs_${crypto.randomUUID()}`;
          opened.set(reference, request);
          return { reference, url: `https://checkout.example/${reference}` };
        },
        async lookup(reference) {
          const request = opened.get(reference);
          return {
            status: 'paid',
            amount: request?.amount ?? 0,
            currency: 'usd',
            orderId: request?.orderId ?? null,
            ...lie,
          };
        },
      };
      const other = await createTestApp({
        database: t.database,
        paymentProviders: { card: provider },
      });
      const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
      const headers = bearer(await sessionFor(t.database.db, amina));
      await other.app.inject({
        method: 'POST',
        url: '/api/subscription/create-subscription-session?plan=ANNUAL',
        headers,
      });
      const confirmed = await other.app.inject({
        method: 'POST',
        url: '/api/subscription/confirm?plan=ANNUAL',
        headers,
      });
      expect(confirmed.json()).toEqual({ status: 'failed' });
      expect((await other.app.inject({ url: '/api/users/me', headers })).json().subscription).toBe(
        null,
      );
    }
  });
});

describe('in production without provider keys', () => {
  it('offers no payment method and no test checkout', async () => {
    const production = await createTestApp({ database: t.database, paymentProviders: {} });
    const [amina = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const answer = await production.app.inject({
      method: 'POST',
      url: '/api/subscription/create-subscription-session?plan=WEEKLY',
      headers: bearer(await sessionFor(t.database.db, amina)),
    });
    expect([answer.statusCode, answer.json().code]).toEqual([503, 'PAYMENT_UNAVAILABLE']);
    const [karim = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const gift = await production.app.inject({
      method: 'POST',
      url: '/api/gifts/paydunya/paydunya-session',
      headers: bearer(await sessionFor(t.database.db, karim)),
      payload: { giftId: 1, receiverId: amina },
    });
    expect([gift.statusCode, gift.json().code]).toEqual([503, 'PAYMENT_UNAVAILABLE']);
    expect((await production.app.inject({ url: '/checkout/local/local_x' })).statusCode).toBe(404);
    expect(
      (await production.app.inject({ url: '/api/subscription/plans' })).json().methods,
    ).toEqual([]);
  });
});
