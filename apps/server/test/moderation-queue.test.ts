import type { ModerationSubject, OpenReport, QueueFigures } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, reports } from '../src/db/schema.ts';
import { memberClient, seedMembers } from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

type Client = Awaited<ReturnType<typeof memberClient>>;

let t: TestContext;
let moderator: Client;
let senior: Client;
beforeAll(async () => {
  t = await createTestApp();
  const [moderatorId = '', seniorId = ''] = await seedMembers(t.database.db, [
    { gender: 'femme' },
    { gender: 'homme' },
  ]);
  await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, moderatorId));
  await t.database.db
    .update(members)
    .set({ role: 'senior-moderator' })
    .where(eq(members.id, seniorId));
  moderator = await memberClient(t.app, t.database.db, moderatorId);
  senior = await memberClient(t.app, t.database.db, seniorId);
});

/** A member, and `count` members who each report them for `reason`, a minute apart. */
async function reported(reason: string, count = 1) {
  const [memberId = '', ...reporterIds] = await seedMembers(
    t.database.db,
    Array.from({ length: count + 1 }, () => ({ gender: 'homme' as const })),
  );
  const reportIds: string[] = [];
  for (const reporterId of reporterIds) {
    const reporter = await memberClient(t.app, t.database.db, reporterId);
    const filed = await reporter.post('/api/reports', { reportedId: memberId, reason });
    expect(filed.status).toBe(201);
    reportIds.push(filed.body.id);
    t.clock.advance(MINUTE_MS);
  }
  return { memberId, reportIds };
}

const figures = async () =>
  (await moderator.get('/api/moderation/reports/figures')).body as QueueFigures;
const queue = async (query = '', as = moderator) => {
  const answer = await as.get(`/api/moderation/reports${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as OpenReport[];
};
const idsIn = (list: OpenReport[], ids: string[]) =>
  list.map((report) => report.id).filter((id) => ids.includes(id));
const escalate = (memberId: string, assigneeId?: string) =>
  moderator.post(`/api/moderation/members/${memberId}/escalation`, {
    reason: 'A second look at the whole conversation.',
    ...(assigneeId ? { assigneeId } : {}),
  });
const history = async (memberId: string) =>
  (await moderator.get(`/api/moderation/members/${memberId}`)).body as ModerationSubject;
const stillOpen = async (reportId: string) =>
  (
    await t.database.db
      .select({ closedAt: reports.closedAt })
      .from(reports)
      .where(eq(reports.id, reportId))
  )[0]?.closedAt === null;

describe('the queue at a glance', () => {
  // First in the file: the figures are the whole deployment's, and nothing is queued yet.
  it('counts what members report and moderators decide, and times the first decisions', async () => {
    expect(await figures()).toEqual({
      open: 0,
      escalated: 0,
      appealed: 0,
      oldestOpenAt: null,
      medianFirstDecisionSeconds: null,
    });
    const firstAt = t.clock.now().toISOString();
    const { memberId, reportIds } = await reported('harassment-or-hate', 2);
    const other = await reported('fake-profile');
    expect(await figures()).toMatchObject({ open: 3, escalated: 0, oldestOpenAt: firstAt });

    expect((await escalate(memberId)).status).toBe(200);
    expect(await figures()).toMatchObject({ open: 1, escalated: 2, oldestOpenAt: firstAt });

    // Two hours after the first report, one decision closes both of the member's reports.
    t.clock.advance(2 * HOUR_MS - 3 * MINUTE_MS);
    const decided = await moderator.post('/api/moderation/reports/actions', {
      reportIds,
      action: 'suspend',
      days: 7,
      reason: 'Insults to two members.',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    // Reported 2 h and 1 h 59 min before it: the median is halfway.
    expect(await figures()).toMatchObject({
      open: 1,
      escalated: 0,
      oldestOpenAt: new Date(Date.parse(firstAt) + 2 * MINUTE_MS).toISOString(),
      medianFirstDecisionSeconds: 2 * 3600 - 30,
    });

    const decisionId = (await history(memberId)).events.find((e) => e.kind === 'suspend')?.id;
    await t.app.moderation.appeal(memberId, decisionId ?? '', 'It was my cousin on my phone.');
    // An hour later, the other member's report is dismissed: 3 h from report to decision.
    t.clock.advance(HOUR_MS);
    const dismissed = await moderator.post(
      `/api/moderation/reports/${other.reportIds[0]}/actions`,
      { action: 'dismiss', reason: 'A real profile.' },
    );
    expect(dismissed.status).toBe(200);
    expect(await figures()).toEqual({
      open: 0,
      escalated: 0,
      appealed: 1,
      oldestOpenAt: null,
      medianFirstDecisionSeconds: 2 * 3600,
    });
  });

  it('records one decision on several reports once, the others closed with it', async () => {
    const { memberId, reportIds } = await reported('asking-for-money', 3);
    const decided = await moderator.post('/api/moderation/reports/actions', {
      reportIds,
      action: 'warn',
      reason: 'Asked three members for a transfer.',
    });
    expect(decided.status).toBe(200);
    const events = (await history(memberId)).events.filter((e) => e.kind !== 'reported');
    const [warning, ...closedWith] = events;
    expect(warning).toMatchObject({ kind: 'warn', reportId: reportIds[0], rule: 'no-money' });
    expect(closedWith.map((e) => [e.kind, e.reportId, e.refersTo])).toEqual(
      reportIds.slice(1).map((id) => ['closed-with', id, warning?.id]),
    );
    // One statement of reasons, so one appeal, for the one decision.
    const statements = await t.app.moderation.statements(memberId);
    expect(statements.map((s) => s.decision)).toEqual(['warn']);
    expect(idsIn(await queue(), reportIds)).toEqual([]);
  });

  it('refuses mixing two members’ reports, closed reports and single ones, changing nothing', async () => {
    const first = await reported('harassment-or-hate', 2);
    const second = await reported('harassment-or-hate');
    const request = { action: 'dismiss', reason: 'Nothing against the rules.' };
    const mixed = await moderator.post('/api/moderation/reports/actions', {
      ...request,
      reportIds: [first.reportIds[0], second.reportIds[0]],
    });
    expect([mixed.status, mixed.body.code]).toEqual([400, 'REPORTS_OF_SEVERAL_MEMBERS']);

    const [openOne = '', closedOne = ''] = first.reportIds;
    await moderator.post(`/api/moderation/reports/${closedOne}/actions`, request);
    const closed = await moderator.post('/api/moderation/reports/actions', {
      ...request,
      reportIds: [openOne, closedOne],
    });
    expect([closed.status, closed.body.code]).toEqual([409, 'REPORT_CLOSED']);

    const single = await moderator.post('/api/moderation/reports/actions', {
      ...request,
      reportIds: [openOne],
    });
    expect([single.status, single.body.code]).toEqual([400, 'BULK_REPORTS_INVALID']);
    const compliment = await moderator.post('/api/moderation/reports/actions', {
      ...request,
      action: 'remove-compliment',
      reportIds: [openOne, second.reportIds[0]],
    });
    expect([compliment.status, compliment.body.code]).toEqual([400, 'BULK_ACTION_INVALID']);

    expect([await stillOpen(openOne), await stillOpen(second.reportIds[0] ?? '')]).toEqual([
      true,
      true,
    ]);
    expect((await history(first.memberId)).events.map((e) => e.kind)).toEqual([
      'reported',
      'reported',
      'dismiss',
    ]);
  });

  it('puts a reported minor first, then money asked for, then the oldest', async () => {
    const other = await reported('other');
    const money = await reported('asking-for-money');
    const minor = await reported('under-18');
    const ours = [...other.reportIds, ...money.reportIds, ...minor.reportIds];
    const list = await queue();
    expect(idsIn(list, ours)).toEqual([...minor.reportIds, ...money.reportIds, ...other.reportIds]);
    expect(
      list.filter((r) => ours.includes(r.id)).map((r) => [r.priority, r.reviewState, r.assigneeId]),
    ).toEqual([
      ['minor', 'open', null],
      ['money', 'open', null],
      ['other', 'open', null],
    ]);
    // The scam shield's finding of money asked for counts as a member's reason does.
    const [flagged = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const shield = await t.app.moderation.reportAutomatically({
      reportedId: flagged,
      askingForMoney: true,
      messageSeqs: [],
    });
    expect(idsIn(await queue(), [shield.id, ...other.reportIds])).toEqual([
      shield.id,
      ...other.reportIds,
    ]);
  });

  it('filters by review state, reason and assignee', async () => {
    const escalated = await reported('married-and-hiding-it');
    const open = await reported('fake-profile');
    const closed = await reported('fake-profile');
    const ours = [...escalated.reportIds, ...open.reportIds, ...closed.reportIds];
    expect((await escalate(escalated.memberId, senior.id)).status).toBe(200);
    await moderator.post(`/api/moderation/reports/${closed.reportIds[0]}/actions`, {
      action: 'dismiss',
      reason: 'A real profile.',
    });

    expect(idsIn(await queue(), ours)).toEqual([...escalated.reportIds, ...open.reportIds]);
    expect(idsIn(await queue('?state=escalated'), ours)).toEqual(escalated.reportIds);
    expect(idsIn(await queue('?state=open'), ours)).toEqual(open.reportIds);
    const closedList = await queue('?state=closed');
    expect(idsIn(closedList, ours)).toEqual(closed.reportIds);
    expect(closedList[0]).toMatchObject({ id: closed.reportIds[0], reviewState: 'closed' });
    expect(idsIn(await queue('?reason=fake-profile'), ours)).toEqual(open.reportIds);
    expect(idsIn(await queue('?assignee=me', senior), ours)).toEqual(escalated.reportIds);
    expect(idsIn(await queue('?assignee=me'), ours)).toEqual([]);
    expect(idsIn(await queue('?assignee=unassigned'), ours)).toEqual(open.reportIds);
    expect((await queue('?state=escalated&assignee=me', senior))[0]).toMatchObject({
      reviewState: 'escalated',
      assigneeId: senior.id,
    });

    const wrong = await moderator.get('/api/moderation/reports?state=pending');
    expect([wrong.status, wrong.body.code]).toEqual([400, 'QUEUE_FILTER_INVALID']);
  });
});
