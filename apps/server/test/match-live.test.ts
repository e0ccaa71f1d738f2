import { destinations, matchEventSchema } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema.ts';
import { bearer, seedMembers, sessionFor } from './fixtures.ts';
import { connectStomp } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

/**
 * "It's a match", live: the member who likes back is answered the match; the member who liked
 * first is told on their own match topic, once the like is stored, and nobody else is.
 */

let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t.app);
});

const connect = async (memberId: string) =>
  connectStomp(baseUrl, await sessionFor(t.database.db, memberId));
// Time for a frame that should not come: one that would come has come by then.
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

async function like(from: string, to: string, url: '/like' | '/lovely' = '/like') {
  const token = await sessionFor(t.database.db, from);
  return t.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    payload: url === '/like' ? { likedUserId: to } : { receiverId: to },
  });
}

describe('a like back', () => {
  it('tells the first liker live, on every tab, with the other’s unblurred photo, once', async () => {
    const [ibrahima = '', awa = '', cheikh = ''] = await seedMembers(t.database.db, [
      { gender: 'homme', name: 'Ibrahima' },
      { gender: 'femme', name: 'Awa' },
      { gender: 'homme', name: 'Cheikh' },
    ]);
    // She blurs her photos until a match: the match shows her photo itself.
    await t.database.db.update(members).set({ photosBlurred: true }).where(eq(members.id, awa));
    const hisTabs = [await connect(ibrahima), await connect(ibrahima)];
    const hisInboxes = hisTabs.map((tab) => tab.subscribe(destinations.match(ibrahima)));
    const hers = await connect(awa);
    const herInbox = hers.subscribe(destinations.match(awa));
    const cheikhSocket = await connect(cheikh);
    const cheikhInbox = cheikhSocket.subscribe(destinations.match(cheikh));
    for (const inbox of [...hisInboxes, herInbox, cheikhInbox]) await inbox.subscribed;

    expect((await like(ibrahima, awa)).json()).toEqual({ mutualLike: false });
    await settle();
    expect(hisInboxes.map((inbox) => inbox.messages)).toEqual([[], []]);

    const back = await like(awa, ibrahima);
    expect(back.json()).toEqual({
      mutualLike: true,
      match: { id: ibrahima, name: 'Ibrahima', photoUrl: expect.stringContaining(`m=${awa}`) },
    });
    for (const inbox of hisInboxes) {
      const event = matchEventSchema.parse(await inbox.next());
      expect(event.member).toMatchObject({ id: awa, name: 'Awa' });
      expect(event.member.photoUrl).toContain(`m=${ibrahima}`);
      expect(event.member.photoUrl).toContain(`${awa}-0.webp`);
    }

    // Liked again (a Lovely now): still a match, told to no one a second time.
    expect((await like(awa, ibrahima, '/lovely')).json()).toMatchObject({ mutualLike: true });
    await settle();
    expect(hisInboxes.map((inbox) => inbox.messages)).toEqual([[], []]);
    expect(herInbox.messages).toEqual([]);
    expect(cheikhInbox.messages).toEqual([]);
    for (const socket of [...hisTabs, hers, cheikhSocket]) await socket.disconnect();
  });

  it('tells nothing to a member who blocked the other, whose like back is refused', async () => {
    const [omar = '', fatou = ''] = await seedMembers(t.database.db, [
      { gender: 'homme', name: 'Omar' },
      { gender: 'femme', name: 'Fatou' },
    ]);
    const socket = await connect(omar);
    const inbox = socket.subscribe(destinations.match(omar));
    await inbox.subscribed;
    await like(omar, fatou);
    await t.app.inject({
      method: 'POST',
      url: `/api/users/${fatou}/block`,
      headers: bearer(await sessionFor(t.database.db, omar)),
    });
    const refused = await like(fatou, omar);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    await settle();
    expect(inbox.messages).toEqual([]);
    await socket.disconnect();
  });

  it('is on a topic only its member may follow', async () => {
    const [amina = '', youssef = ''] = await seedMembers(t.database.db, [
      { gender: 'femme' },
      { gender: 'homme' },
    ]);
    const socket = await connect(amina);
    socket.subscribe(destinations.match(youssef));
    const error = await socket.error;
    expect(error.headers.code).toBe('REALTIME_SUBSCRIPTION_FORBIDDEN');
  });
});
