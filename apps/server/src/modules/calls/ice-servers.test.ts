import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, seedMembers, sessionFor } from '../../../test/fixtures.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { turnCredential } from './ice-servers.ts';

describe('TURN credentials', () => {
  it('follow coturn’s use-auth-secret scheme (vector made with openssl dgst -sha1 -hmac)', () => {
    expect(
      turnCredential('coturn-shared-secret', '0b8f3a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 1_700_000_000),
    ).toEqual({
      username: '1700000000:0b8f3a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      credential: 'y5OtT/DEwSkhpTBlZ6Sd6WNmO8E=',
    });
  });

  it('refuse a TURN relay without its secret, and a secret without a relay', () => {
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example:3478' })).toThrow(/TURN_SECRET/);
    expect(() => loadConfig({ TURN_SECRET: 'a secret of sixteen+' })).toThrow(/TURN_URLS/);
  });
});

describe('GET /api/calls/ice-servers', () => {
  it('gives STUN only when no TURN relay is set', async () => {
    const t = await createTestApp({
      ice: { stunUrls: ['stun:stun.example:3478'], turn: undefined },
    });
    const [member = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const response = await t.app.inject({
      url: '/api/calls/ice-servers',
      headers: bearer(await sessionFor(t.database.db, member)),
    });
    expect(response.json()).toEqual({
      iceServers: [{ urls: ['stun:stun.example:3478'] }],
      expiresAt: null,
    });
  });

  it('gives TURN credentials made for the member, expiring after the configured time', async () => {
    const secret = 'the relay and this server share it';
    const t = await createTestApp({
      ice: {
        stunUrls: [],
        turn: {
          urls: ['turn:turn.example:3478', 'turns:turn.example:5349'],
          secret,
          ttlMs: 3_600_000,
        },
      },
    });
    const [member = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const response = await t.app.inject({
      url: '/api/calls/ice-servers',
      headers: bearer(await sessionFor(t.database.db, member)),
    });
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { iceServers, expiresAt } = response.json();
    const expiry = Math.floor(t.clock.now().getTime() / 1000) + 3600;
    expect(expiresAt).toBe(new Date(expiry * 1000).toISOString());
    expect(iceServers).toEqual([
      {
        urls: ['turn:turn.example:3478', 'turns:turn.example:5349'],
        username: `${expiry}:${member}`,
        credential: createHmac('sha1', secret).update(`${expiry}:${member}`).digest('base64'),
      },
    ]);
  });
});
