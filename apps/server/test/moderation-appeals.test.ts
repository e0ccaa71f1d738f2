import type {
  AppealQueue,
  ModerationSubject,
  Notifications,
  Standing,
  Statement,
} from '@mawadda/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema.ts';
import { safety } from '../src/modules/account/member-data.repository.ts';
import {
  bearer,
  login,
  registeredMember,
  seedCouple,
  seedMembers,
  sessionFor,
} from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestContext;
let moderator: string;
let other: string;
let senior: string;
beforeAll(async () => {
  t = await createTestApp();
  [moderator = '', other = '', senior = ''] = await seedMembers(t.database.db, [
    { gender: 'femme' },
    { gender: 'homme' },
    { gender: 'femme' },
  ]);
  await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, moderator));
  await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, other));
  await t.database.db
    .update(members)
    .set({ role: 'senior-moderator' })
    .where(eq(members.id, senior));
});

async function as(memberId: string) {
  const headers = bearer(await sessionFor(t.database.db, memberId));
  return client(headers);
}

function client(headers: Record<string, string>) {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const answer = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: answer.statusCode, body: answer.json() };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
  };
}

type Answer = Awaited<ReturnType<ReturnType<typeof client>['get']>>;

/** A registered member (with a password to sign in), reported by Amina for harassment. */
async function aReportedMember() {
  const member = await registeredMember(t.app, { gender: 'homme' });
  const { amina } = await seedCouple(t.database.db);
  const report = await (await as(amina)).post('/api/reports', {
    reportedId: member.id,
    reason: 'harassment-or-hate',
    note: 'He insulted me.',
  });
  expect(report.status).toBe(201);
  return { member, amina, reportId: report.body.id as string };
}

async function decide(reportId: string, body: object, by = moderator) {
  const answer = await (await as(by)).post(`/api/moderation/reports/${reportId}/actions`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const history = async (memberId: string, by = moderator) =>
  (await (await as(by)).get(`/api/moderation/members/${memberId}`)).body as ModerationSubject;

/** The member signs in with their password: refused, with the pass to their standing. */
async function signIn(member: { fields: Record<string, unknown> }) {
  const refused = await login(
    t.app,
    member.fields.username as string,
    member.fields.password as string,
  );
  return { status: refused.statusCode, body: refused.json() };
}

async function passClient(member: { fields: Record<string, unknown> }) {
  const refused = await signIn(member);
  expect(refused.status).toBe(403);
  return client(bearer(refused.body.params.pass));
}

/** The member suspended 7 days on a report, the suspension's id in the record. */
async function aSuspension() {
  const reported = await aReportedMember();
  await decide(reported.reportId, {
    action: 'suspend',
    days: 7,
    reason: 'Insults in three messages to a member.',
    rule: 'respect',
    fact: 'insults-or-threats',
  });
  const events = (await history(reported.member.id)).events;
  const suspension = events.find((e) => e.kind === 'suspend');
  if (!suspension) throw new Error('no suspension recorded');
  return { ...reported, decisionId: suspension.id };
}

describe('a member’s moderation history', () => {
  it('holds the report, the decision, a comment and an escalation, in order, with the review state', async () => {
    const { member, reportId, decisionId } = await aSuspension();
    const moderatorClient = await as(moderator);
    expect(
      (
        await moderatorClient.post(`/api/moderation/members/${member.id}/comments`, {
          text: 'Second report this month, check the older conversation.',
        })
      ).status,
    ).toBe(201);
    const escalated = await moderatorClient.post(
      `/api/moderation/members/${member.id}/escalation`,
      {
        reason: 'He says the messages were sent by someone else.',
        assigneeId: senior,
      },
    );
    expect(escalated.status).toBe(200);
    const subject = await history(member.id);
    expect(subject).toMatchObject({
      state: 'escalated',
      assigneeId: senior,
      standing: 'suspended',
    });
    expect(subject.events.map((e) => [e.kind, e.moderatorId])).toEqual([
      ['reported', null],
      ['suspend', moderator],
      ['comment', moderator],
      ['escalate', moderator],
    ]);
    expect(subject.events[0]).toMatchObject({ reportId, reason: 'harassment-or-hate' });
    expect(subject.events[1]).toMatchObject({
      id: decisionId,
      rule: 'respect',
      fact: 'insults-or-threats',
      until: new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
  });

  it('refuses plain members every moderation route, and a moderator their own record', async () => {
    const { member, amina, decisionId } = await aSuspension();
    const plain = await as(amina);
    const id = crypto.randomUUID();
    const calls: Answer[] = [
      await plain.get(`/api/moderation/members/${member.id}`),
      await plain.post(`/api/moderation/members/${member.id}/comments`, { text: 'Nothing.' }),
      await plain.post(`/api/moderation/members/${member.id}/escalation`, { reason: 'Nothing.' }),
      await plain.post(`/api/moderation/decisions/${decisionId}/reversal`, { reason: 'Nothing.' }),
      await plain.get('/api/moderation/appeals'),
      await plain.get('/api/moderation/reports/figures'),
      await plain.post('/api/moderation/reports/actions', {
        reportIds: [crypto.randomUUID(), crypto.randomUUID()],
        action: 'dismiss',
        reason: 'Nothing.',
      }),
      await plain.post(`/api/moderation/appeals/${id}/answer`, {
        outcome: 'upheld',
        answer: 'Yes.',
      }),
    ];
    expect(calls.map((c) => [c.status, c.body.code])).toEqual(
      calls.map(() => [403, 'MODERATORS_ONLY']),
    );
    const own = await (await as(moderator)).get(`/api/moderation/members/${moderator}`);
    expect([own.status, own.body.code]).toEqual([403, 'SUBJECT_IS_YOU']);
    // Nothing of it reached the record.
    expect((await history(member.id)).events.map((e) => e.kind)).toEqual(['reported', 'suspend']);
  });

  it('assigns an escalation to a senior moderator only', async () => {
    const { member } = await aReportedMember();
    const refused = await (await as(moderator)).post(
      `/api/moderation/members/${member.id}/escalation`,
      { reason: 'Needs a second look.', assigneeId: other },
    );
    expect([refused.status, refused.body.code]).toEqual([400, 'ASSIGNEE_NOT_SENIOR']);
    expect((await history(member.id)).state).toBe('open');
  });

  it('lets a senior moderator reverse another’s suspension: the member signs in again', async () => {
    const { member, decisionId } = await aSuspension();
    const notSenior = await (await as(other)).post(
      `/api/moderation/decisions/${decisionId}/reversal`,
      { reason: 'Not enough.' },
    );
    expect([notSenior.status, notSenior.body.code]).toEqual([403, 'SENIOR_MODERATORS_ONLY']);
    expect((await signIn(member)).status).toBe(403);
    const reversed = await (await as(senior)).post(
      `/api/moderation/decisions/${decisionId}/reversal`,
      { reason: 'The messages were quotes of someone else.' },
    );
    expect(reversed.status).toBe(200);
    const back = await signIn(member);
    expect(back.status).toBe(200);
    // Nothing is left to appeal.
    const appeal = await client(bearer(back.body.token)).post(
      `/api/users/me/statements/${decisionId}/appeal`,
      { text: 'Too late, it is reversed.' },
    );
    expect([appeal.status, appeal.body.code]).toEqual([409, 'DECISION_ALREADY_REVERSED']);
    const again = await (await as(senior)).post(
      `/api/moderation/decisions/${decisionId}/reversal`,
      { reason: 'Twice.' },
    );
    expect([again.status, again.body.code]).toEqual([409, 'DECISION_ALREADY_REVERSED']);
    const subject = await history(member.id);
    expect(subject.events.at(-1)).toMatchObject({
      kind: 'reverse',
      moderatorId: senior,
      refersTo: decisionId,
    });
    expect(subject).toMatchObject({ state: 'closed', standing: 'active' });
  });

  it('records the scam shield’s findings as events with no moderator', async () => {
    const { youssef } = await seedCouple(t.database.db);
    await t.app.moderation.reportAutomatically({
      reportedId: youssef,
      askingForMoney: true,
      messageSeqs: [],
    });
    const subject = await history(youssef);
    expect(subject.events.map((e) => [e.kind, e.moderatorId, e.reason])).toEqual([
      ['reported', null, 'asking-for-money'],
    ]);
    expect(subject.state).toBe('open');
  });
});

describe('the statement of reasons', () => {
  it('is news in the member’s counts until they read it, while the account is in use (ADR 084)', async () => {
    const { member, reportId } = await aReportedMember();
    const news = async () =>
      ((await (await as(member.id)).get('/api/users/notifications')).body as Notifications)
        .newDecisions;
    expect(await news()).toBe(0);
    await decide(reportId, { action: 'warn', reason: 'Insults in three messages to a member.' });
    expect(await news()).toBe(1);
    const read = await (await as(member.id)).get('/api/users/me/statements');
    expect(read.status).toBe(200);
    expect((read.body as Statement[]).map((s) => s.decision)).toEqual(['warn']);
    expect(await news()).toBe(0);
  });

  it('is mailed in the member’s language with the decision, the rule, the facts, the length and the appeal', async () => {
    const before = t.mailer.sent.length;
    await aSuspension();
    const [mail] = t.mailer.sent.slice(before);
    expect(mail?.subject).toBe('Votre compte Mawadda est suspendu');
    for (const part of [
      'Règle concernée : Respectez chaque membre',
      'Vous avez insulté ou menacé un membre. Insults in three messages to a member.',
      'Votre compte est suspendu jusqu’au',
      'Vous pouvez contester cette décision gratuitement jusqu’au',
      'The rule: Respect every member',
      '/guidelines',
    ]) {
      expect(mail?.text).toContain(part);
    }
  });

  it('is mailed for a removed photo too, on the rule the report’s reason points at', async () => {
    const member = await registeredMember(t.app, { gender: 'homme' });
    const { amina } = await seedCouple(t.database.db);
    const report = await (await as(amina)).post('/api/reports', {
      reportedId: member.id,
      reason: 'inappropriate-photos',
    });
    const queue = (await (await as(moderator)).get('/api/moderation/reports')).body as Array<{
      id: string;
      reported: { photoUrls: string[] };
    }>;
    const photoUrl = queue.find((r) => r.id === report.body.id)?.reported.photoUrls[0];
    const before = t.mailer.sent.length;
    await decide(report.body.id, { action: 'remove-photo', photoUrl, reason: 'Not decent.' });
    const [mail] = t.mailer.sent.slice(before);
    expect(mail?.text).toContain('The rule: Stay decent in photos, words and voice.');
    expect(mail?.text).toContain('A photo of your profile is not decent. Not decent.');
    const statements = (await client(bearer(member.token)).get('/api/users/me/statements'))
      .body as Statement[];
    expect(statements).toMatchObject([
      { decision: 'remove-photo', rule: 'decency', fact: 'inappropriate-photo', reversed: false },
    ]);
  });

  it('is what a suspended member reads after signing in, and nothing else: no comment, no moderator', async () => {
    const { member, decisionId } = await aSuspension();
    await (await as(moderator)).post(`/api/moderation/members/${member.id}/comments`, {
      text: 'Private: probably the same person as another account.',
    });
    const refused = await signIn(member);
    expect([refused.status, refused.body.code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    const pass = client(bearer(refused.body.params.pass));
    const standing = (await pass.get('/api/standing')).body as Standing;
    expect(standing).toMatchObject({
      standing: 'suspended',
      statements: [
        {
          id: decisionId,
          decision: 'suspend',
          rule: 'respect',
          fact: 'insults-or-threats',
          detail: 'Insults in three messages to a member.',
          reversed: false,
          appeal: null,
        },
      ],
    });
    const text = JSON.stringify(standing);
    expect(text).not.toContain('Private');
    expect(text).not.toContain(moderator);
    // The pass opens nothing of the member area.
    const me = await pass.get('/api/users/me');
    expect(me.status).toBe(401);
    // No pass, or a made-up one, opens nothing.
    expect((await client({}).get('/api/standing')).body.code).toBe('STANDING_PASS_INVALID');
    expect((await client(bearer('x'.repeat(43))).get('/api/standing')).status).toBe(403);
  });

  it('opens for an hour, and the expired passes go as new ones come', async () => {
    const { member } = await aSuspension();
    const first = await signIn(member);
    t.clock.advance(61 * 60 * 1000);
    const old = client(bearer(first.body.params.pass));
    expect((await old.get('/api/standing')).body.code).toBe('STANDING_PASS_INVALID');
    const fresh = await passClient(member);
    expect((await fresh.get('/api/standing')).status).toBe(200);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from standing_passes where member_id = ${member.id}`,
    );
    expect(rows.rows).toEqual([{ n: 1 }]);
  });

  it('gives no pass for a wrong password', async () => {
    const { member } = await aSuspension();
    const wrong = await login(t.app, member.fields.username as string, 'not-the-password');
    expect(wrong.json().params?.pass).toBeUndefined();
  });
});

describe('appeals', () => {
  it('a suspended member appeals; another moderator upholds it and the suspension ends at once', async () => {
    const { member, decisionId } = await aSuspension();
    const pass = await passClient(member);
    const filed = await pass.post(`/api/standing/statements/${decisionId}/appeal`, {
      text: 'My brother used my phone that evening; I apologised to her.',
    });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      appealUntil: null,
      appeal: { outcome: null, answer: null },
    });
    expect(new Date(filed.body.appeal.answerBy).getTime()).toBe(
      t.clock.now().getTime() + 7 * DAY_MS,
    );

    // The moderator who decided does not see it, nor may answer it.
    const theirs = (await (await as(moderator)).get('/api/moderation/appeals')).body as AppealQueue;
    expect(theirs.appeals.map((a) => a.decision.id)).not.toContain(decisionId);
    const queue = (await (await as(other)).get('/api/moderation/appeals')).body as AppealQueue;
    const appeal = queue.appeals.find((a) => a.decision.id === decisionId);
    expect(appeal).toMatchObject({ memberId: member.id, text: expect.stringContaining('brother') });
    expect(queue.figures.pending).toBeGreaterThan(0);
    const own = await (await as(moderator)).post(`/api/moderation/appeals/${appeal?.id}/answer`, {
      outcome: 'rejected',
      answer: 'I stand by it.',
    });
    expect([own.status, own.body.code]).toEqual([403, 'DECISION_YOURS']);

    const before = t.mailer.sent.length;
    const upheld = await (await as(other)).post(`/api/moderation/appeals/${appeal?.id}/answer`, {
      outcome: 'upheld',
      answer: 'The messages were sent from another device the same evening.',
    });
    expect(upheld.status).toBe(200);
    const back = await signIn(member);
    expect(back.status).toBe(200);
    const [mail] = t.mailer.sent.slice(before);
    expect(mail?.subject).toBe('Votre recours sur Mawadda a été accepté');
    expect(mail?.text).toContain('The messages were sent from another device the same evening.');
    const statements = (await client(bearer(back.body.token)).get('/api/users/me/statements'))
      .body as Statement[];
    expect(statements[0]).toMatchObject({
      reversed: true,
      appeal: { outcome: 'upheld', answer: expect.stringContaining('another device') },
    });
    expect((await history(member.id, other)).events.map((e) => e.kind)).toEqual([
      'reported',
      'suspend',
      'appeal',
      'appeal-upheld',
      'reverse',
    ]);
    const again = await (await as(senior)).post(`/api/moderation/appeals/${appeal?.id}/answer`, {
      outcome: 'rejected',
      answer: 'Too late.',
    });
    expect([again.status, again.body.code]).toEqual([409, 'APPEAL_ANSWERED']);
    const figures = ((await (await as(other)).get('/api/moderation/appeals')).body as AppealQueue)
      .figures;
    expect(figures.upheld).toBeGreaterThan(0);
  });

  it('a rejected appeal leaves the ban in force', async () => {
    const reported = await aReportedMember();
    await decide(reported.reportId, { action: 'ban', reason: 'Threats of violence.' });
    const decision = (await history(reported.member.id)).events.find((e) => e.kind === 'ban');
    const pass = await passClient(reported.member);
    const filed = await pass.post(`/api/standing/statements/${decision?.id}/appeal`, {
      text: 'It was a joke.',
    });
    expect(filed.status).toBe(201);
    const appeal = (
      (await (await as(other)).get('/api/moderation/appeals')).body as AppealQueue
    ).appeals.find((a) => a.decision.id === decision?.id);
    const rejected = await (await as(other)).post(`/api/moderation/appeals/${appeal?.id}/answer`, {
      outcome: 'rejected',
      answer: 'A threat is never a joke here.',
    });
    expect(rejected.status).toBe(200);
    const refused = await signIn(reported.member);
    expect([refused.status, refused.body.code]).toEqual([403, 'ACCOUNT_BANNED']);
    const standing = (await client(bearer(refused.body.params.pass)).get('/api/standing'))
      .body as Standing;
    expect(standing.statements[0]).toMatchObject({
      reversed: false,
      appeal: { outcome: 'rejected', answer: 'A threat is never a joke here.' },
    });
    // The copy of his data holds the decision and his appeal, not who decided or answered.
    const copy = await safety(t.database.db, reported.member.id);
    expect(copy.moderationDecisions).toEqual([
      expect.objectContaining({ decision: 'ban', reason: 'Threats of violence.', rule: 'respect' }),
    ]);
    expect(copy.appeals).toEqual([
      expect.objectContaining({ text: 'It was a joke.', outcome: 'rejected' }),
    ]);
    expect(JSON.stringify(copy)).not.toContain(moderator);
    expect(JSON.stringify(copy)).not.toContain(other);
  });

  it('refuses a second appeal, an appeal by someone else, past its window, and bad texts', async () => {
    const { member, amina, decisionId } = await aSuspension();
    const pass = await passClient(member);
    const url = `/api/standing/statements/${decisionId}/appeal`;
    const tooLong = await pass.post(url, { text: 'x'.repeat(2001) });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'APPEAL_TEXT_TOO_LONG']);
    const empty = await pass.post(url, { text: '' });
    expect(empty.status).toBe(400);
    // Someone else: a member signed in, and another suspended member's pass.
    const byHer = await (await as(amina)).post(`/api/users/me/statements/${decisionId}/appeal`, {
      text: 'Reverse it.',
    });
    expect([byHer.status, byHer.body.code]).toEqual([404, 'DECISION_NOT_FOUND']);
    const someoneElse = await aSuspension();
    const theirPass = await passClient(someoneElse.member);
    const byThem = await theirPass.post(url, { text: 'Reverse it.' });
    expect([byThem.status, byThem.body.code]).toEqual([404, 'DECISION_NOT_FOUND']);
    // Once.
    expect((await pass.post(url, { text: 'I did not write this.' })).status).toBe(201);
    const twice = await pass.post(url, { text: 'Again.' });
    expect([twice.status, twice.body.code]).toEqual([409, 'APPEAL_ALREADY_FILED']);
    // Past six months.
    const late = await aReportedMember();
    await decide(late.reportId, { action: 'warn', reason: 'Rude words.' });
    const warning = (await history(late.member.id)).events.find((e) => e.kind === 'warn');
    t.clock.advance(184 * DAY_MS);
    const lateClient = client(bearer(await sessionFor(t.database.db, late.member.id)));
    const past = await lateClient.post(`/api/users/me/statements/${warning?.id}/appeal`, {
      text: 'I only see it now.',
    });
    expect([past.status, past.body.code]).toEqual([409, 'APPEAL_WINDOW_CLOSED']);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from appeals where decision_id in (${decisionId}, ${warning?.id ?? decisionId})`,
    );
    expect(rows.rows).toEqual([{ n: 1 }]);
  });
});
