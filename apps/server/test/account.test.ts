import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Contact, type DataExport, destinations, type OpenReport } from '@mawadda/contract';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, messages, orders, photos } from '../src/db/schema.ts';
import { createDiskMediaStore } from '../src/lib/media-store.ts';
import {
  bearer,
  jpegWithGps,
  login,
  multipart,
  registeredMember,
  seedLikes,
  seedMembers,
  sessionFor,
} from './fixtures.ts';
import { connectStomp } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';
import { createTestGoogle, type TestGoogle } from './test-google.ts';

let google: TestGoogle;
let t: TestContext;
let baseUrl: string;
const HOUR = 60 * 60 * 1000;
/** The secret part of a push endpoint: the export names the push service, never this. */
const PUSH_TOKEN = 'dGhpcy1pcy1hLXB1c2gtdG9rZW4';

/** While set, reading a stored photo waits for it: a copy of one's data stays "being made". */
let photoReadsHeld: Promise<void> | undefined;

beforeAll(async () => {
  google = await createTestGoogle();
  t = await createTestApp({
    googleKeys: google.keys,
    mediaStore: (root) => {
      const disk = createDiskMediaStore(root);
      return {
        ...disk,
        read: async (key, range) => {
          await photoReadsHeld;
          return disk.read(key, range);
        },
      };
    },
  });
  baseUrl = await listenOnLoopback(t.app);
});

async function call(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
) {
  const answer = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(body ? { payload: body } : {}),
  });
  return { status: answer.statusCode, body: answer.json() };
}

const exportOf = async (token: string) =>
  (await call(token, 'GET', '/api/users/me/export')).body as DataExport;

/** Asks for a copy, lets the background job finish, and answers the copy as offered. */
async function readyExport(token: string): Promise<DataExport> {
  const asked = await call(token, 'POST', '/api/users/me/export');
  expect(asked.status).toBe(202);
  await t.app.dataExports.runPending();
  return exportOf(token);
}

/** The ZIP of the session's member, as the web app fetches it. */
async function download(token?: string) {
  return t.app.inject({
    url: '/api/users/me/export/file',
    ...(token ? { headers: bearer(token) } : {}),
  });
}

function sendImage(token: string, to: string, data: Buffer) {
  const form = multipart(
    { uuid: crypto.randomUUID() },
    { image: [{ filename: 'p.jpg', contentType: 'image/jpeg', data }] },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${to}`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
}

/**
 * A registered woman (real photos on disk) who matched a seeded man: likes both ways, a view
 * each way, texts and a photo each way, a report and a payment of hers.
 */
async function activeMember() {
  const her = await registeredMember(t.app, { gender: 'femme' });
  const [him = ''] = await seedMembers(t.database.db, [{ gender: 'homme', name: 'Youssef' }]);
  const hisToken = await sessionFor(t.database.db, him);
  await seedLikes(t.database.db, [
    [her.id, him],
    [him, her.id],
  ]);
  expect((await call(her.token, 'GET', `/api/users/${him}/details`)).status).toBe(200);
  expect((await call(hisToken, 'GET', `/api/users/${her.id}/details`)).status).toBe(200);
  const mine = await call(her.token, 'POST', `/api/chat/send/${him}`, { content: 'Salam Youssef' });
  const his = await call(hisToken, 'POST', `/api/chat/send/${her.id}`, {
    content: 'Salam! Tu es sur WhatsApp ?',
  });
  expect([mine.status, his.status]).toEqual([201, 201]);
  const myPhoto = await sendImage(her.token, him, await jpegWithGps(300, 300));
  const hisPhoto = await sendImage(hisToken, her.id, await jpegWithGps(200, 200));
  expect([myPhoto.statusCode, hisPhoto.statusCode]).toEqual([201, 201]);
  // Her father follows her conversations (ADR 045).
  const guardian = await call(her.token, 'POST', '/api/guardians', {
    name: 'Mamadou Diallo',
    relation: 'father',
    email: `father-${crypto.randomUUID()}@example.org`,
    language: 'fr',
  });
  expect(guardian.status).toBe(201);
  const [other = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
  const report = await call(her.token, 'POST', '/api/reports', {
    reportedId: other,
    reason: 'fake-profile',
    note: 'Stock photos',
  });
  expect(report.status).toBe(201);
  await t.database.db.insert(orders).values([
    {
      id: crypto.randomUUID(),
      memberId: her.id,
      kind: 'subscription',
      plan: 'MONTHLY',
      amount: 1999,
      currency: 'usd',
      provider: 'stripe',
      providerRef: `cs_${crypto.randomUUID()}`,
      status: 'paid',
      paidAt: t.clock.now(),
    },
    {
      id: crypto.randomUUID(),
      memberId: her.id,
      kind: 'subscription',
      plan: 'WEEKLY',
      amount: 599,
      currency: 'usd',
      provider: 'stripe',
      providerRef: `cs_${crypto.randomUUID()}`,
    },
  ]);
  // Her phone subscribed to Web Push, and she chose her notifications.
  const phone = createECDH('prime256v1');
  phone.generateKeys();
  const subscribed = await call(her.token, 'POST', '/api/push/subscriptions', {
    endpoint: `https://fcm.googleapis.com/fcm/send/${PUSH_TOKEN}`,
    expirationTime: null,
    keys: {
      p256dh: phone.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  });
  expect(subscribed.status).toBe(201);
  const settings = await call(her.token, 'PUT', '/api/push/settings', {
    messages: true,
    matches: true,
    likes: true,
    calls: false,
    gifts: true,
    showMessageText: false,
    quietHours: { start: '23:00', end: '07:30' },
    timeZone: 'Europe/Paris',
    emailDigest: false,
  });
  expect(settings.status).toBe(200);
  const filters = await call(her.token, 'PUT', '/api/users/preferences', {
    minAge: 25,
    maxAge: 40,
    maxDistanceKm: null,
    dealbreakers: { prayer: ['always', 'usually'], languages: ['fr', 'wo'] },
  });
  expect(filters.status).toBe(200);
  return {
    her,
    him,
    hisToken,
    other,
    mine: mine.body.uuid as string,
    myPhoto: myPhoto.json().uuid as string,
    hisPhotoUrl: hisPhoto.json().imageUrl as string,
  };
}

describe('downloading one’s data', () => {
  it('makes a ZIP in the background with data.json and the photos, for the member alone', async () => {
    const { her, him, hisToken } = await activeMember();
    let release = () => {};
    photoReadsHeld = new Promise((resolve) => {
      release = resolve;
    });
    const asked = await call(her.token, 'POST', '/api/users/me/export');
    expect(asked).toMatchObject({ status: 202, body: { status: 'pending', readyAt: null } });
    // Nothing to download while it is being made.
    const early = await download(her.token);
    expect([early.statusCode, early.json().code]).toEqual([404, 'DATA_EXPORT_UNAVAILABLE']);
    // Asking again while it is being made answers the same request.
    const again = await call(her.token, 'POST', '/api/users/me/export');
    expect(again.body.requestedAt).toBe(asked.body.requestedAt);
    release();
    photoReadsHeld = undefined;
    await t.app.dataExports.runPending();

    const ready = await exportOf(her.token);
    expect(ready.status).toBe('ready');
    expect(Date.parse(ready.expiresAt ?? '') - Date.parse(ready.readyAt ?? '')).toBe(24 * HOUR);
    const file = await download(her.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="mawadda-data-/);
    const zip = unzipSync(new Uint8Array(file.rawPayload));
    const data = JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8'));
    expect(Object.keys(data)).toEqual([
      'exportedAt',
      'profile',
      'photos',
      'promptAnswers',
      'voiceIntroduction',
      'profileViewsGiven',
      'profileViewsReceived',
      'messages',
      'likesGiven',
      'likesReceived',
      'blocked',
      'matchesEnded',
      'exclusiveProposals',
      'calls',
      'messageRequests',
      'sessions',
      'secondFactor',
      'pushSubscriptions',
      'notificationSettings',
      'emailDigest',
      'passkeys',
      'payments',
      'giftsReceived',
      'reportsMade',
      'moderationDecisions',
      'appeals',
      'guardians',
      'stays',
      'verification',
    ]);
    expect(data.profile).toMatchObject({ id: her.id, email: her.fields.username });
    expect(data.profile).not.toHaveProperty('passwordHash');
    // Her filters, dealbreakers included (ADR 042), not the bits computed from them.
    expect(data.profile).toMatchObject({
      preferredMinAge: 25,
      dealbreakers: { prayer: ['always', 'usually'], languages: ['fr', 'wo'] },
    });
    expect(data.profile).not.toHaveProperty('faithRejects');
    // Her sessions with what her list of signed-in devices shows of them (ADR 075).
    expect(data.sessions[0]).toEqual({
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      revokedAt: null,
      browser: null,
      os: null,
      country: null,
      lastActiveAt: expect.any(String),
    });
    expect(data.likesGiven).toEqual([expect.objectContaining({ memberId: him, name: 'Youssef' })]);
    expect(data.likesReceived).toEqual([expect.objectContaining({ memberId: him })]);
    expect(data.profileViewsGiven).toEqual([expect.objectContaining({ memberId: him })]);
    expect(data.profileViewsReceived).toEqual([expect.objectContaining({ memberId: him })]);
    expect(data.messages.map((m: { direction: string }) => m.direction)).toEqual([
      'sent',
      'received',
      'sent',
      'received',
    ]);
    // A gift only by the server's mark (ADR 015): none of these texts and photos is one.
    expect(data.messages.map((m: { gift: number | null }) => m.gift)).toEqual(Array(4).fill(null));
    // The shield's warning on what she received is hers; her own messages carry none.
    expect(data.messages.map((m: { shield?: string[] }) => m.shield)).toEqual([
      undefined,
      ['other-app'],
      undefined,
      undefined,
    ]);
    expect(data.guardians).toMatchObject({
      guardians: [{ name: 'Mamadou Diallo', relation: 'father', revokedAt: null }],
      visits: [],
      followNewConversations: expect.any(Boolean),
    });
    expect(data.payments.map((p: { amount: number }) => p.amount).sort()).toEqual([1999, 599]);
    expect(data.reportsMade).toEqual([expect.objectContaining({ note: 'Stock photos' })]);
    expect(data.pushSubscriptions).toEqual([
      {
        pushService: 'https://fcm.googleapis.com',
        createdAt: expect.any(String),
        subscribedAt: expect.any(String),
        expiresAt: null,
      },
    ]);
    expect(JSON.stringify(data)).not.toContain(PUSH_TOKEN);
    expect(data.notificationSettings).toMatchObject({
      likes: true,
      calls: false,
      quietStart: 23 * 60,
      quietEnd: 7 * 60 + 30,
      timeZone: 'Europe/Paris',
      emailDigest: false,
    });

    // Every file data.json names is in the ZIP, byte for byte the stored one.
    const [photo] = await t.database.db.select().from(photos).where(eq(photos.memberId, her.id));
    expect(data.photos).toEqual([expect.objectContaining({ file: 'photos/01.webp' })]);
    expect(Buffer.from(zip['photos/01.webp'] ?? [])).toEqual(
      await fs.readFile(path.join(t.mediaDir, photo?.displayKey ?? '')),
    );
    const attached = data.messages.flatMap((m: { photo: string | null }) => m.photo ?? []);
    expect(attached).toHaveLength(2);
    for (const name of attached) expect(zip[name]?.length).toBeGreaterThan(0);

    // Only her session downloads it: none, another member's, or hers once logged out, cannot.
    const refusals = [await download(), await download(hisToken)];
    expect(refusals.map((r) => [r.statusCode, r.json().code])).toEqual([
      [401, 'LOGIN_REQUIRED'],
      [404, 'DATA_EXPORT_UNAVAILABLE'],
    ]);
    expect((await exportOf(hisToken)).status).toBe('none');
    expect((await call(her.token, 'POST', '/api/auth/logout')).status).toBe(200);
    const loggedOut = await download(her.token);
    expect([loggedOut.statusCode, loggedOut.json().code]).toEqual([401, 'SESSION_ENDED']);
    // No address serves the file without a session.
    const key = (await fs.readdir(t.exportsDir)).find((name) => name.endsWith('.zip'));
    expect((await t.app.inject({ url: `/data-exports/${key}` })).statusCode).toBe(404);
  });

  it('is offered for 24 hours, then stops downloading and its file is deleted, with any leftover', async () => {
    const member = await registeredMember(t.app, { gender: 'homme' });
    const before = new Set(await fs.readdir(t.exportsDir));
    await readyExport(member.token);
    const [key] = (await fs.readdir(t.exportsDir)).filter((name) => !before.has(name));
    expect(key).toMatch(/\.zip$/);
    t.clock.advance(23 * HOUR);
    expect((await download(member.token)).statusCode).toBe(200);
    t.clock.advance(HOUR + 60_000);
    expect((await exportOf(member.token)).status).toBe('none');
    const expired = await download(member.token);
    expect([expired.statusCode, expired.json().code]).toEqual([404, 'DATA_EXPORT_UNAVAILABLE']);
    // What a node that died while making a copy left is cleaned by the same sweep.
    const leftover = path.join(t.exportsDir, `${crypto.randomUUID()}.zip.99.partial`);
    await fs.writeFile(leftover, 'half');
    const anHourAgo = new Date(t.clock.now().getTime() - HOUR);
    await fs.utimes(leftover, anHourAgo, anHourAgo);
    await t.app.dataExports.sweepExpired();
    const left = await fs.readdir(t.exportsDir);
    expect(left).not.toContain(key);
    expect(left.filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('allows a few copies a day', async () => {
    const member = await registeredMember(t.app, { gender: 'homme' });
    for (let i = 0; i < 3; i++) await readyExport(member.token);
    const refused = await call(member.token, 'POST', '/api/users/me/export');
    expect([refused.status, refused.body.code]).toEqual([429, 'DATA_EXPORTS_DAILY_LIMIT']);
  });
});

/** Every uuid column of every table (so a table added later is walked too) holding `id`. */
async function columnsHolding(id: string): Promise<string[]> {
  const columns = await t.database.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type = 'uuid' order by table_name, column_name`);
  expect(columns.rows.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const result = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${id}::uuid`,
    );
    if ((result.rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/** Every text column (arrays too) of every table that contains `needle`. */
async function textColumnsContaining(needle: string): Promise<string[]> {
  const columns = await t.database.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and (data_type = 'text' or data_type = 'ARRAY')`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const result = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
    );
    if ((result.rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

async function filesUnder(...dirs: string[]): Promise<Set<string>> {
  const all = new Set<string>();
  for (const dir of dirs) {
    for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) all.add(path.join(entry.parentPath, entry.name));
    }
  }
  return all;
}

describe('deleting one’s account', () => {
  it('refuses a wrong password, and changes nothing', async () => {
    const member = await registeredMember(t.app, { gender: 'femme' });
    const refused = await call(member.token, 'DELETE', '/api/users/me', { password: 'not-it-123' });
    expect([refused.status, refused.body.code]).toEqual([403, 'DELETE_PASSWORD_WRONG']);
    const none = await call(member.token, 'DELETE', '/api/users/me', {});
    expect([none.status, none.body.code]).toEqual([400, 'DELETE_CONFIRMATION_REQUIRED']);
    expect((await call(member.token, 'GET', '/api/users/me')).status).toBe(200);
    const again = await login(
      t.app,
      member.fields.username as string,
      member.fields.password as string,
    );
    expect(again.statusCode).toBe(200);
  });

  it('erases every row and file of the member, but the messages (from a deleted member) and the payment records', async () => {
    const dirs = [t.mediaDir, t.privateMediaDir, t.exportsDir];
    const before = await filesUnder(...dirs);
    const { her, him, hisToken, mine, myPhoto, hisPhotoUrl } = await activeMember();
    await readyExport(her.token);
    await call(hisToken, 'POST', `/api/users/${her.id}/block`);
    await call(hisToken, 'DELETE', `/api/users/${her.id}/block`);
    await call(hisToken, 'POST', '/api/reports', { reportedId: her.id, reason: 'other' });
    const hers = [...(await filesUnder(...dirs))].filter((file) => !before.has(file));
    const hisFile = path.join(
      t.privateMediaDir,
      new URL(hisPhotoUrl, 'http://x').pathname.replace('/chat-media/', ''),
    );
    expect(hers).toContain(hisFile);
    expect(await columnsHolding(her.id)).toEqual(
      expect.arrayContaining([
        'likes.liker_id',
        'messages.sender_id',
        'orders.member_id',
        'push_subscriptions.member_id',
        'notification_settings.member_id',
      ]),
    );
    const socket = await connectStomp(baseUrl, her.token);
    socket.subscribe(destinations.chat(her.id));

    const deleted = await call(her.token, 'DELETE', '/api/users/me', {
      password: her.fields.password,
    });
    expect(deleted.status).toBe(200);
    expect((await socket.error).headers.code).toBe('SESSION_ENDED');
    await t.app.mediaJanitor.sweepQueue();

    // No row names her any more; the moderation record keeps bare ids (ADR 018) and nothing else:
    // his report about her is an event there (ADR 076), its report row gone with her.
    expect(await columnsHolding(her.id)).toEqual(['moderation_actions.member_id']);
    expect(await textColumnsContaining(her.fields.username as string)).toEqual([]);
    // Her files are gone: photos, the photo she sent, her copy; his photo to her stays.
    const after = await filesUnder(...dirs);
    expect(hers.filter((file) => after.has(file))).toEqual([hisFile]);

    // What outlives her points to a stand-in without any of her data.
    const [sent] = await t.database.db.select().from(messages).where(eq(messages.uuid, mine));
    const standIn = sent?.senderId ?? '';
    const [row] = await t.database.db.select().from(members).where(eq(members.id, standIn));
    expect(row).toMatchObject({
      name: '',
      email: `deleted:${standIn}`,
      standing: 'deleted',
      age: null,
      gender: null,
      bio: null,
      location: null,
      latitude: null,
      passwordHash: null,
      googleSubject: null,
      photoKeys: [],
    });
    expect((await columnsHolding(standIn)).sort()).toEqual([
      'members.id',
      'messages.receiver_id',
      'messages.sender_id',
      'orders.member_id',
      'reports.reporter_id',
    ]);
    const payments = await t.database.db.select().from(orders).where(eq(orders.memberId, standIn));
    expect(payments.map((p) => [p.amount, p.status]).sort()).toEqual([
      [1999, 'paid'],
      [599, 'cancelled'],
    ]);

    // He still has the conversation, from a deleted member, her photo shown as removed.
    const contacts = (await call(hisToken, 'GET', '/api/chat/contacts')).body as Contact[];
    expect(contacts.find((c) => c.id === standIn)).toMatchObject({ name: '', deleted: true });
    expect(contacts.find((c) => c.id === her.id)).toBeUndefined();
    const thread = (await call(hisToken, 'GET', `/api/chat/conversation/${standIn}`)).body;
    expect(thread).toEqual([
      expect.objectContaining({ uuid: mine, senderId: standIn, content: 'Salam Youssef' }),
      expect.objectContaining({ senderId: him, content: 'Salam! Tu es sur WhatsApp ?' }),
      expect.objectContaining({
        uuid: myPhoto,
        senderId: standIn,
        imageUrl: null,
        mediaRemoved: true,
      }),
      expect.objectContaining({ senderId: him, mediaRemoved: false }),
    ]);
    const reply = await call(hisToken, 'POST', `/api/chat/send/${standIn}`, { content: 'Hello?' });
    expect([reply.status, reply.body.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    expect((await call(hisToken, 'GET', `/api/users/${standIn}/details`)).status).toBe(404);
    expect((await call(hisToken, 'GET', `/api/users/${her.id}/details`)).status).toBe(404);

    // Her session is over, and her login answers as for an address nobody has.
    expect((await call(her.token, 'GET', '/api/users/me')).status).toBe(401);
    const refused = await login(
      t.app,
      her.fields.username as string,
      her.fields.password as string,
    );
    const unknown = await login(t.app, 'nobody.here@example.org', 'whatever-123');
    expect([refused.statusCode, refused.json()]).toEqual([401, unknown.json()]);

    // Her report still reaches the moderators, from a member who has since left.
    await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, him));
    const queue = (await call(hisToken, 'GET', '/api/moderation/reports')).body as OpenReport[];
    expect(
      queue.find((r) => r.reporter.kind === 'member' && r.reporter.id === standIn),
    ).toMatchObject({
      note: 'Stock photos',
      reporter: { id: standIn, name: '', deleted: true },
    });
  });
});

describe('deleting an account made with Google', () => {
  const idToken = (payload: JWTPayload, issuedAgoMs = 0) =>
    google.idToken(payload, new Date(t.clock.now().getTime() - issuedAgoMs));
  const claims = () => google.claims({ name: 'Maryam Google' });

  it('asks for a fresh sign-in with the same Google account', async () => {
    const identity = claims();
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { token: await idToken(identity) },
    });
    const token = signedIn.json().token as string;
    const byPassword = await call(token, 'DELETE', '/api/users/me', { password: 'guess-1234' });
    expect([byPassword.status, byPassword.body.code]).toEqual([403, 'DELETE_PASSWORD_WRONG']);
    const stale = await call(token, 'DELETE', '/api/users/me', {
      googleToken: await idToken(identity, 10 * 60 * 1000),
    });
    expect([stale.status, stale.body.code]).toEqual([403, 'GOOGLE_SIGN_IN_TOO_OLD']);
    const someoneElse = await call(token, 'DELETE', '/api/users/me', {
      googleToken: await idToken(claims()),
    });
    expect([someoneElse.status, someoneElse.body.code]).toEqual([403, 'GOOGLE_ACCOUNT_OTHER']);
    const forged = await call(token, 'DELETE', '/api/users/me', { googleToken: 'not.a.token' });
    expect([forged.status, forged.body.code]).toEqual([403, 'GOOGLE_FAILED']);
    expect((await call(token, 'GET', '/api/users/me')).status).toBe(200);

    const deleted = await call(token, 'DELETE', '/api/users/me', {
      googleToken: await idToken(identity),
    });
    expect(deleted.status).toBe(200);
    expect((await call(token, 'GET', '/api/users/me')).status).toBe(401);
    expect(await textColumnsContaining(identity.email as string)).toEqual([]);
  });
});
