import {
  type Contact,
  destinations,
  type Message,
  type ModerationSubject,
  type Statement,
} from '@mawadda/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, messages, reports } from '../src/db/schema.ts';
import { conversations } from '../src/modules/account/member-data.repository.ts';
import { memberClient, seedCouple, seedLikes, seedMembers, sessionFor } from './fixtures.ts';
import { connectStomp } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

let t: TestContext;
let baseUrl: string;
let moderator: string;
let other: string;
let senior: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t.app);
  [moderator = '', other = '', senior = ''] = await seedMembers(t.database.db, [
    { gender: 'femme' },
    { gender: 'homme' },
    { gender: 'femme' },
  ]);
  for (const [id, role] of [
    [moderator, 'moderator'],
    [other, 'moderator'],
    [senior, 'senior-moderator'],
  ] as const) {
    await t.database.db.update(members).set({ role }).where(eq(members.id, id));
  }
});

const as = (memberId: string) => memberClient(t.app, t.database.db, memberId);

const decide = async (reportId: string, body: object, by = moderator) =>
  (await as(by)).post(`/api/moderation/reports/${reportId}/actions`, body);

const conversationOf = async (viewer: string, otherId: string) =>
  (await (await as(viewer)).get(`/api/chat/conversation/${otherId}`)).body as Message[];

const lastMessageOf = async (viewer: string, otherId: string) =>
  ((await (await as(viewer)).get('/api/chat/contacts')).body as Contact[]).find(
    (c) => c.id === otherId,
  )?.lastMessage;

const statementsOf = async (memberId: string) =>
  (await (await as(memberId)).get('/api/users/me/statements')).body as Statement[];

const decisionOf = async (memberId: string, kind: string) => {
  const subject = (await (await as(senior)).get(`/api/moderation/members/${memberId}`))
    .body as ModerationSubject;
  const decision = subject.events.find((e) => e.kind === kind);
  if (!decision) throw new Error(`no ${kind} recorded`);
  return decision.id;
};

/**
 * Youssef wrote Amina a greeting, then two messages asking for money; she reports him with the
 * two attached.
 */
async function aReportWithMessages() {
  const { amina, youssef } = await seedCouple(t.database.db);
  const him = await as(youssef);
  const greeting = await him.post(`/api/chat/send/${amina}`, { content: 'Salam' });
  const first = await him.post(`/api/chat/send/${amina}`, { content: 'Send me 200 euros' });
  const second = await him.post(`/api/chat/send/${amina}`, { content: 'Now, by transfer' });
  const report = await (await as(amina)).post('/api/reports', {
    reportedId: youssef,
    reason: 'asking-for-money',
    messageIds: [first.body.uuid, second.body.uuid],
  });
  expect(report.status).toBe(201);
  return {
    amina,
    youssef,
    reportId: report.body.id as string,
    greeting: greeting.body.uuid as string,
    hidden: [first.body.uuid as string, second.body.uuid as string],
  };
}

const hideThem = (reportId: string) =>
  decide(reportId, {
    action: 'hide-messages',
    reason: 'Two requests for a transfer.',
    rule: 'no-money',
    fact: 'asked-for-money',
  });

describe('hiding the reported messages', () => {
  it('leaves the receiver a placeholder, live, and the sender his words, marked', async () => {
    const { amina, youssef, reportId, greeting, hidden } = await aReportWithMessages();
    const hers = await connectStomp(baseUrl, await sessionFor(t.database.db, amina));
    const herInbox = hers.subscribe(destinations.contact(amina));
    await herInbox.subscribed;

    expect((await hideThem(reportId)).status).toBe(200);
    // Her open conversation is told to ask again, naming only with whom.
    expect(await herInbox.next()).toEqual({ memberId: youssef });
    await hers.disconnect();

    const seenByHer = await conversationOf(amina, youssef);
    expect(seenByHer.find((m) => m.uuid === greeting)).toMatchObject({ content: 'Salam' });
    for (const uuid of hidden) {
      const message = seenByHer.find((m) => m.uuid === uuid);
      expect(message).toMatchObject({ content: null, imageUrl: null, hiddenByModeration: true });
    }
    expect(await lastMessageOf(amina, youssef)).toEqual({
      mine: false,
      kind: 'hidden',
      text: null,
      call: null,
    });

    const seenByHim = await conversationOf(youssef, amina);
    expect(seenByHim.filter((m) => m.hiddenByModeration).map((m) => m.content)).toEqual([
      'Send me 200 euros',
      'Now, by transfer',
    ]);
    expect(seenByHim.find((m) => m.uuid === greeting)?.hiddenByModeration).toBeUndefined();
    expect(await lastMessageOf(youssef, amina)).toMatchObject({
      mine: true,
      text: 'Now, by transfer',
    });
  });

  it('keeps the words in the sender’s export only', async () => {
    const { amina, youssef, reportId, hidden } = await aReportWithMessages();
    await hideThem(reportId);
    const contentIn = async (memberId: string) =>
      (await conversations(t.database.db, memberId)).messages
        .filter((m) => hidden.includes(m.uuid))
        .map((m) => m.content);
    expect(await contentIn(youssef)).toEqual(['Send me 200 euros', 'Now, by transfer']);
    expect(await contentIn(amina)).toEqual([null, null]);
  });

  it('gives the sender a statement of reasons, by mail and on screen, that he may appeal', async () => {
    const { youssef, reportId } = await aReportWithMessages();
    const before = t.mailer.sent.length;
    await hideThem(reportId);
    const [mail] = t.mailer.sent.slice(before);
    expect(mail?.text).toMatch(
      /no longer shown to the member you sent them to|ne sont plus montrés/,
    );
    expect(mail?.text).toContain('Two requests for a transfer.');
    const [statement] = await statementsOf(youssef);
    expect(statement).toMatchObject({
      decision: 'hide-messages',
      rule: 'no-money',
      fact: 'asked-for-money',
      detail: 'Two requests for a transfer.',
      profileTexts: [],
      reversed: false,
      appealUntil: expect.any(String),
    });
  });

  it('shows them again when an appeal is upheld', async () => {
    const { amina, youssef, reportId, hidden } = await aReportWithMessages();
    await hideThem(reportId);
    const decisionId = await decisionOf(youssef, 'hide-messages');
    const appeal = await (await as(youssef)).post(`/api/users/me/statements/${decisionId}/appeal`, {
      text: 'I was joking, she knows it.',
    });
    expect(appeal.status, JSON.stringify(appeal.body)).toBe(201);
    const queue = (await (await as(other)).get('/api/moderation/appeals')).body as {
      appeals: Array<{ id: string; decision: { id: string } }>;
    };
    const pending = queue.appeals.find((a) => a.decision.id === decisionId);
    const answered = await (await as(other)).post(`/api/moderation/appeals/${pending?.id}/answer`, {
      outcome: 'upheld',
      answer: 'Read again, the messages were a joke between them.',
    });
    expect(answered.status).toBe(200);
    const seenByHer = await conversationOf(amina, youssef);
    expect(seenByHer.filter((m) => hidden.includes(m.uuid)).map((m) => m.content)).toEqual([
      'Send me 200 euros',
      'Now, by transfer',
    ]);
    expect(seenByHer.some((m) => m.hiddenByModeration)).toBe(false);
    expect((await statementsOf(youssef))[0]).toMatchObject({ reversed: true });
  });

  it('shows them again when a senior moderator reverses it, telling both live', async () => {
    const { amina, youssef, reportId, hidden } = await aReportWithMessages();
    await hideThem(reportId);
    const decisionId = await decisionOf(youssef, 'hide-messages');
    const his = await connectStomp(baseUrl, await sessionFor(t.database.db, youssef));
    const hisInbox = his.subscribe(destinations.contact(youssef));
    await hisInbox.subscribed;
    const reversed = await (await as(senior)).post(
      `/api/moderation/decisions/${decisionId}/reversal`,
      { reason: 'Nothing in them breaks the rules.' },
    );
    expect(reversed.status).toBe(200);
    expect(await hisInbox.next()).toEqual({ memberId: amina });
    await his.disconnect();
    const seenByHer = await conversationOf(amina, youssef);
    expect(seenByHer.filter((m) => hidden.includes(m.uuid)).every((m) => m.content)).toBe(true);
    expect(await lastMessageOf(amina, youssef)).toMatchObject({ kind: 'text' });
  });

  it('hides the scam shield’s evidence from each of its receivers (ADR 043), telling each live', async () => {
    const { amina, youssef } = await seedCouple(t.database.db);
    const [awa = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    await seedLikes(t.database.db, [
      [awa, youssef],
      [youssef, awa],
    ]);
    const sent = await t.database.db
      .insert(messages)
      .values(
        [amina, awa].map((receiverId) => ({
          uuid: crypto.randomUUID(),
          senderId: youssef,
          receiverId,
          content: 'Send it by Western Union',
          shield: 1,
          sentAt: t.clock.now(),
        })),
      )
      .returning({ seq: messages.seq });
    const [byTheShield] = await t.database.db
      .insert(reports)
      .values({
        reporterId: null,
        reportedId: youssef,
        reasons: ['asking-for-money'],
        messageSeqs: sent.map((m) => m.seq),
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .returning({ id: reports.id });
    const awasApp = await connectStomp(baseUrl, await sessionFor(t.database.db, awa));
    const awasInbox = awasApp.subscribe(destinations.contact(awa));
    await awasInbox.subscribed;

    expect((await hideThem(byTheShield?.id ?? '')).status).toBe(200);
    expect(await awasInbox.next()).toEqual({ memberId: youssef });
    await awasApp.disconnect();
    for (const receiver of [amina, awa]) {
      const [message] = await conversationOf(receiver, youssef);
      expect(message).toMatchObject({ content: null, hiddenByModeration: true });
      expect(message?.shield).toBeUndefined();
    }
  });

  it('is refused to a plain member, changing nothing', async () => {
    const { amina, youssef, reportId } = await aReportWithMessages();
    const [plain = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const refused = await decide(
      reportId,
      { action: 'hide-messages', reason: 'Two requests for a transfer.' },
      plain,
    );
    expect([refused.status, refused.body.code]).toEqual([403, 'MODERATORS_ONLY']);
    expect((await conversationOf(amina, youssef)).some((m) => m.hiddenByModeration)).toBe(false);
  });

  it('is refused on a report with no message attached, the report left open', async () => {
    const { amina, youssef } = await seedCouple(t.database.db);
    const report = await (await as(amina)).post('/api/reports', {
      reportedId: youssef,
      reason: 'harassment-or-hate',
      note: 'He insulted me on a call.',
    });
    const refused = await hideThem(report.body.id);
    expect([refused.status, refused.body.code]).toEqual([400, 'MESSAGES_TO_HIDE_NONE']);
    // Still open: another decision may be taken on it.
    expect((await decide(report.body.id, { action: 'warn', reason: 'Insults.' })).status).toBe(200);
  });

  it('never hides another member’s messages, whatever the report holds', async () => {
    const { amina, youssef } = await aReportWithMessages();
    const [karim = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const hers = await (await as(amina)).post(`/api/chat/send/${youssef}`, { content: 'Stop.' });
    // A report about Karim holding only Amina's own message to Youssef.
    const [row] = await t.database.db
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.senderId, amina), eq(messages.uuid, hers.body.uuid)));
    const [forged] = await t.database.db
      .insert(reports)
      .values({
        reporterId: youssef,
        reportedId: karim,
        reasons: ['other'],
        messageSeqs: [row?.seq ?? 0],
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .returning({ id: reports.id });
    expect(hers.status).toBe(201);
    const refused = await hideThem(forged?.id ?? '');
    expect([refused.status, refused.body.code]).toEqual([400, 'MESSAGES_TO_HIDE_NONE']);
    expect((await conversationOf(youssef, amina)).some((m) => m.hiddenByModeration)).toBe(false);
  });
});

/** Youssef's profile says more than it should; Amina reports it. */
async function aReportedProfile(profile: { bio: string | null; profession: string | null }) {
  const { amina, youssef } = await seedCouple(t.database.db);
  await t.database.db.update(members).set(profile).where(eq(members.id, youssef));
  const report = await (await as(amina)).post('/api/reports', {
    reportedId: youssef,
    reason: 'other',
    note: 'His bio gives his phone number to write him elsewhere.',
  });
  return { amina, youssef, reportId: report.body.id as string };
}

const profileOf = async (viewer: string, memberId: string) =>
  (await (await as(viewer)).get(`/api/users/${memberId}/details`)).body as {
    bio: string | null;
    profession: string | null;
  };

describe('removing a profile text', () => {
  it('takes the chosen text off the profile, says which in the statement, and a reversal does not give it back', async () => {
    const { amina, youssef, reportId } = await aReportedProfile({
      bio: 'Call me on +33 6 12 34 56 78',
      profession: 'Engineer',
    });
    const before = t.mailer.sent.length;
    const decided = await decide(reportId, {
      action: 'remove-profile-text',
      profileTexts: ['bio'],
      reason: 'A phone number in the bio.',
      rule: 'marriage-intent',
      fact: 'contact-details-shared',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await profileOf(amina, youssef)).toMatchObject({ bio: null, profession: 'Engineer' });
    const [mail] = t.mailer.sent.slice(before);
    expect(mail?.text).toMatch(
      /Removed from your profile: “Bio”|Retiré de votre profil : « Présentation »/,
    );
    expect((await statementsOf(youssef))[0]).toMatchObject({
      decision: 'remove-profile-text',
      fact: 'contact-details-shared',
      profileTexts: ['bio'],
    });

    const decisionId = await decisionOf(youssef, 'remove-profile-text');
    const reversed = await (await as(senior)).post(
      `/api/moderation/decisions/${decisionId}/reversal`,
      { reason: 'The number was a joke.' },
    );
    expect(reversed.status).toBe(200);
    expect((await statementsOf(youssef))[0]).toMatchObject({ reversed: true });
    expect((await profileOf(amina, youssef)).bio).toBeNull();
  });

  it('is refused with a code when no text is named or the member never wrote it, the profile unchanged', async () => {
    const { amina, youssef, reportId } = await aReportedProfile({
      bio: 'Call me on +33 6 12 34 56 78',
      profession: null,
    });
    for (const profileTexts of [undefined, [], ['profession'], ['bio', 'profession']]) {
      const refused = await decide(reportId, {
        action: 'remove-profile-text',
        reason: 'A phone number in the bio.',
        ...(profileTexts ? { profileTexts } : {}),
      });
      expect([refused.status, refused.body.code]).toEqual([400, 'PROFILE_TEXT_TO_REMOVE_NONE']);
    }
    expect((await profileOf(amina, youssef)).bio).toBe('Call me on +33 6 12 34 56 78');
  });

  it('is refused to a plain member', async () => {
    const { amina, youssef, reportId } = await aReportedProfile({
      bio: 'Call me on +33 6 12 34 56 78',
      profession: null,
    });
    const refused = await decide(
      reportId,
      { action: 'remove-profile-text', profileTexts: ['bio'], reason: 'A phone number.' },
      amina,
    );
    expect([refused.status, refused.body.code]).toEqual([403, 'MODERATORS_ONLY']);
    expect((await profileOf(amina, youssef)).bio).toBe('Call me on +33 6 12 34 56 78');
  });
});
