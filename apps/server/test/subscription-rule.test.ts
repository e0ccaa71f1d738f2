import { destinations } from '@mawadda/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedCouple, seedMembers, seedSubscription, sessionFor } from './fixtures.ts';
import { connectStomp, headersOf, rawSocket } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

let t: TestContext;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t.app);
});

const write = async (from: string, to: string, content = 'Salam') =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${to}`,
    headers: bearer(await sessionFor(t.database.db, from)),
    payload: { content },
  });

/** What the broker answers a call offer from `from` to `to`: relayed, or its ERROR's code. */
async function offer(from: string, to: string): Promise<string> {
  const callee = await connectStomp(baseUrl, await sessionFor(t.database.db, to));
  const rings = callee.subscribe(destinations.call(to));
  await rings.subscribed;
  const raw = await rawSocket(baseUrl, `?token=${await sessionFor(t.database.db, from)}`);
  raw.send('CONNECT\naccept-version:1.2\n\n\0');
  await raw.frame('CONNECTED');
  const body = JSON.stringify({ type: 'audio', sdp: { type: 'offer', sdp: 'v=0' } });
  raw.send(`SEND\ndestination:${destinations.publishCall(to)}\nreceipt:r\n\n${body}\0`);
  const answer = await Promise.race([
    raw.frame('ERROR').then((frame) => headersOf(frame).code ?? frame),
    rings.next().then(() => 'relayed'),
  ]);
  raw.send(`SEND\ndestination:${destinations.publishCall(to)}\n\n{"endCall":true}\0`);
  await callee.disconnect();
  return answer;
}

describe('what a subscription gives', () => {
  it('lets matched members write to each other for free, and nobody else', async () => {
    const { amina, youssef, karim } = await seedCouple(t.database.db);
    expect((await write(amina, youssef)).statusCode).toBe(201);
    const refused = await write(karim, amina);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'SUBSCRIPTION_REQUIRED']);
  });

  it('lets a subscriber write first to a member they may be suggested, who may then answer', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    await seedSubscription(t.database.db, karim);
    expect((await write(karim, amina, 'Salam, your profile touched me')).statusCode).toBe(201);
    // Amina, free, answers the member who wrote to her first.
    expect((await write(amina, karim, 'Wa alaykum salam')).statusCode).toBe(201);
    // Never a member of one's own gender: not someone one is ever shown.
    const [idris = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const sameGender = await write(karim, idris);
    expect([sameGender.statusCode, sameGender.json().code]).toEqual([404, 'MEMBER_NOT_FOUND']);
  });

  it('stops at the end of the prepaid period', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    await seedSubscription(t.database.db, karim, new Date(t.clock.now().getTime() - 1000));
    const refused = await write(karim, amina);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'SUBSCRIPTION_REQUIRED']);
  });

  it('keeps calls for subscribers, to their matches and to members they may be suggested', async () => {
    const { amina, youssef, karim } = await seedCouple(t.database.db);
    expect(await offer(amina, youssef)).toBe('SUBSCRIPTION_REQUIRED');
    await seedSubscription(t.database.db, amina);
    expect(await offer(amina, youssef)).toBe('relayed');
    expect(await offer(amina, karim)).toBe('relayed');
    const [leila = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    expect(await offer(amina, leila)).toBe('CALL_NOT_ALLOWED');
  });

  it('refuses a call while his message request waits, and makes a request of a message after a call', async () => {
    const { amina, karim } = await seedCouple(t.database.db);
    await seedSubscription(t.database.db, karim);
    // A subscriber may still ring first (ADR 012); what he then writes is a request (ADR 068).
    expect(await offer(karim, amina)).toBe('relayed');
    expect((await write(karim, amina, 'Salam, I called you')).statusCode).toBe(201);
    expect(await offer(karim, amina)).toBe('REQUEST_PENDING');
    const second = await write(karim, amina, 'Did you see my call?');
    expect([second.statusCode, second.json().code]).toEqual([403, 'REQUEST_PENDING']);
    // Her answer opens the conversation: he calls again.
    expect((await write(amina, karim, 'Wa alaykum salam')).statusCode).toBe(201);
    expect(await offer(karim, amina)).toBe('relayed');
  });
});
