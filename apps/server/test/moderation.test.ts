import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_NOTIFICATION_SETTINGS, destinations, type OpenReport } from '@mawadda/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, pgliteExtensions } from '../src/db/database.ts';
import { members, notificationSettings, reports } from '../src/db/schema.ts';
import { setRoleByEmail } from '../src/modules/moderation/moderation.repository.ts';
import {
  bearer,
  login,
  registeredMember,
  seedCouple,
  seedMembers,
  sessionFor,
} from './fixtures.ts';
import { connectStomp } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';
import { createPostgresTestDatabase } from './test-database.ts';

const execFileAsync = promisify(execFile);

let t: TestContext;
let baseUrl: string;
let moderator: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t.app);
  [moderator = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
  await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, moderator));
});

async function as(memberId: string) {
  const headers = bearer(await sessionFor(t.database.db, memberId));
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const answer = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: answer.statusCode, body: answer.json() };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
  };
}

/** Karim harassed Amina in their conversation; she reports him with his message attached. */
async function aReport() {
  const { amina, youssef, karim } = await seedCouple(t.database.db);
  const her = await as(amina);
  const him = await as(youssef);
  const sent = await him.post(`/api/chat/send/${amina}`, { content: 'Send me money now' });
  const mine = await her.post(`/api/chat/send/${youssef}`, { content: 'No.' });
  const report = await her.post('/api/reports', {
    reportedId: youssef,
    reason: 'asking-for-money',
    note: 'He keeps asking for a transfer.',
    messageIds: [sent.body.uuid],
  });
  expect(report.status).toBe(201);
  return {
    amina,
    youssef,
    karim,
    her,
    him,
    reportId: report.body.id as string,
    mine: mine.body.uuid,
  };
}

const queue = async () =>
  (await (await as(moderator)).get('/api/moderation/reports')).body as OpenReport[];
/** The language the server keeps as the member's, for what it writes to them. */
const languageOf = async (memberId: string) =>
  (
    await t.database.db
      .select({ language: notificationSettings.language })
      .from(notificationSettings)
      .where(eq(notificationSettings.memberId, memberId))
  )[0]?.language;
const act = async (reportId: string, body: object) =>
  (await as(moderator)).post(`/api/moderation/reports/${reportId}/actions`, body);

describe('reporting a member', () => {
  it('reaches the moderators’ queue with the reported member and the attached message', async () => {
    const { amina, youssef, reportId } = await aReport();
    const open = (await queue()).find((r) => r.id === reportId);
    expect(open).toMatchObject({
      reasons: ['asking-for-money'],
      note: 'He keeps asking for a transfer.',
      reporter: { id: amina, deleted: false },
      reported: { id: youssef, standing: 'active', reporterCount: 1 },
      messages: [{ content: 'Send me money now' }],
    });
    expect(open?.reported.photoUrls).toEqual([expect.stringContaining(youssef)]);
  });

  it('refuses messages the reported member did not send, oneself, unknown members and bad fields', async () => {
    const { amina, youssef, her, mine } = await aReport();
    const refusals: Array<[object, number, string]> = [
      [{ reportedId: youssef, reason: 'other', messageIds: [mine] }, 400, 'REPORT_MESSAGE_UNKNOWN'],
      [{ reportedId: amina, reason: 'other' }, 404, 'MEMBER_NOT_FOUND'],
      [{ reportedId: crypto.randomUUID(), reason: 'other' }, 404, 'MEMBER_NOT_FOUND'],
      [{ reportedId: youssef, reason: 'rude' }, 400, 'REPORT_REASON_INVALID'],
      [
        { reportedId: youssef, reason: 'other', note: 'x'.repeat(1001) },
        400,
        'REPORT_NOTE_TOO_LONG',
      ],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await her.post('/api/reports', body);
      expect([answer.status, answer.body.code]).toEqual([status, code]);
    }
  });

  it('keeps one open report per reporter and member: reporting again adds to it', async () => {
    const { amina, youssef, karim, her, him, reportId } = await aReport();
    const second = await him.post(`/api/chat/send/${amina}`, { content: 'You will regret it' });
    const created = (await queue()).find((r) => r.id === reportId)?.createdAt;
    t.clock.advance(60_000);
    // The same report three more times, at once: still one, unchanged but for its time.
    const again = await Promise.all(
      Array.from({ length: 3 }, () =>
        her.post('/api/reports', {
          reportedId: youssef,
          reason: 'asking-for-money',
          note: 'He keeps asking for a transfer.',
        }),
      ),
    );
    expect(again.map((a) => [a.status, a.body.id])).toEqual(Array(3).fill([201, reportId]));
    t.clock.advance(60_000);
    const added = await her.post('/api/reports', {
      reportedId: youssef,
      reason: 'harassment-or-hate',
      note: 'Now he threatens me.',
      messageIds: [second.body.uuid],
    });
    expect([added.status, added.body.id]).toEqual([201, reportId]);
    const hers = (await queue()).filter((r) => r.reported.id === youssef);
    expect(hers).toHaveLength(1);
    expect(hers[0]).toMatchObject({
      id: reportId,
      reasons: ['asking-for-money', 'harassment-or-hate'],
      note: 'He keeps asking for a transfer.\n\nNow he threatens me.',
      createdAt: created,
      updatedAt: new Date(t.clock.now()).toISOString(),
      reported: { reporterCount: 1 },
      messages: [{ content: 'Send me money now' }, { content: 'You will regret it' }],
    });

    // Another member's report is another report; the count is of members.
    const his = await (await as(karim)).post('/api/reports', {
      reportedId: youssef,
      reason: 'fake-profile',
    });
    expect(his.body.id).not.toBe(reportId);
    const counts = (await queue())
      .filter((r) => r.reported.id === youssef)
      .map((r) => r.reported.reporterCount);
    expect(counts).toEqual([2, 2]);

    // Once decided, a new report starts a new one.
    await act(reportId, { action: 'warn', reason: 'Asking for money is not allowed.' });
    const later = await her.post('/api/reports', { reportedId: youssef, reason: 'other' });
    expect([later.status, later.body.id === reportId]).toEqual([201, false]);
    const open = (await queue()).filter((r) => r.reported.id === youssef);
    const byWhom = (r: OpenReport) => (r.reporter.kind === 'member' ? r.reporter.id : null);
    expect(open.map((r) => [byWhom(r), r.reasons, r.reported.reporterCount])).toEqual(
      expect.arrayContaining([
        [karim, ['fake-profile'], 2],
        [amina, ['other'], 2],
      ]),
    );
  });

  it('gathers notes up to five full ones, then asks to report without a note', async () => {
    const { youssef, her, reportId } = await aReport();
    for (let i = 1; i <= 4; i++) {
      const note = `${i}`.repeat(1000);
      const added = await her.post('/api/reports', { reportedId: youssef, reason: 'other', note });
      expect(added.status).toBe(201);
    }
    const full = await her.post('/api/reports', {
      reportedId: youssef,
      reason: 'under-18',
      note: 'x'.repeat(1000),
    });
    expect([full.status, full.body.code]).toEqual([400, 'REPORT_NOTES_FULL']);
    const stored = (await queue()).find((r) => r.id === reportId);
    expect(stored?.reasons).toEqual(['asking-for-money', 'other']);
    const withoutNote = await her.post('/api/reports', { reportedId: youssef, reason: 'under-18' });
    expect(withoutNote.status).toBe(201);
    expect((await queue()).find((r) => r.id === reportId)?.reasons).toEqual([
      'asking-for-money',
      'other',
      'under-18',
    ]);
  });

  it('takes ten reports a day from one member, then a clear 429', async () => {
    const [reporter = '', ...others] = await seedMembers(
      t.database.db,
      Array.from({ length: 12 }, (_, i) => ({ gender: i === 0 ? 'femme' : 'homme' }) as const),
    );
    const me = await as(reporter);
    const answers = [];
    for (const reportedId of others)
      answers.push(await me.post('/api/reports', { reportedId, reason: 'fake-profile' }));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(201));
    expect([answers[10]?.status, answers[10]?.body.code]).toEqual([429, 'REPORTS_DAILY_LIMIT']);
  });
});

describe('moderating', () => {
  it('tells the web app who is a moderator, so only they see the moderation page', async () => {
    const { amina } = await seedCouple(t.database.db);
    const roleOf = async (memberId: string) =>
      (await (await as(memberId)).get('/api/users/me')).body.role;
    expect([await roleOf(moderator), await roleOf(amina)]).toEqual(['moderator', 'member']);
  });

  it('is for moderators only', async () => {
    const { her, reportId } = await aReport();
    for (const answer of [
      await her.get('/api/moderation/reports'),
      await her.post(`/api/moderation/reports/${reportId}/actions`, {
        action: 'dismiss',
        reason: 'fine',
      }),
    ]) {
      expect([answer.status, answer.body.code]).toEqual([403, 'MODERATORS_ONLY']);
    }
  });

  it('lets no moderator decide a report about themselves, nor one they filed', async () => {
    const [colleague = '', member = ''] = await seedMembers(t.database.db, [
      { gender: 'homme' },
      { gender: 'homme' },
    ]);
    await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, colleague));
    const aboutMe = await (await as(member)).post('/api/reports', {
      reportedId: moderator,
      reason: 'harassment-or-hate',
    });
    const mine = await (await as(moderator)).post('/api/reports', {
      reportedId: member,
      reason: 'fake-profile',
    });
    const ids = [aboutMe.body.id, mine.body.id];
    // Not in my queue (I would learn who reported me), and refused if I try anyway.
    const seen = (await queue()).map((r) => r.id);
    for (const id of ids) expect(seen).not.toContain(id);
    const refused = [
      await act(aboutMe.body.id, { action: 'dismiss', reason: 'Nothing happened' }),
      await act(mine.body.id, { action: 'ban', reason: 'I saw it myself' }),
    ];
    expect(refused.map((r) => [r.status, r.body.code])).toEqual([
      [403, 'REPORT_ABOUT_YOU'],
      [403, 'REPORT_FILED_BY_YOU'],
    ]);
    const record = await t.database.db.execute(
      sql`select action from moderation_actions where report_id in (${ids[0]}, ${ids[1]})`,
    );
    // The reports are in the record as reports, with no decision on them.
    expect(record.rows).toEqual([{ action: 'reported' }, { action: 'reported' }]);
    const [standing] = await t.database.db
      .select({ standing: members.standing })
      .from(members)
      .where(eq(members.id, member));
    expect(standing?.standing).toBe('active');
    // Another moderator sees both and decides them.
    const other = await as(colleague);
    const theirs = (await other.get('/api/moderation/reports')).body as OpenReport[];
    expect(theirs.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    for (const id of ids) {
      const done = await other.post(`/api/moderation/reports/${id}/actions`, {
        action: 'dismiss',
        reason: 'Looked into it',
      });
      expect(done.status).toBe(200);
    }
  });

  it('closes a report once: dismissed, it leaves the queue and cannot be acted on again', async () => {
    const { reportId } = await aReport();
    expect((await act(reportId, { action: 'dismiss', reason: 'A misunderstanding' })).status).toBe(
      200,
    );
    expect((await queue()).map((r) => r.id)).not.toContain(reportId);
    const again = await act(reportId, { action: 'ban', reason: 'Changed my mind' });
    expect([again.status, again.body.code]).toEqual([409, 'REPORT_CLOSED']);
    const without = await act(reportId, { action: 'dismiss' });
    expect([without.status, without.body.code]).toEqual([400, 'MODERATION_REASON_REQUIRED']);
  });

  it('removes a photo of the reported member, and only theirs', async () => {
    const { youssef, reportId } = await aReport();
    const [photoUrl = ''] =
      (await queue()).find((r) => r.id === reportId)?.reported.photoUrls ?? [];
    const wrong = await act(reportId, {
      action: 'remove-photo',
      reason: 'Nudity',
      photoUrl: '/media/photos/other.webp',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'PHOTO_TO_REMOVE_UNKNOWN']);
    expect(
      (await act(reportId, { action: 'remove-photo', reason: 'Nudity', photoUrl })).status,
    ).toBe(200);
    const [row] = await t.database.db
      .select({ keys: members.photoKeys })
      .from(members)
      .where(eq(members.id, youssef));
    expect(row?.keys).toEqual([]);
  });

  it('warns a member by e-mail with the moderator’s reason', async () => {
    const { reportId } = await aReport();
    const before = t.mailer.sent.length;
    await act(reportId, { action: 'warn', reason: 'Asking for money is not allowed here.' });
    expect(t.mailer.sent.slice(before)).toEqual([
      expect.objectContaining({
        text: expect.stringContaining('Asking for money is not allowed here.'),
      }),
    ]);
  });

  it('warns in the member’s language first, from the requests of the app they use, saying a member reported them', async () => {
    const { youssef, reportId } = await aReport();
    const headers = bearer(await sessionFor(t.database.db, youssef));
    // He chose his notifications in French once; he uses the app in English now.
    const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, emailDigest: false };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/push/settings',
      headers: { ...headers, 'accept-language': 'fr' },
      payload: settings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Last active an hour ago: his next request is the one the server keeps.
    await t.database.db
      .update(members)
      .set({ lastActiveAt: new Date(t.clock.now().getTime() - 60 * 60_000) })
      .where(eq(members.id, youssef));
    const inEnglish = {
      ...bearer(await sessionFor(t.database.db, youssef)),
      'accept-language': 'en-GB,en;q=0.9',
    };
    expect((await t.app.inject({ url: '/api/users/me', headers: inEnglish })).statusCode).toBe(200);
    await expect
      .poll(async () => (await languageOf(youssef)) === 'en', { timeout: 5000 })
      .toBe(true);

    const before = t.mailer.sent.length;
    await act(reportId, { action: 'warn', reason: 'Asking for money is not allowed here.' });
    const [mail] = t.mailer.sent.slice(before);
    expect(mail?.subject).toBe('A warning about your Mawadda account');
    const english = mail?.text.indexOf('A member reported you') ?? -1;
    expect(english).toBeGreaterThan(-1);
    expect(english).toBeLessThan(mail?.text.indexOf('Un membre vous a signalé') ?? -1);
    // His settings are his still.
    const kept = await t.app.inject({ url: '/api/push/settings', headers: inEnglish });
    expect(kept.json()).toEqual(settings);
  });

  it('warns after the scam shield’s report saying an automatic check of messages found it, not a member', async () => {
    const { youssef } = await seedCouple(t.database.db);
    const [filed] = await t.database.db
      .insert(reports)
      .values({
        reporterId: null,
        reportedId: youssef,
        reasons: ['asking-for-money'],
        messageSeqs: [],
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .returning({ id: reports.id });
    const before = t.mailer.sent.length;
    await act(filed?.id ?? '', { action: 'warn', reason: 'Asking for money is not allowed here.' });
    const [mail] = t.mailer.sent.slice(before);
    expect(mail?.text).toContain(
      'Notre vérification automatique des messages a relevé plusieurs des vôtres',
    );
    expect(mail?.text).toContain('Our automatic check of messages flagged several of yours');
    expect(mail?.text).not.toMatch(/Un membre vous a signalé|A member reported you/);
  });

  it('suspends: sessions and sockets end at once, the member vanishes, and login says until when', async () => {
    const member = await registeredMember(t.app, { gender: 'homme' });
    const { amina } = await seedCouple(t.database.db);
    const her = await as(amina);
    const report = await her.post('/api/reports', {
      reportedId: member.id,
      reason: 'fake-profile',
    });
    const socket = await connectStomp(baseUrl, member.token);
    socket.subscribe(destinations.chat(member.id));
    expect((await her.get(`/api/users/${member.id}/details`)).status).toBe(200);

    // Seven days from the moderator's action, on the file's clock (other tests move it).
    const until = new Date(t.clock.now().getTime() + 7 * 24 * 60 * 60 * 1000).toISOString();
    const suspended = await act(report.body.id, {
      action: 'suspend',
      reason: 'Fake photos',
      days: 7,
    });
    expect(suspended.status).toBe(200);
    expect((await socket.error).headers.code).toBe('SESSION_ENDED');
    // The app still open asks with its ended token, and is told why, with until when.
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(member.token) });
    expect([me.statusCode, me.json().code, me.json().params]).toEqual([
      403,
      'ACCOUNT_SUSPENDED',
      { until, reason: 'Fake photos', pass: expect.any(String) },
    ]);
    expect((await her.get(`/api/users/${member.id}/details`)).status).toBe(404);
    const refused = await login(
      t.app,
      member.fields.username as string,
      member.fields.password as string,
    );
    expect([refused.statusCode, refused.json().code, refused.json().params]).toEqual([
      403,
      'ACCOUNT_SUSPENDED',
      { until, reason: 'Fake photos', pass: expect.any(String) },
    ]);
    // Once the week is over, the member logs in and is shown again.
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    const back = await login(
      t.app,
      member.fields.username as string,
      member.fields.password as string,
    );
    expect(back.statusCode).toBe(200);
    expect((await her.get(`/api/users/${member.id}/details`)).status).toBe(200);
    // The suspension over, the old token has simply ended.
    const old = await t.app.inject({ url: '/api/users/me', headers: bearer(member.token) });
    expect([old.statusCode, old.json().code]).toEqual([401, 'SESSION_ENDED']);
  });

  it('bans for good, and keeps every action in a record nobody can change', async () => {
    const member = await registeredMember(t.app, { gender: 'homme' });
    const { amina } = await seedCouple(t.database.db);
    const report = await (await as(amina)).post('/api/reports', {
      reportedId: member.id,
      reason: 'harassment-or-hate',
    });
    await act(report.body.id, { action: 'ban', reason: 'Threats in messages' });
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(member.token) });
    expect([me.statusCode, me.json().code, me.json().params]).toEqual([
      403,
      'ACCOUNT_BANNED',
      { reason: 'Threats in messages', pass: expect.any(String) },
    ]);
    const refused = await login(
      t.app,
      member.fields.username as string,
      member.fields.password as string,
    );
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ACCOUNT_BANNED']);
    const record = await t.database.db.execute<{ moderator_id: string; reason: string }>(
      sql`select moderator_id, action, reason from moderation_actions
        where member_id = ${member.id} order by action`,
    );
    expect(record.rows).toEqual([
      { moderator_id: moderator, action: 'ban', reason: 'Threats in messages' },
      { moderator_id: null, action: 'reported', reason: 'harassment-or-hate' },
    ]);
    await expect(
      t.database.db.execute(
        sql`update moderation_actions set reason = 'nothing' where member_id = ${member.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from moderation_actions where member_id = ${member.id}`),
    ).rejects.toThrow();
  });
});

describe('npm run moderator', () => {
  it('makes a registered member a moderator', async () => {
    // The command on this run's own engine: a PostgreSQL database cloned from the migrated
    // template (CI), or an embedded database in a data folder loaded from the migrated dump;
    // either way nothing is migrated from scratch (ADR 033).
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-moderator-'));
    const postgres = await createPostgresTestDatabase();
    if (!postgres) {
      const dump = await fs.readFile(inject('pgliteDump'));
      const pglite = await PGlite.create(path.join(dataDir, 'db'), {
        loadDataDir: new Blob([dump]),
        extensions: pgliteExtensions,
      });
      await pglite.close();
    }
    const databaseUrl = postgres?.url ?? '';
    const open = () => openDatabase({ dataDir, databaseUrl });
    const database = await open();
    const [id = ''] = await seedMembers(database.db, [{ gender: 'femme' }]);
    const [row] = await database.db
      .select({ email: members.email })
      .from(members)
      .where(eq(members.id, id));
    await database.close();
    const run = async (...args: string[]) => {
      try {
        const { stdout } = await execFileAsync(
          process.execPath,
          [path.resolve(import.meta.dirname, '../src/moderator.ts'), ...args],
          { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl } },
        );
        return { status: 0, stdout };
      } catch (error) {
        const failed = error as { code?: number; stdout?: string };
        return { status: failed.code ?? -1, stdout: failed.stdout ?? '' };
      }
    };
    const added = await run('add', row?.email ?? '');
    expect([added.status, added.stdout.trim()]).toEqual([0, `${row?.email} is now a moderator.`]);
    expect((await run()).status).toBe(2);
    const reopened = await open();
    const [after] = await reopened.db
      .select({ role: members.role })
      .from(members)
      .where(eq(members.id, id));
    await reopened.close();
    expect(after?.role).toBe('moderator');
    await postgres?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    // Two processes of the command, each opening the database, on a busy two-core machine.
  }, 60_000);

  it('says so when no member has the address', async () => {
    expect(await setRoleByEmail(t.database.db, 'nobody@example.org', 'moderator')).toBe(false);
  });
});
