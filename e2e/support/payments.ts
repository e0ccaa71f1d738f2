import { type APIRequestContext, expect } from '@playwright/test';
import type { Member } from './members.ts';

/**
 * Gives a member a subscription the way a member gets one with the built-in test checkout: a
 * card checkout, "Pay" on the checkout page, then the confirmation of the return. For journeys
 * that need a subscriber without being about buying.
 */
export async function subscribe(
  request: APIRequestContext,
  member: Member,
  plan: 'WEEKLY' | 'MONTHLY' | 'ANNUAL' = 'MONTHLY',
) {
  const login = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post(`/api/subscription/create-subscription-session?plan=${plan}`, {
    headers,
  });
  expect(started.ok()).toBe(true);
  const { url } = (await started.json()) as { url: string };
  const paid = await request.post(new URL(url).pathname, {
    form: { action: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const confirmed = await request.post(`/api/subscription/confirm?plan=${plan}`, { headers });
  expect(await confirmed.json()).toEqual({ status: 'paid' });
}
