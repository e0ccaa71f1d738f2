import {
  type LikeEntry,
  type NotificationSettings,
  type OpenReport,
  pushPayloadSchema,
} from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compliments, members, moderationActions, promptAnswers } from '../src/db/schema.ts';
import { bearer, registeredMember, seedMembers, sessionFor } from './fixtures.ts';
import { startTestPushService, type TestPushService } from './push-service.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * A compliment (ADR 071) where the modules meet: the push that tells her of it, keeping the note
 * off the lock screen unless she asked for message texts; the moderators' queue when she reports
 * him, where a moderator may take the note down and leave the like, and an answer to a prompt a
 * moderator removes; the data export of both; and the account deletion that takes it.
 */

let t: TestContext;
let push: TestPushService;
beforeAll(async () => {
  t = await createTestApp();
  push = await startTestPushService();
});
afterAll(async () => {
  await push.close();
});

type Member = { id: string; token: string };

async function seeded(gender: 'homme' | 'femme', name: string): Promise<Member> {
  const [id = ''] = await seedMembers(t.database.db, [
    { gender, name, profile: { prayer: 'always' } },
  ]);
  return { id, token: await sessionFor(t.database.db, id) };
}

async function aModerator(): Promise<Member> {
  const moderator = await seeded('femme', 'Moderator');
  await t.database.db
    .update(members)
    .set({ role: 'moderator' })
    .where(eq(members.id, moderator.id));
  return moderator;
}

const NOTE = 'Ta réponse sur la prière me touche, qu’Allah te facilite.';

const compliment = (from: Member, to: Member, note = NOTE) =>
  t.app.inject({
    method: 'POST',
    url: '/like',
    headers: bearer(from.token),
    payload: { likedUserId: to.id, compliment: { note, about: { kind: 'answer', key: 'prayer' } } },
  });

async function phoneOf(member: Member, changes: Partial<NotificationSettings>) {
  const subscription = push.subscribe();
  const subscribed = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...bearer(member.token), 'accept-language': 'en-GB,en;q=0.8' },
    payload: subscription,
  });
  expect(subscribed.statusCode).toBe(201);
  const current = await t.app.inject({ url: '/api/push/settings', headers: bearer(member.token) });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/push/settings',
    headers: bearer(member.token),
    payload: { ...current.json<NotificationSettings>(), likes: true, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return subscription.endpoint;
}

const shownOn = (endpoint: string) =>
  push.received
    .filter((p) => p.endpoint === endpoint && p.status === 201)
    .map((p) => pushPayloadSchema.parse(JSON.parse(p.payload)));

describe('the push of a compliment', () => {
  it('says a compliment came, and shows the note only to a member who asked for message texts', async () => {
    const her = await seeded('femme', 'Aïcha Diop');
    const private_ = await phoneOf(her, { showMessageText: false });
    await compliment(await seeded('homme', 'Ibrahima Fall'), her);
    await t.app.push.drain();
    expect(shownOn(private_)).toEqual([
      expect.objectContaining({
        kind: 'like',
        title: 'New compliment',
        body: 'Ibrahima liked you, with a compliment',
      }),
    ]);

    const other = await seeded('femme', 'Khady Sarr');
    const open = await phoneOf(other, { showMessageText: true });
    await compliment(await seeded('homme', 'Moussa Ba'), other);
    await t.app.push.drain();
    expect(shownOn(open)).toEqual([
      expect.objectContaining({ title: 'New compliment', body: `Moussa: “${NOTE}”` }),
    ]);
  });

  it('never shows a note the scam shield flagged, whatever her settings', async () => {
    const her = await seeded('femme', 'Mariama Ndiaye');
    const endpoint = await phoneOf(her, { showMessageText: true });
    await compliment(
      await seeded('homme', 'Omar Sy'),
      her,
      'Écris-moi sur WhatsApp au 77 123 45 67',
    );
    await t.app.push.drain();
    expect(shownOn(endpoint)).toEqual([
      expect.objectContaining({ body: 'Omar liked you, with a compliment' }),
    ]);
  });
});

describe('a compliment reported', () => {
  it('is in the moderators’ queue beside the report of its sender', async () => {
    const her = await seeded('femme', 'Awa');
    const him = await seeded('homme', 'Cheikh');
    await compliment(him, her, 'Tu es trop belle, envoie-moi une photo privée');
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(her.token),
      payload: { reportedId: him.id, reason: 'harassment-or-hate' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const moderator = await aModerator();
    const queue = await t.app.inject({
      url: '/api/moderation/reports',
      headers: bearer(moderator.token),
    });
    const report = queue.json<OpenReport[]>().find((r) => r.reported.id === him.id);
    expect(report?.compliment).toBe('Tu es trop belle, envoie-moi une photo privée');
  });

  async function reportOf(her: Member, him: Member): Promise<string> {
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(her.token),
      payload: { reportedId: him.id, reason: 'harassment-or-hate' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    return reported.json().id;
  }

  const removeCompliment = (by: Member, reportId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/moderation/reports/${reportId}/actions`,
      headers: bearer(by.token),
      payload: { action: 'remove-compliment', reason: 'Demande une photo privée' },
    });

  const likersOf = async (her: Member) =>
    (await t.app.inject({ url: '/likes', headers: bearer(her.token) }))
      .json<LikeEntry[]>()
      .map((entry) => [entry.id, entry.compliment?.note ?? null]);

  const openReportIds = async (moderator: Member) =>
    (await t.app.inject({ url: '/api/moderation/reports', headers: bearer(moderator.token) }))
      .json<OpenReport[]>()
      .map((r) => r.id);

  it('is taken down by a moderator, not by a member: she no longer reads the note, his like stays', async () => {
    const her = await seeded('femme', 'Ndeye');
    const him = await seeded('homme', 'Alioune');
    await compliment(him, her, 'Envoie-moi une photo privée, ma belle');
    const reportId = await reportOf(her, him);

    const byMember = await removeCompliment(her, reportId);
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'MODERATORS_ONLY']);
    expect(await likersOf(her)).toEqual([[him.id, 'Envoie-moi une photo privée, ma belle']]);

    const moderator = await aModerator();
    const removed = await removeCompliment(moderator, reportId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await likersOf(her)).toEqual([[him.id, null]]);
    expect(await openReportIds(moderator)).not.toContain(reportId);
    const recorded = await t.database.db
      .select({ action: moderationActions.action, reason: moderationActions.reason })
      .from(moderationActions)
      .where(eq(moderationActions.reportId, reportId))
      .orderBy(moderationActions.seq);
    // The report, then the decision on it (ADR 076).
    expect(recorded).toEqual([
      { action: 'reported', reason: expect.any(String) },
      { action: 'remove-compliment', reason: 'Demande une photo privée' },
    ]);
    // The like stays his first and only one: no new note rides on it.
    const again = await compliment(him, her);
    expect([again.statusCode, again.json().code]).toEqual([409, 'COMPLIMENT_ALREADY_LIKED']);
  });

  it('is refused, the report left open, when he sent the reporter none, whatever he sent others', async () => {
    const her = await seeded('femme', 'Fatou');
    const other = await seeded('femme', 'Coumba');
    const him = await seeded('homme', 'Mamadou');
    await compliment(him, other, 'Ton sourire illumine ta photo');
    const reportId = await reportOf(her, him);
    const moderator = await aModerator();

    const refused = await removeCompliment(moderator, reportId);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'COMPLIMENT_TO_REMOVE_NONE']);
    expect(await openReportIds(moderator)).toContain(reportId);
    expect(await likersOf(other)).toEqual([[him.id, 'Ton sourire illumine ta photo']]);
  });
});

describe('a compliment on an answer to a prompt a moderator removed', () => {
  const ANSWER = 'Appelle-moi, on parlera de notre journée en famille.';
  const onPrompt = (from: Member, to: Member) =>
    t.app.inject({
      method: 'POST',
      url: '/like',
      headers: bearer(from.token),
      payload: {
        likedUserId: to.id,
        compliment: {
          note: 'Belle réponse.',
          about: { kind: 'prompt', prompt: 'ideal-family-day' },
        },
      },
    });

  it('is refused once removed, with nothing stored; the one sent before stays, without the answer', async () => {
    const her = await seeded('femme', 'Sokhna');
    await t.database.db
      .insert(promptAnswers)
      .values({ memberId: her.id, prompt: 'ideal-family-day', answer: ANSWER, position: 0 });
    const before = await seeded('homme', 'Babacar');
    expect((await onPrompt(before, her)).statusCode).toBe(200);

    const reporter = await seeded('homme', 'Lamine');
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(reporter.token),
      payload: { reportedId: her.id, reason: 'other', note: 'Her answer asks for calls.' },
    });
    expect(report.statusCode, report.body).toBe(201);
    const moderator = await aModerator();
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/reports/${report.json().id}/actions`,
      headers: bearer(moderator.token),
      payload: { action: 'remove-prompt-answer', prompt: 'ideal-family-day', reason: 'Contact' },
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const after = await seeded('homme', 'Pape');
    const refused = await onPrompt(after, her);
    expect([refused.statusCode, refused.json().code]).toEqual([
      404,
      'COMPLIMENT_PROMPT_NOT_ANSWERED',
    ]);
    expect(
      await t.database.db.select().from(compliments).where(eq(compliments.likerId, after.id)),
    ).toEqual([]);
    const list = await t.app.inject({ url: '/likes', headers: bearer(her.token) });
    expect(list.json<LikeEntry[]>().map((entry) => [entry.id, entry.compliment])).toEqual([
      [
        before.id,
        {
          note: 'Belle réponse.',
          about: { kind: 'prompt', prompt: 'ideal-family-day', answer: null },
          shield: [],
        },
      ],
    ]);
  });
});

describe('a compliment in the data of both members', () => {
  async function exported(member: Member) {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/export',
      headers: bearer(member.token),
    });
    expect(asked.statusCode).toBe(202);
    await t.app.dataExports.runPending();
    const file = await t.app.inject({
      url: '/api/users/me/export/file',
      headers: bearer(member.token),
    });
    const zip = unzipSync(new Uint8Array(file.rawPayload));
    return JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8'));
  }

  it('is in his likes given and her likes received, and goes when he deletes his account', async () => {
    const her = await seeded('femme', 'Ndeye');
    const registered = await registeredMember(t.app, { gender: 'homme' });
    const him = { id: registered.id, token: registered.token };
    await t.database.db.update(members).set({ prayer: 'always' }).where(eq(members.id, her.id));
    expect((await compliment(him, her)).statusCode).toBe(200);

    const about = { note: NOTE, about: 'prayer', photoId: null };
    expect((await exported(him)).likesGiven).toEqual([
      expect.objectContaining({ memberId: her.id, compliment: about }),
    ]);
    expect((await exported(her)).likesReceived).toEqual([
      expect.objectContaining({ memberId: him.id, compliment: about }),
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(him.token),
      payload: { password: registered.fields.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const list = await t.app.inject({ url: '/likes', headers: bearer(her.token) });
    expect(list.json<LikeEntry[]>()).toEqual([]);
    expect(
      await t.database.db.select().from(compliments).where(eq(compliments.likerId, him.id)),
    ).toEqual([]);
  });
  it('names an answer to a prompt by its key: the answer itself is in her own data only', async () => {
    const her = await seeded('femme', 'Coumba');
    await t.database.db
      .insert(promptAnswers)
      .values({ memberId: her.id, prompt: 'proud-of', answer: 'Mes études.', position: 0 });
    const him = await seeded('homme', 'Modou');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/like',
      headers: bearer(him.token),
      payload: {
        likedUserId: her.id,
        compliment: { note: NOTE, about: { kind: 'prompt', prompt: 'proud-of' } },
      },
    });
    expect(sent.statusCode).toBe(200);
    const about = { note: NOTE, about: 'proud-of', photoId: null };
    const his = await exported(him);
    expect(his.likesGiven).toEqual([
      expect.objectContaining({ memberId: her.id, compliment: about }),
    ]);
    expect(JSON.stringify(his)).not.toContain('Mes études.');
    expect((await exported(her)).likesReceived).toEqual([
      expect.objectContaining({ memberId: him.id, compliment: about }),
    ]);
  });
});
