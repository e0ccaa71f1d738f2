import { type APIRequestContext, expect } from '@playwright/test';
import { type Member, memberId } from './members.ts';

async function tokenOf(request: APIRequestContext, member: Member) {
  const login = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  return ((await login.json()) as { token: string }).token;
}

/** `from` likes `to` through the API; answers the id of `to`. */
export async function like(request: APIRequestContext, from: Member, to: Member) {
  const likedUserId = await memberId(request, to);
  const response = await request.post('/like', {
    data: { likedUserId },
    headers: { authorization: `Bearer ${await tokenOf(request, from)}` },
  });
  expect(response.ok()).toBe(true);
  return likedUserId;
}

/** Each likes the other through the API: they are a match and may write to each other. */
export async function match(request: APIRequestContext, a: Member, b: Member) {
  const bId = await like(request, a, b);
  const aId = await like(request, b, a);
  return { aId, bId };
}
