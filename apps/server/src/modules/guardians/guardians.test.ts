import { Writable } from 'node:stream';
import {
  type Contact,
  destinations,
  FAMILY_OPINION_DAYS,
  FAMILY_OPINION_NOTE_MAX_LENGTH,
  FAMILY_OPINIONS_PER_DAY,
  type FamilyOpinion,
  type FamilyOpinionPage,
  type FamilyOpinions,
  type GuardianOverview,
  type GuardianPage,
  type Message,
  type UserDetails,
} from '@mawadda/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  seedLikes,
  seedMembers,
  seedSubscription,
  sessionFor,
} from '../../../test/fixtures.ts';
import { connectStomp } from '../../../test/stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from '../../../test/test-app.ts';
import { familyOpinions, guardians, members, messages } from '../../db/schema.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMailCap, MAILS_TO_ONE_ADDRESS } from '../../lib/mail-cap.ts';
import { eraseMember } from '../account/account-deletion.repository.ts';
import { collectMemberData } from '../account/data-export.repository.ts';

let t: TestContext;
const logLines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logger: createLogger('info', sink) });
});

let listening: Promise<string> | undefined;
/** The app on a loopback port, for the live frames: once, on first need. */
const loopback = () => {
  listening ??= listenOnLoopback(t.app);
  return listening;
};

type Person = { id: string; token: string };

/** Aminata, Youssef whom she matched, and Karim, a subscriber who liked her: each signed in. */
async function family(): Promise<{ aminata: Person; youssef: Person; karim: Person }> {
  const [aminata = '', youssef = '', karim = ''] = await seedMembers(t.database.db, [
    { gender: 'femme', name: 'Aminata Diallo' },
    { gender: 'homme', name: 'Youssef Ba' },
    { gender: 'homme', name: 'Karim Sow' },
  ]);
  await seedLikes(t.database.db, [
    [aminata, youssef],
    [youssef, aminata],
    [karim, aminata],
  ]);
  await seedSubscription(t.database.db, karim);
  const person = async (id: string) => ({ id, token: await sessionFor(t.database.db, id) });
  return {
    aminata: await person(aminata),
    youssef: await person(youssef),
    karim: await person(karim),
  };
}

/** `member` accepts the message request `sender` sent her (ADR 068). */
async function accept(member: Person, sender: Person) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/requests/${sender.id}/accept`,
    headers: bearer(member.token),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function send(from: Person, to: Person, content: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${to.id}`,
    headers: bearer(from.token),
    payload: { content },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Message>();
}

/** The member's request to name a guardian, answered as it is. */
const nameGuardian = (member: Person, overrides: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/guardians',
    headers: bearer(member.token),
    payload: {
      name: 'Mamadou Diallo',
      relation: 'father',
      email: `father-${crypto.randomUUID()}@example.org`,
      language: 'fr',
      ...overrides,
    },
  });

/** Adds a guardian and answers the token of the link mailed to them. */
async function addGuardian(member: Person, overrides: Record<string, string> = {}) {
  const sentBefore = t.mailer.sent.length;
  const res = await nameGuardian(member, overrides);
  expect(res.statusCode, res.body).toBe(201);
  const mail = t.mailer.sent[sentBefore];
  const token = /\/guardian\/([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`No link in ${mail?.text}`);
  return { id: res.json<{ id: string }>().id, token, mail };
}

async function remove(member: Person, guardianId: string) {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/guardians/${guardianId}`,
    headers: bearer(member.token),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function follow(member: Person, other: Person, followed = true) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/guardians/conversations/${other.id}`,
    headers: bearer(member.token),
    payload: { followed },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuardianOverview>();
}

const page = (token: string) => t.app.inject({ url: `/api/guardian/${token}` });
const read = (token: string, other: Person) =>
  t.app.inject({ url: `/api/guardian/${token}/conversations/${other.id}` });

async function conversation(reader: Person, other: Person) {
  const res = await t.app.inject({
    url: `/api/chat/conversation/${other.id}`,
    headers: bearer(reader.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Message[]>();
}

async function contact(reader: Person, other: Person) {
  const res = await t.app.inject({
    url: `/api/chat/contacts/${other.id}`,
    headers: bearer(reader.token),
  });
  return res.json<Contact>();
}

describe('a member names guardians', () => {
  it('mails the guardian a link in the language chosen, keeps only its hash, and caps them at two', async () => {
    const { aminata } = await family();
    const first = await addGuardian(aminata);
    expect(first.mail?.subject).toContain('Aminata vous invite');
    expect(first.mail?.text).toContain(`http://mawadda.test/fr/guardian/${first.token}`);
    const [row] = await t.database.db.select().from(guardians).where(eq(guardians.id, first.id));
    expect(row?.tokenHash).not.toContain(first.token);
    expect(JSON.stringify(row)).not.toContain(first.token);

    t.clock.advance(1000);
    await addGuardian(aminata, { name: 'Imam Sall', relation: 'imam', language: 'en' });
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/guardians',
      headers: bearer(aminata.token),
      payload: { name: 'Oncle', relation: 'uncle', email: 'oncle@example.org', language: 'fr' },
    });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'GUARDIANS_TOO_MANY', params: { max: 2 } });

    const overview = await t.app.inject({ url: '/api/guardians', headers: bearer(aminata.token) });
    const list = overview.json<GuardianOverview>().guardians;
    expect(list.map((g) => g.relation)).toEqual(['father', 'imam']);
    expect(overview.body).not.toContain(first.token);
  });

  it('prints no name in the invitation that reads as a link or a phone number', async () => {
    const [member = ''] = await seedMembers(t.database.db, [
      { gender: 'femme', name: 'Aminata wa.me/2250708091011' },
    ]);
    const aminata = { id: member, token: await sessionFor(t.database.db, member) };
    const { mail } = await addGuardian(aminata, { name: 'Visit www.mawadda-support.example now' });
    const shown = `${mail?.subject}\n${mail?.text}\n${mail?.html}`;
    expect(shown).not.toMatch(/mawadda-support|wa\.me|0708091011/i);
    expect(mail?.subject).toBe('Un membre vous invite à suivre ses conversations sur Mawadda');
    expect(mail?.text).toMatch(/^Bonjour,\n\nUn membre vous a désigné comme père/);
    expect(mail?.html).toContain('<hr><p>Hello,</p><p>A member named you as their father');
  });

  it('refuses a new account a guardian name with a link or a number: 403 at the name, no guardian, no mail', async () => {
    const [member = ''] = await seedMembers(t.database.db, [
      { gender: 'femme', profile: { createdAt: t.clock.now() } },
    ]);
    const sentBefore = t.mailer.sent.length;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/guardians',
      headers: bearer(await sessionFor(t.database.db, member)),
      payload: {
        name: 'Visit www.mawadda-support.example now',
        relation: 'father',
        email: `father-${crypto.randomUUID()}@example.org`,
        language: 'fr',
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'NEW_ACCOUNT_CONTACT_DETAILS',
      errors: [{ path: 'name', code: 'NEW_ACCOUNT_CONTACT_DETAILS' }],
    });
    expect(
      await t.database.db.select().from(guardians).where(eq(guardians.memberId, member)),
    ).toEqual([]);
    expect(t.mailer.sent.length).toBe(sentBefore);
  });

  it('mails one address the invitations’ share at most, however often it is named: past it, a 429 and nothing stored', async () => {
    const { aminata } = await family();
    const email = `father-${crypto.randomUUID()}@example.org`;
    const sentBefore = t.mailer.sent.length;
    for (let round = 0; round < 2; round++) {
      const { id } = await addGuardian(aminata, { email });
      await remove(aminata, id);
    }
    const refused = await nameGuardian(aminata, { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'GUARDIAN_INVITATIONS_TOO_MANY',
      message: expect.stringContaining('try again later'),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another member naming the same address is refused too: the share is the address's.
    const { aminata: other } = await family();
    expect((await nameGuardian(other, { email })).statusCode).toBe(429);
    expect(t.mailer.sent.slice(sentBefore).filter((m) => m.to === email)).toHaveLength(2);
    const rows = await t.database.db.select().from(guardians).where(eq(guardians.email, email));
    expect(rows.filter((row) => row.revokedAt === null)).toEqual([]);
    expect(rows).toHaveLength(2);
  });

  it('counts an invitation with the address’s other mails, but never refuses it for them', async () => {
    // The address had its day's mails (resets, registration attempts: mails only a member's
    // address receives), yet its invitation goes: a 429 would tell the member it is a member's.
    const { aminata } = await family();
    const cap = createMailCap(t.limiter);
    const full = `member-${crypto.randomUUID()}@example.org`;
    while (await cap.take(full)) {}
    expect((await nameGuardian(aminata, { email: full })).statusCode).toBe(201);
    expect(t.mailer.sent.at(-1)?.to).toBe(full);

    // Two invitations leave three of the five mails an address may receive in an hour.
    const email = `father-${crypto.randomUUID()}@example.org`;
    await remove(aminata, (await addGuardian(aminata, { email })).id);
    await addGuardian(aminata, { email });
    let others = 0;
    while (await cap.take(email)) others++;
    expect(others).toBe(MAILS_TO_ONE_ADDRESS.perHour - 2);
  });

  it('lets a member name a few guardians a day: past it, a 429 and no mail', async () => {
    const { aminata } = await family();
    for (let i = 0; i < 5; i++) await remove(aminata, (await addGuardian(aminata)).id);
    const sentBefore = t.mailer.sent.length;
    const refused = await nameGuardian(aminata);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'GUARDIANS_DAILY_LIMIT',
      params: { max: 5 },
      message: expect.stringContaining('Try again tomorrow'),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.mailer.sent.length).toBe(sentBefore);
    const overview = await t.app.inject({ url: '/api/guardians', headers: bearer(aminata.token) });
    expect(overview.json<GuardianOverview>().guardians).toEqual([]);
  });

  it('refuses a relation off the list', async () => {
    const { aminata } = await family();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guardians',
      headers: bearer(aminata.token),
      payload: { name: 'X', relation: 'cousin', email: 'x@example.org', language: 'fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'GUARDIAN_RELATION_INVALID' });
  });
});

describe('the other member is told before any of their messages reaches the guardian', () => {
  it('writes the notice line first and shows the guardian nothing older than it', async () => {
    const { aminata, youssef } = await family();
    const before = await send(youssef, aminata, 'Written before anyone followed');
    const guardian = await addGuardian(aminata);
    const overview = await follow(aminata, youssef);
    expect(overview.conversations).toContainEqual(
      expect.objectContaining({ userId: youssef.id, followed: true }),
    );

    // Youssef reads the notice in his conversation, after what he wrote before it.
    const his = await conversation(youssef, aminata);
    const noticeAt = his.findIndex((m) => m.notice === 'guardian-follows');
    expect(noticeAt).toBeGreaterThan(his.findIndex((m) => m.uuid === before.uuid));
    expect(his[noticeAt]).toMatchObject({ senderId: aminata.id, content: null });
    expect((await contact(youssef, aminata)).guardianFollows).toEqual({
      mine: false,
      theirs: true,
    });
    expect((await contact(aminata, youssef)).guardianFollows).toEqual({
      mine: true,
      theirs: false,
    });

    const after = await send(youssef, aminata, 'Written after the notice');
    const res = await read(guardian.token, youssef);
    expect(res.statusCode, res.body).toBe(200);
    const seen = res.json<Message[]>();
    // The order: the notice, then his message; nothing he wrote before he was told.
    expect(seen.map((m) => m.notice ?? m.content)).toEqual([
      'guardian-follows',
      'Written after the notice',
    ]);
    expect(seen.some((m) => m.uuid === before.uuid)).toBe(false);
    const seqs = await t.database.db
      .select({ uuid: messages.uuid, seq: messages.seq, notice: messages.notice })
      .from(messages)
      .where(sql`${messages.senderId} in (${aminata.id}, ${youssef.id})`);
    const seqOf = (uuid: string) => seqs.find((m) => m.uuid === uuid)?.seq ?? -1;
    const noticeSeq = seqs.find((m) => m.notice === 'guardian-follows')?.seq ?? Infinity;
    for (const shown of seen.filter((m) => m.senderId === youssef.id)) {
      expect(seqOf(shown.uuid)).toBeGreaterThan(noticeSeq);
    }
    expect(seqOf(after.uuid)).toBeGreaterThan(noticeSeq);
  });

  it('pages the guardian back from a message down to the notice line, never past it, and refuses a cursor of another conversation', async () => {
    const { aminata, youssef, karim } = await family();
    const before = await send(youssef, aminata, 'Written before anyone followed');
    const elsewhere = await send(karim, aminata, 'Another conversation');
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);
    const first = await send(youssef, aminata, 'First after the notice');
    const second = await send(aminata, youssef, 'Second after the notice');
    const readPage = (query: string) =>
      t.app.inject({
        url: `/api/guardian/${guardian.token}/conversations/${youssef.id}?${query}`,
      });

    const newest = await readPage('size=1');
    expect(newest.json<Message[]>().map((m) => m.uuid)).toEqual([second.uuid]);
    const back = await readPage(`before=${second.uuid}&size=50`);
    expect(back.statusCode, back.body).toBe(200);
    // Back to the notice line and no further: what was written before it stays unseen.
    expect(back.json<Message[]>().map((m) => m.notice ?? m.uuid)).toEqual([
      'guardian-follows',
      first.uuid,
    ]);
    const older = await readPage(`before=${before.uuid}`);
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json<Message[]>()).toEqual([]);
    const foreign = await readPage(`before=${elsewhere.uuid}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('CURSOR_INVALID');
  });

  it('tells the other member by a line when no guardian follows any more: the last one removed, or the conversation no longer chosen', async () => {
    const { aminata, youssef, karim } = await family();
    await send(karim, aminata, 'Salam Aminata');
    await accept(aminata, karim);
    const first = await addGuardian(aminata);
    const second = await addGuardian(aminata);
    await follow(aminata, youssef);
    await follow(aminata, karim);

    // One guardian of two removed: the others still follow, nothing to tell.
    await remove(aminata, first.id);
    expect((await conversation(youssef, aminata)).at(-1)?.notice).toBe('guardian-follows');

    // Karim's conversation no longer chosen: he reads it at once.
    await follow(aminata, karim, false);
    expect((await conversation(karim, aminata)).at(-1)).toMatchObject({
      notice: 'guardian-stopped',
      senderId: aminata.id,
    });
    expect((await contact(karim, aminata)).guardianFollows?.theirs).toBe(false);

    // The last guardian removed: Youssef reads it after the line that said she followed; Karim,
    // already told, reads nothing more.
    await remove(aminata, second.id);
    const his = (await conversation(youssef, aminata)).map((m) => m.notice);
    expect(his.slice(-2)).toEqual(['guardian-follows', 'guardian-stopped']);
    expect((await contact(youssef, aminata)).guardianFollows?.theirs).toBe(false);
    expect(
      (await conversation(karim, aminata)).filter((m) => m.notice === 'guardian-stopped'),
    ).toHaveLength(1);
  });

  it('a conversation chosen before any guardian existed is told only when the first guardian is added', async () => {
    const { aminata, youssef } = await family();
    await send(youssef, aminata, 'Salam');
    await follow(aminata, youssef);
    expect((await conversation(youssef, aminata)).some((m) => m.notice)).toBe(false);
    expect((await contact(youssef, aminata)).guardianFollows?.theirs).toBe(false);

    const guardian = await addGuardian(aminata);
    expect((await conversation(youssef, aminata)).at(-1)?.notice).toBe('guardian-follows');
    const seen = (await read(guardian.token, youssef)).json<Message[]>();
    expect(seen.map((m) => m.notice ?? m.content)).toEqual(['guardian-follows']);
  });

  it('a new conversation under "follow new conversations" is told as the guardian first looks', async () => {
    const { aminata, karim } = await family();
    const guardian = await addGuardian(aminata);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/guardians/settings',
      headers: bearer(aminata.token),
      payload: { followNewConversations: true },
    });
    expect(saved.json<GuardianOverview>().followNewConversations).toBe(true);
    // Karim, a subscriber, writes first: a conversation that did not exist when it was set. It is
    // a message request (ADR 068): the guardian follows it once she accepts it, not before.
    const first = await send(karim, aminata, 'Assalamu alaykum');
    expect((await page(guardian.token)).json<GuardianPage>().conversations).toEqual([]);
    expect((await read(guardian.token, karim)).statusCode).toBe(404);
    await accept(aminata, karim);
    const res = await page(guardian.token);
    expect(res.json<GuardianPage>().conversations.map((c) => c.id)).toEqual([karim.id]);
    const seen = (await read(guardian.token, karim)).json<Message[]>();
    expect(seen.map((m) => m.notice ?? m.content)).toEqual(['guardian-follows']);
    expect(seen.some((m) => m.uuid === first.uuid)).toBe(false);
    expect((await conversation(karim, aminata)).at(-1)?.notice).toBe('guardian-follows');
  });
});

describe('what the guardian page shows', () => {
  it('lists only the chosen conversations, first names only, and logs each visit for the member', async () => {
    const { aminata, youssef, karim } = await family();
    await send(karim, aminata, 'Hello');
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);

    const res = await page(guardian.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<GuardianPage>();
    expect(body).toMatchObject({ memberName: 'Aminata', guardianName: 'Mamadou Diallo' });
    expect(body.conversations).toEqual([
      expect.objectContaining({ id: youssef.id, name: 'Youssef' }),
    ]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');

    // Karim's conversation was not chosen: 404 as a member one cannot see.
    const notChosen = await read(guardian.token, karim);
    expect(notChosen.statusCode).toBe(404);
    expect(notChosen.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });

    const visits = await t.app.inject({
      url: '/api/guardians/visits',
      headers: bearer(aminata.token),
    });
    expect(visits.json()).toEqual([
      { guardianId: guardian.id, guardianName: 'Mamadou Diallo', at: t.clock.now().toISOString() },
    ]);
    const overview = await t.app.inject({ url: '/api/guardians', headers: bearer(aminata.token) });
    expect(overview.json<GuardianOverview>().guardians[0]?.lastVisitAt).toBe(
      t.clock.now().toISOString(),
    );
  });

  it('a conversation no longer followed is gone from the page at once', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);
    expect((await read(guardian.token, youssef)).statusCode).toBe(200);
    await follow(aminata, youssef, false);
    expect((await read(guardian.token, youssef)).statusCode).toBe(404);
    expect((await page(guardian.token)).json<GuardianPage>().conversations).toEqual([]);
  });
});

describe('what ends the view', () => {
  it('a block, either way', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/users/${aminata.id}/block`,
      headers: bearer(youssef.token),
    });
    expect(blocked.statusCode).toBe(200);
    expect((await read(guardian.token, youssef)).statusCode).toBe(404);
    expect((await page(guardian.token)).json<GuardianPage>().conversations).toEqual([]);
  });

  it('an unmatch', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${youssef.id}/match`,
      headers: bearer(aminata.token),
    });
    expect(ended.statusCode).toBe(200);
    expect((await read(guardian.token, youssef)).statusCode).toBe(404);
  });

  it('the other member deleting their account, or being banned', async () => {
    const { aminata, youssef, karim } = await family();
    await send(karim, aminata, 'Salam');
    await accept(aminata, karim);
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);
    await follow(aminata, karim);
    await t.database.db.transaction((tx) => eraseMember(tx, youssef.id));
    await t.database.db.update(members).set({ standing: 'banned' }).where(eq(members.id, karim.id));
    expect((await page(guardian.token)).json<GuardianPage>().conversations).toEqual([]);
    expect((await read(guardian.token, youssef)).statusCode).toBe(404);
    expect((await read(guardian.token, karim)).statusCode).toBe(404);
  });

  it('the member being banned: the link answers as an unknown one', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);
    await t.database.db
      .update(members)
      .set({ standing: 'banned' })
      .where(eq(members.id, aminata.id));
    expect((await page(guardian.token)).statusCode).toBe(404);
  });
});

describe('refusals that teach nothing', () => {
  it('an unknown, a malformed and a revoked link are the same 404', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);
    expect((await page(guardian.token)).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/guardians/${guardian.id}`,
      headers: bearer(aminata.token),
    });
    expect(removed.statusCode).toBe(200);
    const revoked = await page(guardian.token);
    const unknown = await page('A'.repeat(43));
    const malformed = await page('not-a-token');
    // Longer than the router's default limit for a path parameter (100 characters).
    const long = await page('A'.repeat(101));
    for (const res of [revoked, unknown, malformed, long]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(revoked.json());
    }
    expect(revoked.json()).toMatchObject({ code: 'GUARDIAN_LINK_INVALID' });
    expect((await read(guardian.token, youssef)).statusCode).toBe(404);
    // The last guardian gone, the header no longer says anyone follows.
    expect((await contact(youssef, aminata)).guardianFollows?.theirs).toBe(false);
  });

  it('a guardian token is no key to any member endpoint', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);
    for (const url of [
      '/api/users/me',
      '/api/chat/contacts',
      `/api/chat/conversation/${youssef.id}`,
      '/api/guardians',
    ]) {
      const res = await t.app.inject({ url, headers: bearer(guardian.token) });
      expect(res.statusCode, url).toBe(401);
    }
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${youssef.id}`,
      headers: bearer(guardian.token),
      payload: { content: 'From the guardian' },
    });
    expect(sent.statusCode).toBe(401);
  });

  it('the token never reaches the log', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);
    logLines.length = 0;
    await page(guardian.token);
    await read(guardian.token, youssef);
    await t.app.inject({ url: `/fr/guardian/${guardian.token}` });
    // Other spellings: the router takes an encoded letter as the plain one, the rest are 404s.
    const spelled = [
      `/api/gu%61rdian/${guardian.token}`,
      `//api/guardian/${guardian.token}`,
      `/API/guardian/${guardian.token}`,
    ];
    const statuses = [];
    for (const url of spelled) statuses.push((await t.app.inject({ url })).statusCode);
    expect(statuses).toEqual([200, 404, 404]);
    const log = logLines.join('');
    expect(log).toContain('/api/guardian/[redacted]');
    expect(log).toContain(`/api/guardian/[redacted]/conversations/${youssef.id}`);
    expect(log).not.toContain(guardian.token);
  });

  it('a link asked too often is slowed down', async () => {
    const { aminata } = await family();
    const guardian = await addGuardian(aminata);
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await page(guardian.token)).statusCode;
    expect(last).toBe(429);
  });
});

describe('export and deletion', () => {
  it('the export holds the guardians and their visits, never the link; deletion removes them', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);
    await page(guardian.token);
    const data = await collectMemberData(t.database.db, aminata.id);
    expect(data?.guardians.guardians).toEqual([
      expect.objectContaining({ id: guardian.id, relation: 'father', revokedAt: null }),
    ]);
    expect(data?.guardians.visits).toHaveLength(1);
    expect(data?.guardians.conversations).toEqual([
      expect.objectContaining({ memberId: youssef.id, followed: true }),
    ]);
    expect(JSON.stringify(data)).not.toContain(guardian.token);

    await t.database.db.transaction((tx) => eraseMember(tx, aminata.id));
    const left = await t.database.db
      .select()
      .from(guardians)
      .where(and(eq(guardians.id, guardian.id)));
    expect(left).toEqual([]);
    expect((await page(guardian.token)).statusCode).toBe(404);
  });
});

describe('the guardian’s digest', () => {
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;
  const mailsTo = (address: string | undefined, from: number) =>
    t.mailer.sent.slice(from).filter((m) => m.to === address);

  it('mails counts and first names, never a text, with a fresh link and a one-click unsubscribe', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    await follow(aminata, youssef);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: `/api/guardian/${guardian.token}/digest`,
      payload: { digest: 'daily' },
    });
    expect(chosen.json()).toEqual({ digest: 'daily' });
    t.clock.advance(MINUTE);
    await send(youssef, aminata, 'Rendez-vous samedi chez ma tante');
    await send(aminata, youssef, 'Avec plaisir');

    let from = t.mailer.sent.length;
    await t.app.guardians.runDigest();
    const [mail, ...more] = mailsTo(guardian.mail?.to, from);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Nouveaux messages dans les conversations de Aminata sur Mawadda');
    expect(mail?.text).toContain('Youssef : 2 messages');
    expect(mail?.text).not.toContain('Rendez-vous');
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /\/fr\/guardian\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(link).not.toBe(guardian.token);
    expect((await page(link)).statusCode).toBe(200);

    // The same day: nothing more; the next day, only what came since.
    from = t.mailer.sent.length;
    t.clock.advance(MINUTE);
    await send(youssef, aminata, 'Et toi ?');
    await t.app.guardians.runDigest();
    expect(mailsTo(guardian.mail?.to, from)).toEqual([]);
    t.clock.advance(DAY);
    await t.app.guardians.runDigest();
    expect(mailsTo(guardian.mail?.to, from)[0]?.text).toContain('Youssef : 1 message\n');

    const unsubscribe = /<http:\/\/mawadda\.test([^>]+)>/.exec(
      mail?.headers?.['List-Unsubscribe'] ?? '',
    )?.[1];
    const res = await t.app.inject({
      method: 'POST',
      url: unsubscribe ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await page(guardian.token)).json<GuardianPage>().digest).toBe('off');
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/guardian-digest/unsubscribe?token=${guardian.id}.AAAA`,
    });
    expect(forged.statusCode).toBe(400);

    // The digest's link dies with the guardian.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/guardians/${guardian.id}`,
      headers: bearer(aminata.token),
    });
    expect((await page(link)).statusCode).toBe(404);
  });

  it('is weekly unless chosen, tells nothing of a conversation not followed, and none to a revoked guardian', async () => {
    const { aminata, youssef, karim } = await family();
    const weekly = await addGuardian(aminata);
    t.clock.advance(1000);
    const revoked = await addGuardian(aminata, { name: 'Imam Sall', relation: 'imam' });
    await follow(aminata, youssef);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/guardians/${revoked.id}`,
      headers: bearer(aminata.token),
    });
    t.clock.advance(MINUTE);
    await send(karim, aminata, 'Not followed');
    await send(youssef, aminata, 'Followed');
    const from = t.mailer.sent.length;
    await t.app.guardians.runDigest();
    const [first] = mailsTo(weekly.mail?.to, from);
    expect(first?.text).toContain('Youssef : 1 message');
    expect(first?.text).not.toContain('Karim');
    expect(mailsTo(revoked.mail?.to, from)).toEqual([]);

    const later = t.mailer.sent.length;
    t.clock.advance(DAY + MINUTE);
    await send(youssef, aminata, 'A day later');
    await t.app.guardians.runDigest();
    expect(mailsTo(weekly.mail?.to, later)).toEqual([]);
    t.clock.advance(7 * DAY);
    await t.app.guardians.runDigest();
    expect(mailsTo(weekly.mail?.to, later)).toHaveLength(1);
  });
});

describe('asking for the wali’s contact', () => {
  const ask = (from: Person, to: Person) =>
    t.app.inject({ method: 'POST', url: `/api/chat/wali/${to.id}`, headers: bearer(from.token) });
  const answer = (from: Person, to: Person, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/chat/wali/${to.id}/answer`,
      headers: bearer(from.token),
      payload,
    });

  it('is documented with family mode, which answers it, though it is asked from the chat', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(doc.paths['/api/chat/wali/{userId}'].post.tags).toEqual(['guardians']);
    expect(doc.paths['/api/chat/wali/{userId}/answer'].post.tags).toEqual(['guardians']);
  });

  it('puts the question and the answer in the conversation, one open question at a time', async () => {
    const { aminata, youssef } = await family();
    const asked = await ask(youssef, aminata);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json<Message>()).toMatchObject({ notice: 'wali-asked', senderId: youssef.id });
    expect((await ask(youssef, aminata)).json()).toMatchObject({ code: 'WALI_REQUEST_PENDING' });
    expect((await conversation(aminata, youssef)).at(-1)?.notice).toBe('wali-asked');

    const badPhone = await answer(aminata, youssef, {
      accept: true,
      name: 'Mamadou Diallo',
      relation: 'father',
      phone: 'call me',
    });
    expect(badPhone.json()).toMatchObject({ code: 'WALI_PHONE_INVALID' });
    const noName = await answer(aminata, youssef, { accept: true, relation: 'father' });
    expect(noName.json()).toMatchObject({ code: 'GUARDIAN_NAME_REQUIRED' });

    const shared = await answer(aminata, youssef, {
      accept: true,
      name: 'Mamadou Diallo',
      relation: 'father',
      phone: '+221 77 123 45 67',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const line = (await conversation(youssef, aminata)).at(-1);
    expect(line).toMatchObject({
      notice: 'wali-shared',
      senderId: aminata.id,
      content: null,
      wali: { name: 'Mamadou Diallo', relation: 'father', phone: '+221 77 123 45 67' },
    });
    expect((await contact(youssef, aminata)).lastMessage).toMatchObject({
      kind: 'notice',
      text: null,
    });
    expect((await answer(aminata, youssef, { accept: false })).json()).toMatchObject({
      code: 'WALI_REQUEST_NONE',
    });

    // Answered, it may be asked again; declined, the line says so.
    expect((await ask(youssef, aminata)).statusCode).toBe(201);
    const declined = await answer(aminata, youssef, { accept: false });
    expect(declined.json<Message>()).toMatchObject({ notice: 'wali-declined' });
  });

  it('is answered under the rules of every text: a new account shares no number, the shield flags what is typed for the asker', async () => {
    const { aminata, youssef } = await family();
    await t.database.db
      .update(members)
      .set({ createdAt: t.clock.now() })
      .where(eq(members.id, aminata.id));
    expect((await ask(youssef, aminata)).statusCode).toBe(201);
    const wali = { accept: true, name: 'Mamadou Diallo', relation: 'father' };
    const refused = await answer(aminata, youssef, { ...wali, phone: '+221 77 123 45 67' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'NEW_ACCOUNT_CONTACT_DETAILS',
      errors: [{ path: 'phone', code: 'NEW_ACCOUNT_CONTACT_DETAILS' }],
    });
    // Nothing was written, and the question is still open for an answer without the number.
    expect((await conversation(youssef, aminata)).at(-1)?.notice).toBe('wali-asked');
    const linkName = await answer(aminata, youssef, {
      ...wali,
      name: 'Mamadou wa.me/221771234567',
    });
    expect(linkName.json()).toMatchObject({ errors: [{ path: 'name' }] });

    await t.database.db
      .update(members)
      .set({ verifiedAt: t.clock.now() })
      .where(eq(members.id, aminata.id));
    const shared = await answer(aminata, youssef, {
      ...wali,
      name: 'Mamadou, écris-lui sur WhatsApp',
      phone: '+221 77 123 45 67',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect((await conversation(youssef, aminata)).at(-1)).toMatchObject({
      notice: 'wali-shared',
      shield: ['other-app'],
    });
    expect((await conversation(aminata, youssef)).at(-1)?.shield).toBeUndefined();
  });

  it('is asked under the rule of who may write, and a block ends the question', async () => {
    const { aminata, youssef, karim } = await family();
    const refused = await ask(aminata, karim);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });

    expect((await ask(youssef, aminata)).statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: `/api/users/${youssef.id}/block`,
      headers: bearer(aminata.token),
    });
    const after = await answer(aminata, youssef, { accept: false });
    expect(after.statusCode).toBe(404);
  });
});

describe('the family’s opinion on a match', () => {
  const DAY = 24 * 60 * 60_000;
  const opinionPage = (token: string) => t.app.inject({ url: `/api/guardian/opinion/${token}` });
  const answer = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/guardian/opinion/${token}`, payload });
  const ask = (member: Person, other: Person, guardianId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/chat/family-opinions/${other.id}`,
      headers: bearer(member.token),
      payload: { guardianId },
    });
  async function opinions(member: Person, other: Person) {
    const res = await t.app.inject({
      url: `/api/chat/family-opinions/${other.id}`,
      headers: bearer(member.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FamilyOpinions>();
  }
  /** Asks and answers the token of the link mailed to the guardian. */
  async function askOpinion(member: Person, other: Person, guardianId: string) {
    const sentBefore = t.mailer.sent.length;
    const res = await ask(member, other, guardianId);
    expect(res.statusCode, res.body).toBe(201);
    const mail = t.mailer.sent[sentBefore];
    const token = /\/guardian\/opinion\/([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`No link in ${mail?.text}`);
    return { id: res.json<FamilyOpinion>().id, token, mail };
  }
  const storedOpinions = (memberId: string) =>
    t.database.db.select().from(familyOpinions).where(eq(familyOpinions.memberId, memberId));

  it('mails the guardian a link to the match’s profile as she sees it, tells the match, and shows her alone the answer', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata, { email: 'papa@example.org' });
    const { token, mail } = await askOpinion(aminata, youssef, guardian.id);
    expect(mail?.to).toBe('papa@example.org');
    expect(mail?.subject).toBe('Aminata vous demande votre avis sur Youssef');
    // Stored only as its hash.
    const [stored] = await storedOpinions(aminata.id);
    expect(stored?.tokenHash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    // The match is told, in the conversation, by a line from her.
    const lines = (await conversation(youssef, aminata)).filter((m) => m.notice);
    expect(lines).toEqual([
      expect.objectContaining({ senderId: aminata.id, notice: 'shown-to-family' }),
    ]);

    const shown = await opinionPage(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    const body = shown.json<FamilyOpinionPage>();
    expect(body).toMatchObject({ memberName: 'Aminata', answer: null, language: 'fr' });
    // Her view of him: the profile she reads herself, a match.
    const details = await t.app.inject({
      url: `/api/users/${youssef.id}/details`,
      headers: bearer(aminata.token),
    });
    expect(details.statusCode, details.body).toBe(200);
    const mine = details.json<UserDetails>();
    expect(body.profile).toMatchObject({
      id: youssef.id,
      name: mine.name,
      matched: true,
      photosBlurred: mine.photosBlurred,
      online: false,
    });

    const answered = await answer(token, { answer: 'questions', note: 'Qui est sa famille ?' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await opinions(aminata, youssef)).opinions).toEqual([
      expect.objectContaining({
        guardianId: guardian.id,
        guardianName: 'Mamadou Diallo',
        answer: 'questions',
        note: 'Qui est sa famille ?',
        revoked: false,
      }),
    ]);
    // He reads none of it.
    const his = await opinions(youssef, aminata);
    expect(his.opinions).toEqual([]);
    expect(JSON.stringify(his)).not.toContain('Qui est sa famille');
    const contactOfHis = await contact(youssef, aminata);
    expect(JSON.stringify(contactOfHis)).not.toContain('Qui est sa famille');
  });

  it('tells her open tabs live that her family answered, naming only him, and tells him nothing', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata, { email: 'tonton@example.org' });
    const { token } = await askOpinion(aminata, youssef, guardian.id);
    const baseUrl = await loopback();
    const hers = await connectStomp(baseUrl, aminata.token);
    const herInbox = hers.subscribe(destinations.contact(aminata.id));
    const his = await connectStomp(baseUrl, youssef.token);
    const hisInbox = his.subscribe(destinations.contact(youssef.id));
    await Promise.all([herInbox.subscribed, hisInbox.subscribed]);
    const answered = await answer(token, { answer: 'favourable' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await herInbox.next()).toEqual({ memberId: youssef.id });
    // A frame to him would have come with hers.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(hisInbox.messages).toEqual([]);
    await Promise.all([hers.disconnect(), his.disconnect()]);
  });

  it('refuses a member she has not matched with: nothing stored, no mail', async () => {
    const { aminata, karim } = await family();
    // Karim liked her, she did not like back.
    const guardian = await addGuardian(aminata);
    const before = t.mailer.sent.length;
    const refused = await ask(aminata, karim, guardian.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FAMILY_OPINION_NOT_MATCHED' });
    expect(t.mailer.sent.length).toBe(before);
    expect(await storedOpinions(aminata.id)).toEqual([]);
  });

  it('refuses a match who turned it off, and the button knows; turning it off ends the links sent', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    const { token } = await askOpinion(aminata, youssef, guardian.id);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/guardians/shown-to-families',
      headers: bearer(youssef.token),
      payload: { shown: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await opinions(aminata, youssef)).shown).toBe(false);
    const refused = await ask(aminata, youssef, guardian.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FAMILY_OPINION_NOT_SHOWN' });
    expect(await storedOpinions(aminata.id)).toHaveLength(1);
    expect((await opinionPage(token)).statusCode).toBe(404);
    // His own setting reads in his overview.
    const overview = await t.app.inject({ url: '/api/guardians', headers: bearer(youssef.token) });
    expect(overview.json<GuardianOverview>().shownToFamilies).toBe(false);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/guardians/shown-to-families',
      headers: bearer(youssef.token),
      payload: { shown: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'FAMILY_OPINION_SHOWN_INVALID' });
  });

  it('refuses a guardian not on her list, or removed, and a member she cannot see', async () => {
    const { aminata, youssef } = await family();
    const other = await family();
    const hers = await addGuardian(aminata);
    const notHers = await addGuardian(other.aminata);
    for (const guardianId of [notHers.id, crypto.randomUUID()]) {
      const res = await ask(aminata, youssef, guardianId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'GUARDIAN_NOT_FOUND' });
    }
    await remove(aminata, hers.id);
    expect((await ask(aminata, youssef, hers.id)).json()).toMatchObject({
      code: 'GUARDIAN_NOT_FOUND',
    });
    const malformed = await ask(aminata, youssef, 'papa');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'FAMILY_OPINION_GUARDIAN_INVALID' });
    // Another woman: not someone she is shown.
    const stranger = await ask(aminata, other.aminata, notHers.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    expect(await storedOpinions(aminata.id)).toEqual([]);
  });

  it('lets a member ask a few opinions a day: past it, a 429 and no mail', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    for (let i = 0; i < FAMILY_OPINIONS_PER_DAY; i++)
      await askOpinion(aminata, youssef, guardian.id);
    const before = t.mailer.sent.length;
    const refused = await ask(aminata, youssef, guardian.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'FAMILY_OPINIONS_DAILY_LIMIT' });
    expect(t.mailer.sent.length).toBe(before);
    expect(await storedOpinions(aminata.id)).toHaveLength(FAMILY_OPINIONS_PER_DAY);
  });

  it('a revoked, expired, unknown or malformed link is the same 404, to read or to answer, and nothing changes', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    const first = await askOpinion(aminata, youssef, guardian.id);
    const second = await askOpinion(aminata, youssef, guardian.id);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/chat/family-opinions/${youssef.id}/${first.id}`,
      headers: bearer(aminata.token),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    // Not hers to take back, or taken back already.
    for (const [member, other] of [
      [youssef, aminata],
      [aminata, youssef],
    ] as const) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/chat/family-opinions/${other.id}/${first.id}`,
        headers: bearer(member.token),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'FAMILY_OPINION_NOT_FOUND' });
    }
    const unknown = await opinionPage('A'.repeat(43));
    expect(unknown.json()).toMatchObject({ code: 'GUARDIAN_LINK_INVALID' });
    for (const res of [
      await opinionPage(first.token),
      await answer(first.token, { answer: 'favourable' }),
      await opinionPage('not-a-token'),
      await answer('A'.repeat(43), { answer: 'favourable' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    // A guardian's page link opens no opinion, nor the reverse.
    expect((await opinionPage(guardian.token)).statusCode).toBe(404);
    expect((await page(second.token)).statusCode).toBe(404);

    expect((await opinionPage(second.token)).statusCode).toBe(200);
    t.clock.advance(FAMILY_OPINION_DAYS * DAY + 1000);
    expect((await opinionPage(second.token)).statusCode).toBe(404);
    expect((await answer(second.token, { answer: 'favourable' })).statusCode).toBe(404);
    const left = await storedOpinions(aminata.id);
    expect(left.map((row) => row.answer)).toEqual([null, null]);
  });

  it('refuses an answer off the list or a note too long, and keeps the previous answer', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    const { token } = await askOpinion(aminata, youssef, guardian.id);
    expect((await answer(token, { answer: 'favourable' })).statusCode).toBe(200);
    const off = await answer(token, { answer: 'maybe' });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ code: 'FAMILY_OPINION_ANSWER_INVALID' });
    const long = await answer(token, {
      answer: 'unfavourable',
      note: 'x'.repeat(FAMILY_OPINION_NOTE_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'FAMILY_OPINION_NOTE_TOO_LONG' });
    const [row] = await storedOpinions(aminata.id);
    expect(row).toMatchObject({ answer: 'favourable', note: null });
  });

  it('an unmatch or a block ends the link', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    const { token } = await askOpinion(aminata, youssef, guardian.id);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${youssef.id}/match`,
      headers: bearer(aminata.token),
    });
    expect(ended.statusCode).toBe(200);
    expect((await opinionPage(token)).statusCode).toBe(404);

    const other = await family();
    const g = await addGuardian(other.aminata);
    const second = await askOpinion(other.aminata, other.youssef, g.id);
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/users/${other.aminata.id}/block`,
      headers: bearer(other.youssef.token),
    });
    expect(blocked.statusCode).toBe(200);
    expect((await opinionPage(second.token)).statusCode).toBe(404);
  });

  it('the token never reaches the log and opens no member endpoint', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    const { token } = await askOpinion(aminata, youssef, guardian.id);
    logLines.length = 0;
    await opinionPage(token);
    await answer(token, { answer: 'favourable' });
    await t.app.inject({ url: `/en/guardian/opinion/${token}` });
    const log = logLines.join('');
    expect(log).toContain('/api/guardian/opinion/[redacted]');
    expect(log).toContain('/en/guardian/opinion/[redacted]');
    expect(log).not.toContain(token);
    const res = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('the export holds the opinions asked and the setting, never the link; deletion removes them', async () => {
    const { aminata, youssef } = await family();
    const guardian = await addGuardian(aminata);
    const { token } = await askOpinion(aminata, youssef, guardian.id);
    await answer(token, { answer: 'favourable', note: 'Bonne famille' });
    const data = await collectMemberData(t.database.db, aminata.id);
    expect(data?.guardians.opinions).toEqual([
      expect.objectContaining({
        memberId: youssef.id,
        answer: 'favourable',
        note: 'Bonne famille',
      }),
    ]);
    expect(data?.guardians.shownToFamilies).toBe(true);
    const [stored] = await storedOpinions(aminata.id);
    expect(JSON.stringify(data)).not.toContain(token);
    expect(JSON.stringify(data)).not.toContain(stored?.tokenHash);
    await t.database.db.transaction((tx) => eraseMember(tx, youssef.id));
    expect(await storedOpinions(aminata.id)).toEqual([]);
    expect((await opinionPage(token)).statusCode).toBe(404);
  });
});
