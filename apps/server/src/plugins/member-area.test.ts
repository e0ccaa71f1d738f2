import { endpointPath, endpoints } from '@mawadda/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { authentication, memberArea, type SessionAuthenticator } from './authentication.ts';

const t = await createTestApp();
const someId = '00000000-0000-4000-8000-000000000000';

describe('the member area', () => {
  it('answers 401 to every member endpoint of the contract called without a session', async () => {
    const member = Object.entries(endpoints).filter(([, e]) => e.member);
    expect(member.length).toBeGreaterThan(10);
    for (const [name, e] of member) {
      const response = await t.app.inject({
        method: e.method,
        url: endpointPath(e.path, { id: someId, userId: someId }),
      });
      expect(response.statusCode, name).toBe(401);
    }
  });

  it('lets visitors reach the public endpoints', async () => {
    for (const [name, e] of Object.entries(endpoints).filter(([, e]) => !e.member)) {
      const response = await t.app.inject({ method: e.method, url: e.path });
      expect(response.statusCode, name).not.toBe(401);
      // The router's own 404 (no such route) is NOT_FOUND; a guardian's link that opens nothing
      // is a 404 of the endpoint itself, with its code (ADR 045).
      if (response.statusCode === 404) {
        expect(response.json<{ code: string }>().code, name).toBe('GUARDIAN_LINK_INVALID');
      }
    }
  });

  it('refuses to start when a member endpoint is registered outside the guard', async () => {
    const app = Fastify();
    await app.register(authentication, { auth: {} as SessionAuthenticator });
    expect(() => app.get('/api/users/me', async () => ({}))).toThrow(/member-only in the contract/);
  });

  it('refuses to start when a public endpoint is put behind the guard', async () => {
    const app = Fastify();
    await app.register(authentication, { auth: {} as SessionAuthenticator });
    await expect(
      memberArea(app, async (scope) => {
        scope.post('/api/auth/login', async () => ({}));
      }),
    ).rejects.toThrow(/public in the contract/);
  });
});
