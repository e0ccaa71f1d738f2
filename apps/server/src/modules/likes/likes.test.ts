import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedMembers, sessionFor } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { likes } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

async function pair() {
  const [a, b] = await seedMembers(t.database.db, [
    { gender: 'homme', name: 'Ibrahima' },
    { gender: 'femme', name: 'Fatou' },
  ]);
  return {
    a: a ?? '',
    b: b ?? '',
    tokenA: await sessionFor(t.database.db, a ?? ''),
    tokenB: await sessionFor(t.database.db, b ?? ''),
  };
}

const like = (token: string, likedUserId: string) =>
  t.app.inject({ method: 'POST', url: '/like', headers: bearer(token), payload: { likedUserId } });
const notifications = async (token: string) =>
  (await t.app.inject({ url: '/api/users/notifications', headers: bearer(token) })).json();

const get = async (token: string, url: string) =>
  (await t.app.inject({ url, headers: bearer(token) })).json();
const suggested = async (token: string, id: string) =>
  (await get(token, '/api/users/suggestions?page=0&size=100')).content.find(
    (m: { id: string }) => m.id === id,
  );

describe('likes remembered by the server, on any device', () => {
  it('says in suggestions, details and the liked-you list who I liked and who is a match', async () => {
    const { a, b, tokenA, tokenB } = await pair();
    expect(await suggested(tokenA, b)).toMatchObject({ likedByMe: false, matched: false });

    await like(tokenA, b);
    expect(await suggested(tokenA, b)).toMatchObject({ likedByMe: true, matched: false });
    expect(await get(tokenA, `/api/users/${b}/details`)).toMatchObject({
      likedByMe: true,
      matched: false,
    });
    // Fatou sees Ibrahima liked her; she has not liked him back: no match, a like-back to offer.
    expect(await suggested(tokenB, a)).toMatchObject({ likedByMe: false, matched: false });
    expect((await get(tokenB, '/likes'))[0]).toMatchObject({ id: a, matched: false });

    await like(tokenB, a);
    expect(await suggested(tokenA, b)).toMatchObject({ likedByMe: true, matched: true });
    expect(await get(tokenB, `/api/users/${a}/details`)).toMatchObject({
      likedByMe: true,
      matched: true,
    });
    expect((await get(tokenB, '/likes'))[0]).toMatchObject({ id: a, matched: true });
  });
});

describe('likes', () => {
  it('a like is kept once; liking back makes it mutual for both', async () => {
    const { a, b, tokenA, tokenB } = await pair();
    expect((await like(tokenA, b)).json()).toEqual({ mutualLike: false });
    expect((await like(tokenA, b)).json()).toEqual({ mutualLike: false });
    const rows = await t.database.db
      .select()
      .from(likes)
      .where(and(eq(likes.likerId, a), eq(likes.likedId, b)));
    expect(rows).toHaveLength(1);

    expect((await like(tokenB, a)).json()).toMatchObject({ mutualLike: true, match: { id: a } });
    expect((await like(tokenA, b)).json()).toMatchObject({ mutualLike: true, match: { id: b } });
  });

  it('"Lovely" is a like too, and both sides know it was one', async () => {
    const { a, b, tokenA, tokenB } = await pair();
    const lovely = await t.app.inject({
      method: 'POST',
      url: '/lovely',
      headers: bearer(tokenA),
      payload: { receiverId: b },
    });
    expect(lovely.statusCode).toBe(200);
    // A like after the Lovely changes nothing: the pair has one like, as first sent.
    await like(tokenA, b);
    expect((await get(tokenA, `/api/users/${b}/details`)).sentLike).toBe('lovely');
    expect((await get(tokenB, '/likes'))[0]).toMatchObject({ id: a, kind: 'lovely' });
    expect((await like(tokenB, a)).json()).toMatchObject({ mutualLike: true });
    // Her like back is a like, not a Lovely: his list and her page say so.
    expect((await get(tokenB, `/api/users/${a}/details`)).sentLike).toBe('like');
    expect((await get(tokenA, '/likes'))[0]).toMatchObject({ id: b, kind: 'like', matched: true });
    const lovelyAfter = await t.app.inject({
      method: 'POST',
      url: '/lovely',
      headers: bearer(tokenB),
      payload: { receiverId: a },
    });
    expect(lovelyAfter.json()).toMatchObject({ mutualLike: true });
    expect((await get(tokenB, `/api/users/${a}/details`)).sentLike).toBe('like');
  });

  it('says nothing was sent to a member not liked yet', async () => {
    const { b, tokenA } = await pair();
    expect((await get(tokenA, `/api/users/${b}/details`)).sentLike).toBeNull();
  });

  it('shows who liked me, newest first, new until I mark them seen', async () => {
    const { a, b, tokenA, tokenB } = await pair();
    const [c] = await seedMembers(t.database.db, [{ gender: 'homme', name: 'Cheikh' }]);
    const tokenC = await sessionFor(t.database.db, c ?? '');
    await like(tokenA, b);
    t.clock.advance(60_000);
    await like(tokenC, b);

    const list = await t.app.inject({ url: '/likes', headers: bearer(tokenB) });
    expect(list.json().map((e: { name: string; isNew: boolean }) => [e.name, e.isNew])).toEqual([
      ['Cheikh', true],
      ['Ibrahima', true],
    ]);
    expect(await notifications(tokenB)).toEqual({
      newLikes: 2,
      newMessages: 0,
      unreadConversations: 0,
      messageRequests: 0,
      newViews: 0,
      lastLikeAt: t.clock.now().toISOString(),
      newDecisions: 0,
    });

    await t.app.inject({
      method: 'POST',
      url: '/api/users/likes/mark-seen',
      headers: bearer(tokenB),
    });
    const after = await t.app.inject({ url: '/likes', headers: bearer(tokenB) });
    expect(after.json().every((e: { isNew: boolean }) => !e.isNew)).toBe(true);
    expect((await notifications(tokenB)).newLikes).toBe(0);
    // Nothing of the sort reaches the member who liked.
    expect((await notifications(tokenA)).newLikes).toBe(0);
    expect(a).not.toBe(b);
  });

  it('refuses liking oneself, an unknown member and a bad id', async () => {
    const { a, tokenA } = await pair();
    const self = await like(tokenA, a);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot like your own profile.');
    const unknown = await like(tokenA, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const bad = await like(tokenA, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Member id must be a UUID');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/like',
      payload: { likedUserId: a },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('opening a like from the list', () => {
  const open = (token: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/users/likes/${id}/open`, headers: bearer(token) });

  it('removes it from the list for good, on every device, and only for the one who opened it', async () => {
    const { a, b, tokenA, tokenB } = await pair();
    const [c] = await seedMembers(t.database.db, [{ gender: 'homme', name: 'Cheikh' }]);
    const tokenC = await sessionFor(t.database.db, c ?? '');
    await like(tokenA, b);
    await like(tokenC, b);
    await like(tokenB, a);
    const opened = await open(tokenB, a);
    expect([opened.statusCode, opened.json()]).toEqual([200, { message: 'Like opened.' }]);
    const otherDevice = await sessionFor(t.database.db, b);
    expect((await get(otherDevice, '/likes')).map((e: { name: string }) => e.name)).toEqual([
      'Cheikh',
    ]);
    // Opened twice (two tabs): still opened, nothing else changes.
    expect((await open(tokenB, a)).statusCode).toBe(200);
    // Still a match, still liked: only the entry left the list. His list is his own.
    expect(await get(tokenB, `/api/users/${a}/details`)).toMatchObject({ matched: true });
    expect((await get(tokenA, '/likes')).map((e: { id: string }) => e.id)).toEqual([b]);
  });

  it('refuses a like that was never sent, a bad id, and one across a block', async () => {
    const { a, b, tokenA, tokenB } = await pair();
    const never = await open(tokenA, b);
    expect([never.statusCode, never.json().code]).toEqual([404, 'LIKE_NOT_FOUND']);
    expect(never.json().message).toBe('This member is no longer in your list of likes.');
    const bad = await open(tokenB, 'not-a-uuid');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'MEMBER_ID_INVALID']);
    await like(tokenA, b);
    await t.app.inject({ method: 'POST', url: `/api/users/${b}/block`, headers: bearer(tokenA) });
    const blocked = await open(tokenB, a);
    expect([blocked.statusCode, blocked.json().code]).toEqual([404, 'LIKE_NOT_FOUND']);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/users/likes/${a}/open` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('profile view notifications', () => {
  it('counts new viewers until marked seen', async () => {
    const { a, b, tokenA, tokenB } = await pair();
    await t.app.inject({ url: `/api/users/${b}/details`, headers: bearer(tokenA) });
    expect((await notifications(tokenB)).newViews).toBe(1);
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-views/mark-seen',
      headers: bearer(tokenB),
    });
    expect(marked.statusCode).toBe(200);
    expect((await notifications(tokenB)).newViews).toBe(0);
    const list = await t.app.inject({ url: '/api/users/profile-views', headers: bearer(tokenB) });
    expect(list.json().map((v: { id: string }) => v.id)).toEqual([a]);
  });
});
