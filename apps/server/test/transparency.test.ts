import type { AppealQueue, ModerationSubject, TransparencySummary } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema.ts';
import { memberClient, seedMembers } from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
let moderator: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  [moderator = '', other = ''] = await seedMembers(t.database.db, [
    { gender: 'femme' },
    { gender: 'homme' },
  ]);
  for (const id of [moderator, other]) {
    await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, id));
  }
});

const as = (memberId: string) => memberClient(t.app, t.database.db, memberId);

/** Moves the test clock to `iso` (it only moves forward). */
function at(iso: string) {
  const ms = new Date(iso).getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error(`The clock is already past ${iso}`);
  t.clock.advance(ms);
}

async function report(reporter: string, reported: string, reason: string) {
  const filed = await (await as(reporter)).post('/api/reports', { reportedId: reported, reason });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return filed.body.id as string;
}

async function decide(reportId: string, body: object, by = moderator) {
  const done = await (await as(by)).post(`/api/moderation/reports/${reportId}/actions`, body);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

async function decisionOn(memberId: string, kind: string) {
  const subject = (await (await as(moderator)).get(`/api/moderation/members/${memberId}`))
    .body as ModerationSubject;
  const decision = subject.events.find((e) => e.kind === kind);
  if (!decision) throw new Error(`no ${kind} recorded`);
  return decision.id;
}

/** The member appeals the decision, and `by` answers it. */
async function appealAnswered(
  memberId: string,
  decisionId: string,
  outcome: 'upheld' | 'rejected',
  answeredAt: string,
) {
  const filed = await (await as(memberId)).post(`/api/users/me/statements/${decisionId}/appeal`, {
    text: 'I did nothing of the kind.',
  });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  at(answeredAt);
  const queue = (await (await as(other)).get('/api/moderation/appeals')).body as AppealQueue;
  const appeal = queue.appeals.find((a) => a.decision.id === decisionId);
  if (!appeal) throw new Error('the appeal is not in the queue');
  const answered = await (await as(other)).post(`/api/moderation/appeals/${appeal.id}/answer`, {
    outcome,
    answer: 'Looked at again with the whole conversation.',
  });
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
}

/**
 * Moderation before, inside and after December 2026, through the API on the test clock (it
 * starts on 2026-11-22): what the December summary must count is said beside each step.
 */
async function aQuarterOfModeration() {
  const [
    r1 = '',
    r2 = '',
    r3 = '',
    r4 = '',
    r5 = '',
    m1 = '',
    m2 = '',
    m3 = '',
    m4 = '',
    m5 = '',
    m6 = '',
  ] = await seedMembers(t.database.db, Array(11).fill({ gender: 'homme' }));
  // November: a report, a warning, its appeal rejected; none of it counts.
  at('2026-11-22T12:00:00Z');
  await decide(await report(r1, m1, 'fake-profile'), {
    action: 'warn',
    reason: 'Photos of another person.',
  });
  at('2026-11-23T12:00:00Z');
  await appealAnswered(m1, await decisionOn(m1, 'warn'), 'rejected', '2026-11-24T12:00:00Z');
  // Filed in November, dismissed in December: a first decision of December, 4 days after.
  at('2026-11-28T10:00:00Z');
  const dismissed = await report(r2, m2, 'harassment-or-hate');
  at('2026-12-02T10:00:00Z');
  await decide(dismissed, { action: 'dismiss', reason: 'Nothing in the messages.' });
  // December: four reports. A member's with two reasons, the scam shield's, one whose
  // reporter deletes their account (the report goes with it, its events stay), a visitor's.
  at('2026-12-05T10:00:00Z');
  const warned = await report(r3, m3, 'asking-for-money');
  await report(r3, m3, 'fake-profile');
  const shield = await t.app.moderation.reportAutomatically({
    reportedId: m4,
    askingForMoney: true,
    messageSeqs: [],
  });
  await report(r4, m5, 'other');
  await t.database.db.delete(members).where(eq(members.id, r4));
  // And a visitor's, from the public page (ADR 079): fraud, counted as asking for money.
  const visitor = await t.app.inject({
    method: 'POST',
    url: '/api/public-reports',
    payload: {
      subject: 'profile',
      profile: m4,
      kind: 'fraud',
      explanation: 'This profile asks women for money to pay for a visa.',
      email: 'visitor@example.org',
      goodFaith: true,
      language: 'en',
    },
  });
  expect(visitor.statusCode, visitor.body).toBe(202);
  // Decided 2 hours and 6 hours after: with the 4 days above, a median of 6 hours.
  at('2026-12-05T12:00:00Z');
  await decide(warned, { action: 'warn', reason: 'Asked for money twice.' });
  at('2026-12-05T16:00:00Z');
  await decide(shield.id, { action: 'suspend', days: 3, reason: 'Asked for money.' });
  // Appealed, and upheld a day later: the warning is reversed.
  at('2026-12-06T16:00:00Z');
  await appealAnswered(m3, await decisionOn(m3, 'warn'), 'upheld', '2026-12-07T16:00:00Z');
  // January: a report and its ban, outside the period.
  at('2027-01-03T10:00:00Z');
  await decide(await report(r5, m6, 'under-18'), { action: 'ban', reason: 'Seventeen.' });
}

const december: TransparencySummary = {
  from: '2026-12-01',
  to: '2026-12-31',
  reports: {
    total: 4,
    byReason: {
      'fake-profile': 1,
      'inappropriate-photos': 0,
      'inappropriate-voice-introduction': 0,
      'harassment-or-hate': 0,
      'asking-for-money': 3,
      'under-18': 0,
      'married-and-hiding-it': 0,
      other: 1,
    },
    bySource: { member: 1, 'scam-shield': 1, public: 1 },
    sourceUnknown: 1,
  },
  decisions: {
    dismiss: 1,
    'remove-photo': 0,
    'remove-voice-introduction': 0,
    'remove-prompt-answer': 0,
    'remove-compliment': 0,
    'hide-messages': 0,
    'remove-profile-text': 0,
    warn: 1,
    suspend: 1,
    ban: 0,
    'verification-approved': 0,
    'verification-refused': 0,
  },
  appeals: { filed: 1, upheld: 1, rejected: 0 },
  reversals: 1,
  medianHandlingSeconds: 6 * 3600,
  medianAppealAnswerSeconds: 24 * 3600,
};

/** The CSV read back into the summary's shape. */
function parseCsv(csv: string) {
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  expect(header).toBe('figure,breakdown,value');
  const cells = rows.map((row) => row.split(','));
  expect(cells.every((c) => c.length === 3)).toBe(true);
  const value = (figure: string, breakdown: string) => {
    const found = cells.filter(([f, b]) => f === figure && b === breakdown);
    expect(found, `${figure},${breakdown}`).toHaveLength(1);
    return found[0]?.[2] ?? '';
  };
  const group = (figure: string) =>
    Object.fromEntries(cells.filter(([f]) => f === figure).map(([, b, v]) => [b, Number(v)]));
  const median = (figure: string, breakdown: string) => {
    const text = value(figure, breakdown);
    return text === '' ? null : Number(text);
  };
  const { unknown, ...bySource } = group('reports_by_source');
  return {
    from: value('period', 'from'),
    to: value('period', 'to'),
    reports: {
      total: Number(value('reports', 'total')),
      byReason: group('reports_by_reason'),
      bySource,
      sourceUnknown: unknown,
    },
    decisions: group('decisions'),
    appeals: group('appeals'),
    reversals: Number(value('reversals', 'total')),
    medianHandlingSeconds: median('median_handling_seconds', 'report_to_first_decision'),
    medianAppealAnswerSeconds: median('median_appeal_answer_seconds', 'appeal_to_answer'),
  };
}

describe('the transparency summary', () => {
  beforeAll(aQuarterOfModeration);

  it('counts what happened in the period only, from the record', async () => {
    const answer = await (await as(moderator)).get(
      '/api/moderation/transparency?from=2026-12-01&to=2026-12-31',
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual(december);
  });

  it('covers the last calendar month when no period is asked for', async () => {
    // The clock is in January 2027.
    const answer = await (await as(other)).get('/api/moderation/transparency');
    expect(answer.body).toEqual(december);
  });

  it('says a period with nothing in it as zeros and no medians', async () => {
    const answer = await (await as(moderator)).get(
      '/api/moderation/transparency?from=2026-10-01&to=2026-10-31',
    );
    expect(answer.body).toMatchObject({
      reports: { total: 0, sourceUnknown: 0 },
      appeals: { filed: 0, upheld: 0, rejected: 0 },
      reversals: 0,
      medianHandlingSeconds: null,
      medianAppealAnswerSeconds: null,
    });
  });

  it('gives the same figures as a CSV file named after its period', async () => {
    const { token } = await as(moderator);
    const answer = await t.app.inject({
      url: '/api/moderation/transparency.csv?from=2026-12-01&to=2026-12-31',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="mawadda-transparency-2026-12-01-2026-12-31.csv"',
    );
    expect(parseCsv(answer.body)).toEqual(december);
  });

  it('is for moderators only, in both forms', async () => {
    const [member = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const plain = await as(member);
    for (const url of ['/api/moderation/transparency', '/api/moderation/transparency.csv']) {
      const answer = await plain.get(url);
      expect([answer.status, answer.body.code]).toEqual([403, 'MODERATORS_ONLY']);
    }
  });

  it.each([
    ['a start after the end', 'from=2026-12-31&to=2026-12-01', 'TRANSPARENCY_PERIOD_REVERSED'],
    ['more than 366 days', 'from=2025-01-01&to=2026-01-02', 'TRANSPARENCY_PERIOD_TOO_LONG'],
    ['a day that does not exist', 'from=2026-02-01&to=2026-02-30', 'TRANSPARENCY_DATE_INVALID'],
    ['a date in another form', 'from=01/12/2026&to=2026-12-31', 'TRANSPARENCY_DATE_INVALID'],
    ['one date alone', 'from=2026-12-01', 'TRANSPARENCY_DATE_INVALID'],
  ])('refuses %s with 400', async (_, query, code) => {
    for (const path of ['transparency', 'transparency.csv']) {
      const answer = await (await as(moderator)).get(`/api/moderation/${path}?${query}`);
      expect([answer.status, answer.body.code]).toEqual([400, code]);
    }
  });
});
