import type { OpenReport } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { members, publicReporters, reports } from '../src/db/schema.ts';
import { collectMemberData } from '../src/modules/account/data-export.repository.ts';
import { bearer, memberClient, registeredMember, seedMembers, uniqueEmail } from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
let moderator: string;
beforeAll(async () => {
  t = await createTestApp();
  [moderator = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
  await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, moderator));
});

let addresses = 0;
/** Each test reports from an address of its own, so the per-address limit is its own too. */
let ip = '';
beforeEach(() => {
  addresses += 1;
  ip = `10.7.${Math.floor(addresses / 250)}.${addresses % 250}`;
});

async function aMember(name = 'Karim Reported') {
  const [id = ''] = await seedMembers(t.database.db, [{ gender: 'homme', name }]);
  return id;
}

/** A complete report of the member's profile, as the page sends it. */
const reportOf = (memberId: string, overrides: Record<string, unknown> = {}) => ({
  subject: 'profile',
  profile: `https://mawadda.example/fr/user-details/${memberId}`,
  kind: 'fraud',
  explanation: 'This profile asks women for money to pay for a visa.',
  email: uniqueEmail('visitor'),
  name: 'Fatou Diop',
  goodFaith: true,
  language: 'fr',
  ...overrides,
});

async function publicReport(payload: object, from = ip) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/public-reports',
    payload,
    remoteAddress: from,
  });
  return { status: answer.statusCode, body: answer.json() };
}

const reportsAbout = (memberId: string) =>
  t.database.db.select().from(reports).where(eq(reports.reportedId, memberId));

async function queue() {
  const answer = await (await memberClient(t.app, t.database.db, moderator)).get(
    '/api/moderation/reports',
  );
  expect(answer.status).toBe(200);
  return answer.body as OpenReport[];
}

const mailsTo = (address: string) => t.mailer.sent.filter((mail) => mail.to === address);

async function decide(reportId: string, body: object) {
  const answer = await (await memberClient(t.app, t.database.db, moderator)).post(
    `/api/moderation/reports/${reportId}/actions`,
    body,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('a report from anyone (ADR 079)', () => {
  it('lands in the moderators’ queue marked as a public report, with its explanation and not the reporter’s address', async () => {
    const memberId = await aMember();
    const sent = reportOf(memberId, { subject: 'photo', kind: 'intimate-image' });
    const answer = await publicReport(sent);
    expect(answer.status).toBe(202);
    const card = (await queue()).find((report) => report.reported.id === memberId);
    expect(card).toMatchObject({
      reporter: { kind: 'public', illegalContent: 'intimate-image', subject: 'photo' },
      reasons: ['inappropriate-photos'],
      note: 'This profile asks women for money to pay for a visa.',
    });
    expect(JSON.stringify(card)).not.toContain(sent.email);
    expect(JSON.stringify(card)).not.toContain('Fatou');
  });

  it('is an event on the member’s record, and opens their review', async () => {
    const memberId = await aMember();
    expect((await publicReport(reportOf(memberId, { kind: 'minor' }))).status).toBe(202);
    const history = await (await memberClient(t.app, t.database.db, moderator)).get(
      `/api/moderation/members/${memberId}`,
    );
    expect(history.body).toMatchObject({
      state: 'open',
      events: [{ kind: 'reported', moderatorId: null, reason: 'under-18' }],
    });
  });

  it('mails the reporter a receipt in the page’s language', async () => {
    const memberId = await aMember();
    const sent = reportOf(memberId, { language: 'en' });
    await publicReport(sent);
    const [receipt, ...more] = mailsTo(sent.email);
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe('We received your report');
    expect(receipt?.text).toContain('Assalamu alaykum Fatou Diop,');
    expect(receipt?.text).toContain('a profile, for fraud or a scam');
  });

  it('stays a report of its own beside the scam shield’s open one on the member', async () => {
    const memberId = await aMember();
    await t.app.moderation.reportAutomatically({
      reportedId: memberId,
      askingForMoney: true,
      messageSeqs: [],
    });
    expect((await publicReport(reportOf(memberId))).status).toBe(202);
    await t.app.moderation.reportAutomatically({
      reportedId: memberId,
      askingForMoney: false,
      messageSeqs: [],
    });
    const open = (await queue()).filter((report) => report.reported.id === memberId);
    expect(open.map((report) => report.reporter.kind).sort()).toEqual(['public', 'scam-shield']);
  });

  it('accepts the profile’s number alone, as well as its link', async () => {
    const memberId = await aMember();
    expect((await publicReport(reportOf(memberId, { profile: memberId }))).status).toBe(202);
    expect(await reportsAbout(memberId)).toHaveLength(1);
  });

  it('answers an unknown profile as a real one, with the same receipt, and keeps nothing', async () => {
    const real = await aMember();
    const unknown = '0b7e5a52-5d7e-4c4b-9a57-1d6f2f7e8c11';
    const toReal = reportOf(real);
    const toUnknown = reportOf(unknown, { email: toReal.email.replace('visitor', 'other') });
    const realAnswer = await publicReport(toReal);
    const unknownAnswer = await publicReport(toUnknown);
    expect(unknownAnswer).toEqual(realAnswer);
    expect(mailsTo(toUnknown.email).map((mail) => mail.text)).toEqual(
      mailsTo(toReal.email).map((mail) => mail.text),
    );
    expect(await reportsAbout(unknown)).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(publicReporters)
        .where(eq(publicReporters.email, toUnknown.email)),
    ).toEqual([]);
  });

  it('keeps nothing about a member who deleted their account', async () => {
    const memberId = await aMember();
    await t.database.db
      .update(members)
      .set({ standing: 'deleted' })
      .where(eq(members.id, memberId));
    expect((await publicReport(reportOf(memberId))).status).toBe(202);
    expect(await reportsAbout(memberId)).toEqual([]);
  });

  it.each([
    ['no e-mail', { email: undefined }, 'EMAIL_REQUIRED'],
    ['a bad e-mail', { email: 'not-an-address' }, 'EMAIL_INVALID'],
    ['no explanation', { explanation: '   ' }, 'PUBLIC_REPORT_EXPLANATION_REQUIRED'],
    [
      'too long an explanation',
      { explanation: 'x'.repeat(2001) },
      'PUBLIC_REPORT_EXPLANATION_REQUIRED',
    ],
    ['an unknown kind', { kind: 'rude' }, 'ILLEGAL_CONTENT_KIND_INVALID'],
    ['no statement of good faith', { goodFaith: false }, 'PUBLIC_REPORT_GOOD_FAITH_REQUIRED'],
    [
      'something else than a profile',
      { profile: 'https://example.com/x' },
      'PUBLIC_REPORT_PROFILE_INVALID',
    ],
    ['an unknown subject', { subject: 'message' }, 'PUBLIC_REPORT_SUBJECT_INVALID'],
    ['too long a name', { name: 'n'.repeat(101) }, 'PUBLIC_REPORTER_NAME_TOO_LONG'],
  ])('refuses %s with a code, storing and mailing nothing', async (_, overrides, code) => {
    const memberId = await aMember();
    const sent = reportOf(memberId, overrides);
    const answer = await publicReport(sent);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(code);
    expect(await reportsAbout(memberId)).toEqual([]);
    if (typeof sent.email === 'string') expect(mailsTo(sent.email)).toEqual([]);
  });

  it('limits the reports from one address, then from one e-mail', async () => {
    const memberId = await aMember();
    for (let i = 0; i < 5; i++) {
      expect((await publicReport(reportOf(memberId))).status).toBe(202);
    }
    const refused = await publicReport(reportOf(memberId));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(await reportsAbout(memberId)).toHaveLength(5);

    const email = uniqueEmail('insistent');
    for (let i = 0; i < 3; i++) {
      expect((await publicReport(reportOf(memberId, { email }), `10.9.0.${i + 1}`)).status).toBe(
        202,
      );
    }
    expect((await publicReport(reportOf(memberId, { email }), '10.9.0.9')).status).toBe(429);
    expect(mailsTo(email)).toHaveLength(3);
  });

  it('mails the outcome of a dismissal to the reporter alone, in their language, then erases their address', async () => {
    const memberId = await aMember();
    const sent = reportOf(memberId, { language: 'en' });
    await publicReport(sent);
    const [filed] = await reportsAbout(memberId);
    const before = t.mailer.sent.length;
    await decide(filed?.id ?? '', { action: 'dismiss', reason: 'A visa agency, not a scam.' });
    const after = t.mailer.sent.slice(before);
    expect(after.map((mail) => mail.to)).toEqual([sent.email]);
    expect(after[0]?.subject).toBe('The decision on your report');
    expect(after[0]?.text).toContain('Our moderators found nothing in what you reported');
    // The moderator's words are for the record and the member, not for the reporter.
    expect(after[0]?.text).not.toContain('A visa agency');
    expect(after[0]?.text).not.toContain('Karim');
    expect(
      await t.database.db
        .select()
        .from(publicReporters)
        .where(eq(publicReporters.reportId, filed?.id ?? '')),
    ).toEqual([]);
  });

  it('tells the reporter a suspension in French and the member why, neither the other’s details', async () => {
    const memberId = await aMember();
    const sent = reportOf(memberId);
    await publicReport(sent);
    const [filed] = await reportsAbout(memberId);
    const member = await t.database.db
      .select({ email: members.email })
      .from(members)
      .where(eq(members.id, memberId));
    const before = t.mailer.sent.length;
    await decide(filed?.id ?? '', {
      action: 'suspend',
      days: 7,
      reason: 'Asked a member for money for a visa.',
    });
    const after = t.mailer.sent.slice(before);
    const toReporter = after.filter((mail) => mail.to === sent.email);
    const toMember = after.filter((mail) => mail.to === member[0]?.email);
    expect(toReporter).toHaveLength(1);
    expect(toReporter[0]?.subject).toBe('La décision sur votre signalement');
    expect(toReporter[0]?.text).toContain('Nos modérateurs ont suspendu le compte.');
    expect(toMember).toHaveLength(1);
    expect(toMember[0]?.text).toContain('Votre profil nous a été signalé comme contenu illégal');
    expect(toMember[0]?.text).not.toContain(sent.email);
    expect(toMember[0]?.text).not.toContain('Fatou');
  });

  it('never shows the reporter’s address or name in the reported member’s copy of their data', async () => {
    const memberId = await aMember();
    const sent = reportOf(memberId);
    await publicReport(sent);
    const [filed] = await reportsAbout(memberId);
    await decide(filed?.id ?? '', { action: 'warn', reason: 'Asked for money.' });
    const copy = JSON.stringify(await collectMemberData(t.database.db, memberId));
    expect(copy).toContain('Asked for money.');
    expect(copy).not.toContain(sent.email);
    expect(copy).not.toContain('Fatou');
  });

  it('forgets the reporter’s address with the report when the reported member deletes their account', async () => {
    const member = await registeredMember(t.app, { gender: 'homme' });
    const sent = reportOf(member.id);
    await publicReport(sent);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(member.token),
      payload: { password: member.fields.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(publicReporters)
        .where(eq(publicReporters.email, sent.email)),
    ).toEqual([]);
  });

  it('is read by moderators only', async () => {
    const memberId = await aMember();
    await publicReport(reportOf(memberId));
    const member = await memberClient(t.app, t.database.db, memberId);
    const refused = await member.get('/api/moderation/reports');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MODERATORS_ONLY');
  });
});
