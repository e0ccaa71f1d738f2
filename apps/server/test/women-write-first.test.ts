import { type PushPayload, pushPayloadSchema } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema.ts';
import {
  bearer,
  memberClient,
  multipart,
  pngImage,
  registeredMember,
  seedLikes,
  seedMembers,
  seedSubscription,
} from './fixtures.ts';
import { startTestPushService, type TestPushService } from './push-service.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * Women write first (ADR 069): her choice, refused to a man; after a match only she writes
 * first, through the one rule (text, photo, gift, call); her reminder at 72 hours, once; the
 * lapse at 7 days, told to both.
 */

let t: TestContext;
let push: TestPushService;
beforeAll(async () => {
  t = await createTestApp();
  push = await startTestPushService();
});
afterAll(async () => {
  await push.close();
});

const HOUR = 3600_000;

const as = (memberId: string) => memberClient(t.app, t.database.db, memberId);

/** A phone of the member, subscribed in its language; answers what it was shown. */
async function phone(token: string, language = 'en-GB,en;q=0.8') {
  const subscription = push.subscribe();
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...bearer(token), 'accept-language': language },
    payload: subscription,
  });
  expect(answer.statusCode).toBe(201);
  return async (): Promise<PushPayload[]> => {
    await t.app.push.drain();
    return push.received
      .filter((p) => p.endpoint === subscription.endpoint && p.status === 201)
      .map((p) => pushPayloadSchema.parse(JSON.parse(p.payload)));
  };
}

/** Mariama, who chose to write first, and Ousmane, a subscriber: matched now. */
async function womenFirstMatch(options: { womenWriteFirst?: boolean } = {}) {
  const [mariama = '', ousmane = ''] = await seedMembers(t.database.db, [
    {
      gender: 'femme',
      name: 'Mariama',
      profile: { womenWriteFirst: options.womenWriteFirst ?? true },
    },
    { gender: 'homme', name: 'Ousmane' },
  ]);
  await seedSubscription(t.database.db, ousmane);
  await seedLikes(
    t.database.db,
    [
      [mariama, ousmane],
      [ousmane, mariama],
    ],
    t.clock.now(),
  );
  return { mariama, ousmane, her: await as(mariama), him: await as(ousmane) };
}

describe('the setting', () => {
  const profile = {
    name: 'Ibrahima',
    age: '31',
    gender: 'homme',
    maritalStatus: 'celibataire',
    location: 'Dakar, Senegal',
    latitude: '14.716677',
    longitude: '-17.467686',
    bio: 'Ma bio',
  };
  const update = async (token: string, fields: Record<string, string>) => {
    const body = multipart({ ...profile, ...fields });
    return t.app.inject({
      method: 'PUT',
      url: '/api/users/update',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };

  it('is refused to a man, with a code, and nothing changes', async () => {
    const man = await registeredMember(t.app, { gender: 'homme' });
    const answer = await update(man.token, { womenWriteFirst: 'true' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'WOMEN_WRITE_FIRST_FOR_WOMEN',
      errors: [{ path: 'womenWriteFirst', code: 'WOMEN_WRITE_FIRST_FOR_WOMEN' }],
    });
    const [row] = await t.database.db
      .select({ on: members.womenWriteFirst, bio: members.bio })
      .from(members)
      .where(eq(members.id, man.id));
    expect(row).toEqual({ on: false, bio: expect.not.stringMatching('Ma bio') });
  });

  it('is off by default, a woman turns it on, and it goes if she is no longer a woman', async () => {
    const woman = await registeredMember(t.app, { gender: 'femme' });
    const me = async () =>
      (await t.app.inject({ url: '/api/users/me', headers: bearer(woman.token) })).json();
    expect((await me()).womenWriteFirst).toBe(false);
    expect(
      (await update(woman.token, { gender: 'femme', womenWriteFirst: 'true' })).statusCode,
    ).toBe(200);
    expect((await me()).womenWriteFirst).toBe(true);
    // A form without the field keeps it; a gender changed drops it.
    expect((await update(woman.token, { gender: 'femme' })).statusCode).toBe(200);
    expect((await me()).womenWriteFirst).toBe(true);
    expect((await update(woman.token, { gender: 'homme' })).statusCode).toBe(200);
    expect((await me()).womenWriteFirst).toBe(false);
  });
});

describe('after a match', () => {
  it('he cannot write, send a photo, a gift or call first; he sees that it waits for her', async () => {
    const { mariama, ousmane, her, him } = await womenFirstMatch();
    const text = await him.post(`/api/chat/send/${mariama}`, { content: 'Salam Mariama' });
    expect(text).toMatchObject({ status: 403, body: { code: 'WAITING_FOR_HER_FIRST_WORD' } });
    const photo = multipart(
      {},
      { image: [{ filename: 'p.png', contentType: 'image/png', data: await pngImage() }] },
    );
    const image = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${mariama}`,
      payload: photo.payload,
      headers: { ...photo.headers, ...bearer(him.token) },
    });
    expect(image.statusCode).toBe(403);
    expect(image.json().code).toBe('WAITING_FOR_HER_FIRST_WORD');
    const gift = await him.post('/api/payment/create-checkout-session', {
      giftId: 1,
      receiverId: mariama,
    });
    expect(gift).toMatchObject({ status: 403, body: { code: 'WAITING_FOR_HER_FIRST_WORD' } });
    await expect(
      t.app.platform.rules.whoMayWrite.assertMayCall(ousmane, mariama),
    ).rejects.toMatchObject({
      code: 'WAITING_FOR_HER_FIRST_WORD',
    });
    expect((await him.get(`/api/chat/conversation/${mariama}`)).body).toEqual([]);

    expect((await him.get(`/api/chat/contacts/${mariama}`)).body.awaitingFirstWordOf).toBe('them');
    expect((await her.get(`/api/chat/contacts/${ousmane}`)).body.awaitingFirstWordOf).toBe('me');

    // Her first word opens it for both.
    expect((await her.post(`/api/chat/send/${ousmane}`, { content: 'Salam Ousmane' })).status).toBe(
      201,
    );
    expect(
      (await him.post(`/api/chat/send/${mariama}`, { content: 'Wa alaykum salam' })).status,
    ).toBe(201);
    expect(
      (await him.get(`/api/chat/contacts/${mariama}`)).body.awaitingFirstWordOf,
    ).toBeUndefined();
  });

  it('without her setting, he writes first as before', async () => {
    const { mariama, him } = await womenFirstMatch({ womenWriteFirst: false });
    expect((await him.post(`/api/chat/send/${mariama}`, { content: 'Salam' })).status).toBe(201);
  });

  it('holds a subscriber who is not matched with her too', async () => {
    const { mariama } = await womenFirstMatch();
    const [stranger = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    await seedSubscription(t.database.db, stranger);
    const answer = await (await as(stranger)).post(`/api/chat/send/${mariama}`, {
      content: 'Salam',
    });
    expect(answer).toMatchObject({ status: 403, body: { code: 'WAITING_FOR_HER_FIRST_WORD' } });
  });
});

describe('her reminder and the lapse', () => {
  it('reminds her once at 72 hours, then lapses the match at 7 days, telling both', async () => {
    const { mariama, ousmane, her, him } = await womenFirstMatch();
    const hers = await phone(her.token, 'fr-FR,fr;q=0.9');
    const his = await phone(him.token);
    const before = (await hers()).length;

    t.clock.advance(71 * HOUR);
    await t.app.matchReminders.run();
    expect(await hers()).toHaveLength(before);

    t.clock.advance(2 * HOUR);
    await t.app.matchReminders.run();
    // Two nodes running at the same moment, and the next runs: still one reminder.
    await Promise.all([t.app.matchReminders.run(), t.app.matchReminders.run()]);
    t.clock.advance(24 * HOUR);
    await t.app.matchReminders.run();
    const reminders = (await hers()).filter((p) => p.kind === 'match-update');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.body).toContain('Ousmane attend votre premier mot');
    expect((await his()).filter((p) => p.kind === 'match-update')).toEqual([]);

    t.clock.advance(4 * 24 * HOUR);
    await Promise.all([t.app.matchReminders.run(), t.app.matchReminders.run()]);
    const lapsedHers = (await hers()).filter((p) => p.body.includes('s’est refermé'));
    const lapsedHis = (await his()).filter((p) =>
      p.body.includes('closed without a first message'),
    );
    expect(lapsedHers).toHaveLength(1);
    expect(lapsedHis).toHaveLength(1);

    // Lapsed as an unmatch by neither: no one can write until both like again.
    const contact = (await him.get(`/api/chat/contacts/${mariama}`)).body;
    expect(contact).toMatchObject({ matched: false, matchEnded: true });
    expect((await her.post(`/api/chat/send/${ousmane}`, { content: 'Salam' })).body.code).toBe(
      'MATCH_ENDED',
    );
    expect((await her.post('/like', { likedUserId: ousmane })).status).toBe(200);
    expect((await him.post('/like', { likedUserId: mariama })).status).toBe(200);
    expect((await her.post(`/api/chat/send/${ousmane}`, { content: 'Salam' })).status).toBe(201);
  });

  it('neither reminds nor lapses a match she wrote in', async () => {
    const { ousmane, her } = await womenFirstMatch();
    const hers = await phone(her.token);
    expect((await her.post(`/api/chat/send/${ousmane}`, { content: 'Salam' })).status).toBe(201);
    t.clock.advance(73 * HOUR);
    await t.app.matchReminders.run();
    expect((await hers()).filter((p) => p.body.includes('first word'))).toEqual([]);
    t.clock.advance(5 * 24 * HOUR);
    await t.app.matchReminders.run();
    expect((await her.get(`/api/chat/contacts/${ousmane}`)).body.matched).toBe(true);
  });

  it('a women-first match unmatched before 7 days is not lapsed nor reminded', async () => {
    const { mariama, ousmane, her, him } = await womenFirstMatch();
    const hers = await phone(her.token);
    expect((await him.del(`/api/users/${mariama}/match`)).status).toBe(200);
    t.clock.advance(8 * 24 * HOUR);
    await t.app.matchReminders.run();
    expect((await hers()).filter((p) => p.kind === 'match-update')).toEqual([]);
    // The unmatch stays his: she may not write, and he may not either.
    expect((await her.post(`/api/chat/send/${ousmane}`, { content: 'Salam' })).body.code).toBe(
      'MATCH_ENDED',
    );
  });
});
