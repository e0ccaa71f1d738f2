import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { members } from '../../db/schema.ts';
import { createDiskMediaStore } from '../../lib/media-store.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoData } from './demo-data.ts';

let t: TestContext;
const seed = () =>
  seedDemoData({
    db: t.database.db,
    mediaStore: createDiskMediaStore(t.mediaDir),
    log: pino({ level: 'silent' }),
    count: 60,
    portraits: 2,
  });

beforeAll(async () => {
  t = await createTestApp();
});

describe('demo data', () => {
  it('fills an empty database with members a newcomer can log in as and browse', async () => {
    expect(await seed()).toBe(true);
    const rows = await t.database.db.select().from(members);
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.gender))).toEqual(new Set(['homme', 'femme']));
    expect(rows.some((r) => r.countryCode === 'SN')).toBe(true);
    expect(rows.some((r) => r.countryCode === 'FR')).toBe(true);
    expect(rows.every((r) => r.bio && /[a-z]/.test(r.bio) && r.bio.includes('\n\n'))).toBe(true);
    // Faith and family answered by most, mostly Maliki, Senegal's tariqas among them (ADR 041).
    const share = (test: (r: (typeof rows)[number]) => boolean) =>
      rows.filter(test).length / rows.length;
    expect(share((r) => r.madhhab === 'maliki')).toBeGreaterThan(0.5);
    expect(share((r) => r.prayer !== null)).toBeGreaterThan(0.8);
    expect(rows.some((r) => r.community === 'tijaniyya')).toBe(true);
    expect(rows.some((r) => r.community === 'mouridiyya')).toBe(true);
    expect(share((r) => r.languages.includes('fr'))).toBeGreaterThan(0.7);
    expect(rows.some((r) => r.languages.includes('wo'))).toBe(true);
    expect(rows.every((r) => (r.gender === 'homme' ? r.hijab : r.beard) === null)).toBe(true);
    // A few have dealbreakers (ADR 042), most none, so the two-way rule shows without emptying.
    const strict = share((r) => Object.keys(r.dealbreakers).length > 0);
    expect(strict).toBeGreaterThan(0.05);
    expect(strict).toBeLessThan(0.5);

    const aminata = DEMO_LOGINS[0];
    const response = await login(t.app, aminata.email, DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const token = response.json().token;
    const page = await t.app.inject({
      url: '/api/users/suggestions?page=0&size=100',
      headers: bearer(token),
    });
    const content = page.json().content;
    expect(content.length).toBeGreaterThan(20);
    expect(content.every((m: { gender: string }) => m.gender === 'homme')).toBe(true);
    const portrait = await t.app.inject({ url: content[0].mediaUrls[0] });
    expect(portrait.statusCode).toBe(200);
    expect(portrait.headers['content-type']).toBe('image/webp');
    const liked = await t.app.inject({ url: '/likes', headers: bearer(token) });
    expect(liked.json().length).toBeGreaterThan(0);
  });

  it('never seeds a database that already has members', async () => {
    const files = (await fs.readdir(path.join(t.mediaDir, 'photos'))).length;
    expect(await seed()).toBe(false);
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(members);
    expect(row?.n).toBe(60);
    expect((await fs.readdir(path.join(t.mediaDir, 'photos'))).length).toBe(files);
  });
});
