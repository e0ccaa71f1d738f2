import { type APIRequestContext, expect } from '@playwright/test';
import { type Member, memberId } from './members.ts';

/** Each likes the other through the API: they are a match and may write to each other. */
export async function match(request: APIRequestContext, a: Member, b: Member) {
  const tokenOf = async (member: Member) => {
    const login = await request.post('/api/auth/login', {
      data: { username: member.username, password: member.password },
    });
    return ((await login.json()) as { token: string }).token;
  };
  const [aToken, bToken] = [await tokenOf(a), await tokenOf(b)];
  const [aId, bId] = [await memberId(request, a), await memberId(request, b)];
  for (const [token, likedUserId] of [
    [aToken, bId],
    [bToken, aId],
  ] as const) {
    const like = await request.post('/like', {
      data: { likedUserId },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(like.ok()).toBe(true);
  }
  return { aId, bId };
}
