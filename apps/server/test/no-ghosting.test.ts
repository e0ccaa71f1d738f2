import { destinations, type PushPayload, pushPayloadSchema } from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseMember } from '../src/modules/account/account-deletion.repository.ts';
import { collectMemberData } from '../src/modules/account/data-export.repository.ts';
import { bearer, memberClient, seedLikes, seedMembers, seedSubscription } from './fixtures.ts';
import { startTestPushService, type TestPushService } from './push-service.ts';
import { connectStomp } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

/**
 * No ghosting (ADR 070): the reminder of a silent match, once per silence; close kindly (the
 * closing line and the unmatch, together); exclusive mode, its refusals, and where it meets
 * suggestions, first messages, blocks, unmatches and account deletion.
 */

let t: TestContext;
let push: TestPushService;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  push = await startTestPushService();
  baseUrl = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await push.close();
});

const DAY = 24 * 3600_000;

const as = (memberId: string) => memberClient(t.app, t.database.db, memberId);
type Side = Awaited<ReturnType<typeof as>>;

async function phone(side: Side) {
  const subscription = push.subscribe();
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...bearer(side.token), 'accept-language': 'en-GB,en;q=0.8' },
    payload: subscription,
  });
  expect(answer.statusCode).toBe(201);
  return async (): Promise<PushPayload[]> => {
    await t.app.push.drain();
    return push.received
      .filter((p) => p.endpoint === subscription.endpoint && p.status === 201)
      .map((p) => pushPayloadSchema.parse(JSON.parse(p.payload)))
      .filter((p) => p.kind === 'match-update');
  };
}

/** Fatou and Moussa, matched now; Awa and Cheikh, other members of the same town. */
async function matchedPair() {
  const [fatou = '', moussa = '', awa = '', cheikh = ''] = await seedMembers(t.database.db, [
    { gender: 'femme', name: 'Fatou' },
    { gender: 'homme', name: 'Moussa' },
    { gender: 'femme', name: 'Awa' },
    { gender: 'homme', name: 'Cheikh' },
  ]);
  await seedLikes(
    t.database.db,
    [
      [fatou, moussa],
      [moussa, fatou],
    ],
    t.clock.now(),
  );
  for (const id of [fatou, moussa, awa, cheikh]) await seedSubscription(t.database.db, id);
  return {
    her: await as(fatou),
    him: await as(moussa),
    awa: await as(awa),
    cheikh: await as(cheikh),
  };
}

const exclusiveOf = async (viewer: Side, other: Side) =>
  (await viewer.get(`/api/users/${other.id}/exclusive`)).body.state;
const suggested = async (viewer: Side) =>
  ((await viewer.get('/api/users/suggestions?page=0')).body.content as Array<{ id: string }>).map(
    (entry) => entry.id,
  );

describe('the reminder of a silent match', () => {
  it('goes to both once after 5 days without a message, and again only after a new silence', async () => {
    const { her, him } = await matchedPair();
    expect((await her.post(`/api/chat/send/${him.id}`, { content: 'Salam' })).status).toBe(201);
    const hers = await phone(her);
    const his = await phone(him);

    t.clock.advance(4 * DAY);
    await t.app.matchReminders.run();
    expect(await hers()).toEqual([]);

    t.clock.advance(DAY + 60_000);
    await Promise.all([t.app.matchReminders.run(), t.app.matchReminders.run()]);
    t.clock.advance(DAY);
    await t.app.matchReminders.run();
    expect((await hers()).map((p) => p.body)).toEqual([
      'A few days without news between you and Moussa. A word, or a kind goodbye?',
    ]);
    expect(await his()).toHaveLength(1);

    // They talk again, then fall silent again: one more reminder each.
    expect((await him.post(`/api/chat/send/${her.id}`, { content: 'Salam Fatou' })).status).toBe(
      201,
    );
    t.clock.advance(5 * DAY + 60_000);
    await t.app.matchReminders.run();
    await t.app.matchReminders.run();
    expect(await hers()).toHaveLength(2);
    expect(await his()).toHaveLength(2);
  });
});

describe('close kindly', () => {
  it('writes the closing line the other reads, and ends the match, together', async () => {
    const { her, him } = await matchedPair();
    const refused = await her.post(`/api/users/${him.id}/match/close-kindly`, {
      templateId: 'you-are-not-my-type',
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'CLOSING_TEMPLATE_INVALID' } });
    expect((await him.get(`/api/chat/contacts/${her.id}`)).body.matched).toBe(true);

    const closed = await her.post(`/api/users/${him.id}/match/close-kindly`, {
      templateId: 'may-allah-make-it-easy',
    });
    expect(closed.status).toBe(200);
    const conversation = (await him.get(`/api/chat/conversation/${her.id}`)).body;
    expect(conversation).toEqual([
      expect.objectContaining({
        senderId: her.id,
        notice: 'closed-kindly',
        content: null,
        closing: 'may-allah-make-it-easy',
      }),
    ]);
    expect((await him.get(`/api/chat/contacts/${her.id}`)).body).toMatchObject({
      matched: false,
      matchEnded: true,
    });
    expect((await him.post(`/api/chat/send/${her.id}`, { content: 'Pourquoi ?' })).body.code).toBe(
      'MATCH_ENDED',
    );

    // Once ended, there is nothing to close: refused, and no second line.
    const again = await her.post(`/api/users/${him.id}/match/close-kindly`, {
      templateId: 'wish-you-well',
    });
    expect(again).toMatchObject({ status: 403, body: { code: 'CLOSE_KINDLY_NOT_MATCHED' } });
    expect((await him.get(`/api/chat/conversation/${her.id}`)).body).toHaveLength(1);
  });

  it('never leaves the line without the unmatch: a failing unmatch takes the line back', async () => {
    const { her, him } = await matchedPair();
    // The unmatch's insert fails inside the transaction (a trigger standing for any failure).
    await t.database.db.execute(
      sql.raw(`
      create or replace function refuse_unmatch() returns trigger language plpgsql as $$
      begin raise exception 'unmatch refused'; end $$;
      create trigger refuse_unmatch before insert on unmatches for each row
        when (new.member_id = '${her.id}') execute function refuse_unmatch();`),
    );
    try {
      const closed = await her.post(`/api/users/${him.id}/match/close-kindly`, {
        templateId: 'wish-you-well',
      });
      expect(closed.status).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_unmatch on unmatches'));
    }
    expect((await him.get(`/api/chat/conversation/${her.id}`)).body).toEqual([]);
    expect((await him.get(`/api/chat/contacts/${her.id}`)).body.matched).toBe(true);
  });
});

describe('exclusive mode', () => {
  it('both accept, then neither is suggested nor receives a first message, until one ends it', async () => {
    const { her, him, awa, cheikh } = await matchedPair();
    const hers = await phone(her);
    expect(await suggested(cheikh)).toContain(her.id);
    expect(await suggested(awa)).toContain(him.id);

    expect((await him.post(`/api/users/${her.id}/exclusive`)).body.state).toBe('proposed-by-me');
    expect(await exclusiveOf(her, him)).toBe('proposed-to-me');
    expect((await hers()).map((p) => p.body)).toEqual(['Moussa proposes exclusive mode to you.']);
    // A proposal alone changes nothing for others.
    expect(await suggested(cheikh)).toContain(her.id);

    const his = await connectStomp(baseUrl, him.token);
    const hisContact = his.subscribe(destinations.contact(him.id));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await her.post(`/api/users/${him.id}/exclusive/accept`)).body.state).toBe('active');
    expect(await hisContact.next()).toEqual({ memberId: her.id });
    expect(await exclusiveOf(him, her)).toBe('active');
    expect((await him.get(`/api/chat/contacts/${her.id}`)).body.exclusive).toBe('active');

    expect(await suggested(cheikh)).not.toContain(her.id);
    expect(await suggested(awa)).not.toContain(him.id);
    const opening = await cheikh.post(`/api/chat/send/${her.id}`, { content: 'Salam' });
    expect(opening).toMatchObject({ status: 403, body: { code: 'MEMBER_IN_EXCLUSIVE_MODE' } });
    // Between the two, nothing changes.
    expect((await him.post(`/api/chat/send/${her.id}`, { content: 'Salam' })).status).toBe(201);

    const hisPhone = await phone(him);
    expect((await her.del(`/api/users/${him.id}/exclusive`)).body.state).toBe('none');
    expect(await hisContact.next()).toEqual({ memberId: her.id });
    expect((await hisPhone()).map((p) => p.body)).toEqual(['Fatou ended exclusive mode.']);
    expect(await suggested(cheikh)).toContain(her.id);
    expect((await cheikh.post(`/api/chat/send/${her.id}`, { content: 'Salam' })).status).toBe(201);
    expect((await her.del(`/api/users/${him.id}/exclusive`)).body.code).toBe('EXCLUSIVE_NOT_FOUND');
    await his.disconnect();
  });

  it('is refused to a member one is not matched with', async () => {
    const { her, cheikh } = await matchedPair();
    const answer = await cheikh.post(`/api/users/${her.id}/exclusive`);
    expect(answer).toMatchObject({ status: 403, body: { code: 'EXCLUSIVE_NEEDS_A_MATCH' } });
    expect(await exclusiveOf(her, cheikh)).toBe('none');
  });

  it('cannot be accepted by anyone but the member it was proposed to', async () => {
    const { her, him, awa } = await matchedPair();
    await seedLikes(t.database.db, [
      [awa.id, him.id],
      [him.id, awa.id],
    ]);
    expect((await him.post(`/api/users/${her.id}/exclusive`)).status).toBe(200);
    // Awa, matched with him too, accepts a proposal he never made her.
    const answer = await awa.post(`/api/users/${him.id}/exclusive/accept`);
    expect(answer).toMatchObject({ status: 404, body: { code: 'EXCLUSIVE_NOT_FOUND' } });
    // Nor can he accept his own.
    const own = await him.post(`/api/users/${her.id}/exclusive/accept`);
    expect(own).toMatchObject({ status: 404, body: { code: 'EXCLUSIVE_NOT_FOUND' } });
    expect(await exclusiveOf(him, her)).toBe('proposed-by-me');
  });

  it('allows one at a time: a second proposal or acceptance is refused while one lasts', async () => {
    const { her, him, awa } = await matchedPair();
    await seedLikes(t.database.db, [
      [awa.id, him.id],
      [him.id, awa.id],
    ]);
    expect((await awa.post(`/api/users/${him.id}/exclusive`)).status).toBe(200);
    expect((await him.post(`/api/users/${her.id}/exclusive`)).status).toBe(200);
    expect((await her.post(`/api/users/${him.id}/exclusive/accept`)).body.state).toBe('active');

    // Awa's proposal went with it; a new one and his acceptance are refused.
    expect(await exclusiveOf(him, awa)).toBe('elsewhere');
    const second = await awa.post(`/api/users/${him.id}/exclusive`);
    expect(second).toMatchObject({ status: 409, body: { code: 'EXCLUSIVE_ALREADY_ACTIVE' } });
    const fromHim = await him.post(`/api/users/${awa.id}/exclusive`);
    expect(fromHim).toMatchObject({ status: 409, body: { code: 'EXCLUSIVE_ALREADY_ACTIVE' } });
  });

  it('ends with a block, and the other is free again', async () => {
    const { her, him, cheikh } = await matchedPair();
    await him.post(`/api/users/${her.id}/exclusive`);
    await her.post(`/api/users/${him.id}/exclusive/accept`);
    expect((await him.post(`/api/users/${her.id}/block`)).status).toBe(200);
    expect(await suggested(cheikh)).toContain(her.id);
    expect((await cheikh.post(`/api/chat/send/${her.id}`, { content: 'Salam' })).status).toBe(201);
  });

  it('ends with an unmatch, and with close kindly', async () => {
    const { her, him, awa, cheikh } = await matchedPair();
    await him.post(`/api/users/${her.id}/exclusive`);
    await her.post(`/api/users/${him.id}/exclusive/accept`);
    expect((await him.del(`/api/users/${her.id}/match`)).status).toBe(200);
    expect(await suggested(cheikh)).toContain(her.id);
    expect(await suggested(awa)).toContain(him.id);

    // Matched again, exclusive again, then closed kindly: free again.
    await seedLikes(t.database.db, [[him.id, her.id]]);
    await him.post(`/api/users/${her.id}/exclusive`);
    expect((await her.post(`/api/users/${him.id}/exclusive/accept`)).body.state).toBe('active');
    const closed = await her.post(`/api/users/${him.id}/match/close-kindly`, {
      templateId: 'thank-you-for-your-time',
    });
    expect(closed.status).toBe(200);
    expect(await suggested(cheikh)).toContain(her.id);
    expect(await suggested(awa)).toContain(him.id);
  });

  it('is in the data export, and ends with the account of either', async () => {
    const { her, him, cheikh } = await matchedPair();
    await him.post(`/api/users/${her.id}/exclusive`);
    await her.post(`/api/users/${him.id}/exclusive/accept`);
    const data = await collectMemberData(t.database.db, her.id);
    expect(data?.profile).toMatchObject({
      exclusiveWith: him.id,
      exclusiveSince: expect.any(Date),
    });

    await t.database.db.transaction((tx) => eraseMember(tx, him.id));
    expect(await suggested(cheikh)).toContain(her.id);
    const after = await collectMemberData(t.database.db, her.id);
    expect(after?.profile).toMatchObject({ exclusiveWith: null, exclusiveSince: null });
  });
});
