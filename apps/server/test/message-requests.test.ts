import fs from 'node:fs/promises';
import path from 'node:path';
import type { Contact, Notifications, ReceivedRequest } from '@mawadda/contract';
import { eq, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageRequests } from '../src/db/schema.ts';
import { eraseMember } from '../src/modules/account/account-deletion.repository.ts';
import { collectMemberData } from '../src/modules/account/data-export.repository.ts';
import {
  bearer,
  multipart,
  pngImage,
  seedLikes,
  seedMembers,
  seedSubscription,
  sessionFor,
} from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ config: { suggestionPagesPerMinute: 1000 } });
});

const DAY_MS = 86_400_000;

/** A member's requests to the API, with their session. */
async function as(memberId: string) {
  const headers = bearer(await sessionFor(t.database.db, memberId));
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    call,
    write: (to: string, content = 'Salam, your profile touched me') =>
      call('POST', `/api/chat/send/${to}`, { content }),
    async sendFile(to: string, field: 'image' | 'audio', file: Buffer, type: string) {
      const form = multipart(
        { uuid: crypto.randomUUID() },
        { [field]: [{ filename: `f.${type.split('/')[1]}`, contentType: type, data: file }] },
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/chat/send/${to}`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    },
    requests: async () => (await call('GET', '/api/chat/requests')).json() as ReceivedRequest[],
    contacts: async () => (await call('GET', '/api/chat/contacts')).json() as Contact[],
    counts: async () => (await call('GET', '/api/users/notifications')).json() as Notifications,
    accept: (senderId: string) => call('POST', `/api/chat/requests/${senderId}/accept`),
    decline: (senderId: string, body: object = {}) =>
      call('POST', `/api/chat/requests/${senderId}/decline`, body),
    suggested: async () =>
      (
        (await call('GET', '/api/users/suggestions?page=0&size=100')).json().content as Array<{
          id: string;
        }>
      ).map((m) => m.id),
  };
}

const refusal = (response: { statusCode: number; json(): { code?: string } }) => [
  response.statusCode,
  response.json().code,
];

/** Aïcha, and Omar, a subscriber she never matched with, who has written her a first message. */
async function requested() {
  const [aicha = '', omar = ''] = await seedMembers(t.database.db, [
    { gender: 'femme', name: 'Aïcha' },
    { gender: 'homme', name: 'Omar' },
  ]);
  await seedSubscription(t.database.db, omar);
  const him = await as(omar);
  const her = await as(aicha);
  const first = await him.write(aicha);
  expect(first.statusCode, first.body).toBe(201);
  return { aicha, omar, him, her };
}

describe('a first message from a member one has not matched with', () => {
  it('waits in her Requests list, not among her conversations, counted apart', async () => {
    const { aicha, omar, him, her } = await requested();
    expect(await her.contacts()).toEqual([]);
    const [request, ...others] = await her.requests();
    expect(others).toEqual([]);
    expect(request?.sender).toMatchObject({ id: omar, name: 'Omar' });
    expect(request?.message).toMatchObject({
      senderId: omar,
      content: 'Salam, your profile touched me',
    });
    expect(request?.expiresAt).toBe(new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString());
    expect(await her.counts()).toMatchObject({
      messageRequests: 1,
      newMessages: 0,
      unreadConversations: 0,
    });
    // He sees his conversation, waiting for her answer.
    const [mine] = await him.contacts();
    expect(mine).toMatchObject({ id: aicha, request: { state: 'pending', reply: null } });
  });

  it('lets nothing more go from him until she answers: no message, photo, voice note or gift', async () => {
    const { aicha, him } = await requested();
    expect(refusal(await him.write(aicha, 'Are you there?'))).toEqual([403, 'REQUEST_PENDING']);
    const photo = await him.sendFile(aicha, 'image', await pngImage(), 'image/png');
    expect(refusal(photo)).toEqual([403, 'REQUEST_PENDING']);
    const voice = await fs.readFile(path.join(import.meta.dirname, 'fixtures/voice-note.ogg'));
    expect(refusal(await him.sendFile(aicha, 'audio', voice, 'audio/ogg'))).toEqual([
      403,
      'REQUEST_PENDING',
    ]);
    const gift = await him.call('POST', '/api/payment/create-checkout-session', {
      giftId: 1,
      giftName: 'Tulip bouquet',
      amount: 1,
      receiverId: aicha,
    });
    expect(refusal(gift)).toEqual([403, 'REQUEST_PENDING']);
    const [request] = await (await as(aicha)).requests();
    expect(request?.message.content).toBe('Salam, your profile touched me');
  });

  it('opens the conversation for both when she accepts it', async () => {
    const { aicha, omar, him, her } = await requested();
    expect((await her.accept(omar)).statusCode).toBe(200);
    expect(await her.requests()).toEqual([]);
    expect((await her.contacts()).map((c) => c.id)).toEqual([omar]);
    expect((await him.contacts())[0]?.request).toBeNull();
    expect((await him.write(aicha, 'Thank you')).statusCode).toBe(201);
    expect((await her.write(omar, 'Wa alaykum salam')).statusCode).toBe(201);
    // Accepted once: a second accept has no request to answer.
    expect(refusal(await her.accept(omar))).toEqual([404, 'REQUEST_NOT_FOUND']);
  });

  it('is accepted by her answer', async () => {
    const { aicha, omar, him, her } = await requested();
    // Opened on its own (from his profile), his conversation is one she may answer.
    const opened = await her.call('GET', `/api/chat/contacts/${omar}`);
    expect([opened.statusCode, opened.json().id]).toEqual([200, omar]);
    expect((await her.write(omar, 'Wa alaykum salam')).statusCode).toBe(201);
    expect(await her.requests()).toEqual([]);
    expect((await him.write(aicha, 'Barakallahu fik')).statusCode).toBe(201);
    expect((await him.contacts())[0]?.request).toBeNull();
  });

  it('is answered by her only', async () => {
    const { aicha, omar, him } = await requested();
    const [other = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const stranger = await as(other);
    expect(refusal(await him.accept(aicha))).toEqual([404, 'REQUEST_NOT_FOUND']);
    expect(refusal(await him.decline(aicha))).toEqual([404, 'REQUEST_NOT_FOUND']);
    expect(refusal(await stranger.accept(omar))).toEqual([404, 'REQUEST_NOT_FOUND']);
    expect(refusal(await stranger.decline(omar))).toEqual([404, 'REQUEST_NOT_FOUND']);
    expect(refusal(await him.write(aicha, 'Again'))).toEqual([403, 'REQUEST_PENDING']);
    expect(await (await as(aicha)).requests()).toHaveLength(1);
  });

  it('is declined with a kind reply from the list only, and then closes them', async () => {
    const { aicha, omar, him, her } = await requested();
    expect((await him.suggested()).includes(aicha)).toBe(true);
    const unknown = await her.decline(omar, { reply: 'you are not my type' });
    expect(refusal(unknown)).toEqual([400, 'REQUEST_REPLY_INVALID']);
    expect(await her.requests()).toHaveLength(1);
    expect((await her.decline(omar, { reply: 'allah-make-it-easy' })).statusCode).toBe(200);
    expect(await her.requests()).toEqual([]);
    expect(await her.contacts()).toEqual([]);
    const [mine] = await him.contacts();
    expect(mine?.request).toMatchObject({ state: 'declined', reply: 'allah-make-it-easy' });
    expect(refusal(await him.write(aicha, 'Why?'))).toEqual([403, 'REQUEST_DECLINED']);
    expect(refusal(await her.write(omar, 'Salam'))).toEqual([403, 'REQUEST_DECLINED']);
    // She is not suggested to him again.
    expect((await him.suggested()).includes(aicha)).toBe(false);
  });

  it('expires unanswered after 7 days: he is told, and may not write again', async () => {
    const { aicha, omar, him, her } = await requested();
    t.clock.advance(7 * DAY_MS - 60_000);
    expect(await her.requests()).toHaveLength(1);
    t.clock.advance(60_000);
    expect(await her.requests()).toEqual([]);
    expect((await her.counts()).messageRequests).toBe(0);
    expect((await him.contacts())[0]?.request?.state).toBe('expired');
    expect(refusal(await him.write(aicha, 'Still there?'))).toEqual([403, 'REQUEST_EXPIRED']);
    expect(refusal(await her.accept(omar))).toEqual([404, 'REQUEST_NOT_FOUND']);
    expect(refusal(await her.write(omar, 'Sorry, I was away'))).toEqual([403, 'REQUEST_EXPIRED']);
  });

  it('is also what a paid gift opening a conversation makes', async () => {
    const [aicha = '', moussa = ''] = await seedMembers(t.database.db, [
      { gender: 'femme' },
      { gender: 'homme' },
    ]);
    const giver = await as(moussa);
    const started = await giver.call('POST', '/api/payment/create-checkout-session', {
      giftId: 1,
      giftName: 'Tulip bouquet',
      amount: 1,
      receiverId: aicha,
    });
    expect(started.statusCode, started.body).toBe(200);
    const checkout = new URL(started.json().url).pathname;
    await t.app.inject({
      method: 'POST',
      url: checkout,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    await giver.call('POST', '/api/gifts/send', { giftId: 1, receiverId: aicha });
    const [request] = await (await as(aicha)).requests();
    expect(request?.message).toMatchObject({ senderId: moussa, gift: 1 });
    expect((await giver.contacts())[0]?.request?.state).toBe('pending');
  });

  it('is refused at the payment of a gift whose checkout opened before his request', async () => {
    const [aicha = '', moussa = ''] = await seedMembers(t.database.db, [
      { gender: 'femme' },
      { gender: 'homme' },
    ]);
    await seedSubscription(t.database.db, moussa);
    const giver = await as(moussa);
    const started = await giver.call('POST', '/api/payment/create-checkout-session', {
      giftId: 1,
      giftName: 'Tulip bouquet',
      amount: 1,
      receiverId: aicha,
    });
    expect((await giver.write(aicha)).statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: new URL(started.json().url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    await giver.call('POST', '/api/gifts/send', { giftId: 1, receiverId: aicha });
    const conversation = (
      await (await as(aicha)).call('GET', `/api/chat/conversation/${moussa}`)
    ).json() as Array<{ content: string }>;
    expect(conversation.map((m) => m.content)).toEqual(['Salam, your profile touched me']);
  });
});

describe('where requests meet the other rules', () => {
  it('makes no request between matched members', async () => {
    const [aicha = '', omar = ''] = await seedMembers(t.database.db, [
      { gender: 'femme' },
      { gender: 'homme' },
    ]);
    await seedLikes(t.database.db, [
      [aicha, omar],
      [omar, aicha],
    ]);
    const him = await as(omar);
    expect((await him.write(aicha)).statusCode).toBe(201);
    expect((await him.write(aicha, 'And a second')).statusCode).toBe(201);
    expect(await (await as(aicha)).requests()).toEqual([]);
    expect((await him.contacts())[0]?.request).toBeNull();
  });

  it('opens the conversation when they match while it waits', async () => {
    const { aicha, omar, him, her } = await requested();
    await seedLikes(t.database.db, [
      [aicha, omar],
      [omar, aicha],
    ]);
    expect(await her.requests()).toEqual([]);
    expect((await her.contacts()).map((c) => c.id)).toEqual([omar]);
    expect((await him.write(aicha, 'Alhamdulillah')).statusCode).toBe(201);
    // An unmatch then closes it as any ended match (ADR 017), request or not.
    expect((await her.call('DELETE', `/api/users/${omar}/match`)).statusCode).toBe(200);
    expect(refusal(await him.write(aicha, 'Why?'))).toEqual([403, 'MATCH_ENDED']);
    expect(await her.requests()).toEqual([]);
  });

  it('hides a request whose sender she blocked, and him from nothing more', async () => {
    const { aicha, omar, him, her } = await requested();
    expect((await her.call('POST', `/api/users/${omar}/block`)).statusCode).toBe(200);
    expect(await her.requests()).toEqual([]);
    expect((await her.counts()).messageRequests).toBe(0);
    expect(refusal(await him.write(aicha, 'Hello?'))).toEqual([404, 'MEMBER_NOT_FOUND']);
    expect(refusal(await her.accept(omar))).toEqual([404, 'REQUEST_NOT_FOUND']);
  });
});

describe('a member’s requests and their data', () => {
  it('are in the export of both, and go with the account of either', async () => {
    const { aicha, omar, her } = await requested();
    await her.decline(omar, { reply: 'wish-you-well' });
    const his = await collectMemberData(t.database.db, omar);
    expect(his?.messageRequests).toEqual([
      expect.objectContaining({
        direction: 'sent',
        otherMemberId: aicha,
        state: 'declined',
        reply: 'wish-you-well',
      }),
    ]);
    const hers = await collectMemberData(t.database.db, aicha);
    expect(hers?.messageRequests).toEqual([
      expect.objectContaining({ direction: 'received', otherMemberId: omar, state: 'declined' }),
    ]);
    await t.database.db.transaction((tx) => eraseMember(tx, omar));
    const left = await t.database.db
      .select()
      .from(messageRequests)
      .where(or(eq(messageRequests.senderId, omar), eq(messageRequests.receiverId, omar)));
    expect(left).toEqual([]);
  });
});
