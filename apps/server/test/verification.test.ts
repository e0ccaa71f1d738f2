import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type AppealQueue,
  type Contact,
  type OpenReport,
  type Statement,
  VERIFICATION_POSE_IDS,
  type VerificationQueueItem,
  type VerificationState,
} from '@mawadda/contract';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, notificationSettings, sessions, verificationRequests } from '../src/db/schema.ts';
import { differenceHash, hammingDistance } from '../src/modules/verification/selfie.ts';
import {
  DUPLICATE_MAX_DISTANCE,
  POSES_PER_DAY,
} from '../src/modules/verification/verification-selfies.ts';
import {
  bearer,
  jpegWithGps,
  multipart,
  registeredMember,
  seedLikes,
  seedMembers,
  seedSubscription,
  sessionFor,
} from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
let moderator: string;
beforeAll(async () => {
  t = await createTestApp();
  [moderator = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
  await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, moderator));
});

/**
 * A picture of its own (coarse noise from a seed, blurred: shapes as large as a face's, not
 * grain): each selfie hashes apart from the others.
 */
async function selfieImage(seed: number): Promise<Buffer> {
  const width = 12;
  const height = 16;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    pixels[i] = state & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .resize(480, 640)
    .blur(12)
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'Owner Secret Name' } })
    .toBuffer();
}

async function as(memberId: string) {
  const headers = bearer(await sessionFor(t.database.db, memberId));
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const answer = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: answer.statusCode, body: answer.json() };
  };
  return {
    headers,
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
    async send(pose: string, image: Buffer | undefined) {
      const form = multipart(
        { pose },
        image
          ? { selfie: [{ filename: 'selfie.jpg', contentType: 'image/jpeg', data: image }] }
          : {},
      );
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/verification',
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
      return { status: answer.statusCode, body: answer.json() };
    },
  };
}

let seed = 1;
/** A member who drew a pose and sent a selfie in it: their request waits for a moderator. */
async function pendingMember(gender: 'homme' | 'femme' = 'homme', image?: Buffer) {
  const [id = ''] = await seedMembers(t.database.db, [{ gender }]);
  const member = await as(id);
  const drawn = await member.post('/api/users/me/verification/pose');
  expect(drawn.status).toBe(200);
  const sent = await member.send(drawn.body.pose, image ?? (await selfieImage(seed++)));
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return { id, member };
}

const queue = async () =>
  (await (await as(moderator)).get('/api/moderation/verifications'))
    .body as VerificationQueueItem[];
const decide = async (requestId: string, body: object) =>
  (await as(moderator)).post(`/api/moderation/verifications/${requestId}/decision`, body);
const requestOf = async (memberId: string) => {
  const item = (await queue()).find((r) => r.member.id === memberId);
  if (!item) throw new Error('not in the queue');
  return item;
};

describe('asking to be verified', () => {
  it('draws a pose from the set, valid ten minutes', async () => {
    const [id = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const drawn = await (await as(id)).post('/api/users/me/verification/pose');
    expect(drawn.status).toBe(200);
    expect(VERIFICATION_POSE_IDS).toContain(drawn.body.pose);
    expect(new Date(drawn.body.expiresAt).getTime() - t.clock.now().getTime()).toBe(600_000);
    expect(VERIFICATION_POSE_IDS.length).toBeGreaterThanOrEqual(16);
  });

  it('keeps the selfie private, re-encoded without metadata, and queues it', async () => {
    const { id, member } = await pendingMember();
    const state = (await member.get('/api/users/me/verification')).body as VerificationState;
    expect(state).toEqual({
      status: 'pending',
      trigger: 'member',
      reason: null,
      retryAfter: null,
      verified: false,
    });
    const [row] = await t.database.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.memberId, id));
    expect(row?.selfieKey).toMatch(/^selfie\/[0-9a-f-]{36}\.webp$/);
    const stored = await fs.readFile(path.join(t.privateMediaDir, row?.selfieKey ?? ''));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('SpyCam')).toBe(false);
    // Never among public media.
    await expect(fs.stat(path.join(t.mediaDir, row?.selfieKey ?? ''))).rejects.toThrow();
    expect((await requestOf(id)).selfieUrl).toMatch(/^\/verification-selfies\/selfie\//);
  });

  it('refuses a pose not drawn, an expired pose, and a photo missing', async () => {
    const [id = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const member = await as(id);
    const image = await selfieImage(seed++);
    expect((await member.send('thumbs-up', image)).body.code).toBe('VERIFICATION_POSE_UNKNOWN');
    const drawn = await member.post('/api/users/me/verification/pose');
    const other = VERIFICATION_POSE_IDS.find((p) => p !== drawn.body.pose) ?? '';
    const wrong = await member.send(other, image);
    expect([wrong.status, wrong.body.code]).toEqual([400, 'VERIFICATION_POSE_UNKNOWN']);
    const none = await member.send(drawn.body.pose, undefined);
    expect([none.status, none.body.code]).toEqual([400, 'VERIFICATION_SELFIE_REQUIRED']);
    t.clock.advance(10 * 60_000 + 1000);
    const late = await member.send(drawn.body.pose, image);
    expect([late.status, late.body.code]).toEqual([400, 'VERIFICATION_POSE_EXPIRED']);
    const unreadable = await (async () => {
      const again = await member.post('/api/users/me/verification/pose');
      return member.send(again.body.pose, Buffer.from('not an image at all'));
    })();
    expect(unreadable.body.code).toBe('VERIFICATION_SELFIE_UNREADABLE');
  });

  it('refuses a second request while one is pending', async () => {
    const { member } = await pendingMember();
    const again = await member.post('/api/users/me/verification/pose');
    expect([again.status, again.body.code]).toEqual([409, 'VERIFICATION_PENDING']);
    const sent = await member.send('thumbs-up', await selfieImage(seed++));
    expect([sent.status, sent.body.code]).toEqual([409, 'VERIFICATION_PENDING']);
  });

  it('allows a few poses a day, not a search for an easy one', async () => {
    const [id = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const member = await as(id);
    for (let i = 0; i < POSES_PER_DAY; i++) {
      expect((await member.post('/api/users/me/verification/pose')).status).toBe(200);
    }
    const over = await member.post('/api/users/me/verification/pose');
    expect([over.status, over.body.code]).toEqual([429, 'VERIFICATION_POSES_DAILY_LIMIT']);
  });

  it('refuses a member without a profile photo', async () => {
    const [id = ''] = await seedMembers(t.database.db, [{ gender: 'homme', photos: 0 }]);
    const drawn = await (await as(id)).post('/api/users/me/verification/pose');
    expect([drawn.status, drawn.body.code]).toEqual([400, 'VERIFICATION_NO_PHOTO']);
  });
});

describe('the moderators’ queue', () => {
  it('is for moderators only: 403 for a member', async () => {
    const { id, member } = await pendingMember();
    expect((await member.get('/api/moderation/verifications')).status).toBe(403);
    const answer = await member.post(
      `/api/moderation/verifications/${(await requestOf(id)).id}/decision`,
      { decision: 'approve' },
    );
    expect([answer.status, answer.body.code]).toEqual([403, 'MODERATORS_ONLY']);
  });

  it('serves a selfie on a link signed for a moderator, to no one else', async () => {
    const { id } = await pendingMember();
    const item = await requestOf(id);
    const opened = await t.app.inject({ url: item.selfieUrl });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/webp');
    expect(opened.headers['cache-control']).toMatch(/^private/);
    // The moderator's link turned into one for the member in the photo: its proof fails.
    const key = new URL(item.selfieUrl, 'http://x').pathname.replace('/verification-selfies/', '');
    const forged = item.selfieUrl.replace(`m=${moderator}`, `m=${id}`);
    const refused = await t.app.inject({ url: forged });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'MEDIA_LINK_INVALID']);
    const unsigned = await t.app.inject({ url: `/verification-selfies/${key}` });
    expect(unsigned.statusCode).toBe(403);
    // A chat media link's proof does not open a selfie (each prefix signs its own).
    const asChatMedia = await t.app.inject({
      url: item.selfieUrl.replace('/verification-selfies/', '/chat-media/'),
    });
    expect(asChatMedia.statusCode).toBe(403);
    // Expired: the link dies with its time.
    t.clock.advance(24 * 60 * 60_000);
    const expired = await t.app.inject({ url: item.selfieUrl });
    expect([expired.statusCode, expired.json().code]).toEqual([403, 'MEDIA_LINK_EXPIRED']);
  });

  it('opens a selfie link only while a session of its moderator proved a second factor (ADR 074)', async () => {
    const { id } = await pendingMember();
    const item = await requestOf(id);
    // Signed out everywhere: the link they were given stops with their sessions.
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.memberId, moderator));
    const signedOut = await t.app.inject({ url: item.selfieUrl });
    expect([signedOut.statusCode, signedOut.json().code]).toEqual([
      403,
      'SECOND_FACTOR_SETUP_REQUIRED',
    ]);
    // A session that proved nothing does not open it either.
    await t.database.db.insert(sessions).values({
      memberId: moderator,
      tokenHash: `unproved-${id}`,
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
    });
    expect((await t.app.inject({ url: item.selfieUrl })).statusCode).toBe(403);
    await as(moderator);
    expect((await t.app.inject({ url: item.selfieUrl })).statusCode).toBe(200);
  });

  it('refuses a selfie link signed for a member who is no moderator', async () => {
    const { id } = await pendingMember();
    const item = await requestOf(id);
    // The moderator steps down: the same link, signed for them, no longer opens.
    await t.database.db.update(members).set({ role: 'member' }).where(eq(members.id, moderator));
    try {
      const answer = await t.app.inject({ url: item.selfieUrl });
      expect([answer.statusCode, answer.json().code]).toEqual([403, 'MODERATORS_ONLY']);
    } finally {
      await t.database.db
        .update(members)
        .set({ role: 'moderator' })
        .where(eq(members.id, moderator));
    }
  });

  it('approves: the badge shows to other members, and the record keeps the decision', async () => {
    const { id, member } = await pendingMember('homme');
    const item = await requestOf(id);
    expect(item.member.photoUrls.length).toBe(1);
    expect(VERIFICATION_POSE_IDS).toContain(item.pose);
    expect((await decide(item.id, { decision: 'approve' })).status).toBe(200);
    expect((await member.get('/api/users/me/verification')).body).toMatchObject({
      status: 'approved',
      verified: true,
    });
    expect((await member.get('/api/users/me')).body.verified).toBe(true);
    const [woman = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const details = await (await as(woman)).get(`/api/users/${id}/details`);
    expect(details.body.verified).toBe(true);
    const record = await t.database.db.execute<{ action: string; moderator_id: string }>(
      sql`select action, moderator_id from moderation_actions where member_id = ${id}`,
    );
    expect(record.rows).toEqual([{ action: 'verification-approved', moderator_id: moderator }]);
    const again = await decide(item.id, { decision: 'refuse', reason: 'pose-wrong' });
    expect([again.status, again.body.code]).toEqual([409, 'VERIFICATION_DECIDED']);
    // Verified: no new request.
    const draw = await member.post('/api/users/me/verification/pose');
    expect([draw.status, draw.body.code]).toEqual([409, 'VERIFICATION_ALREADY_VERIFIED']);
  });

  it('refuses with a reason: the member is told why and may try again after the delay', async () => {
    const { id, member } = await pendingMember();
    const item = await requestOf(id);
    const noReason = await decide(item.id, { decision: 'refuse' });
    expect([noReason.status, noReason.body.code]).toEqual([400, 'VERIFICATION_REASON_INVALID']);
    expect((await decide(item.id, { decision: 'refuse', reason: 'photo-of-photo' })).status).toBe(
      200,
    );
    const state = (await member.get('/api/users/me/verification')).body as VerificationState;
    expect(state).toMatchObject({ status: 'refused', reason: 'photo-of-photo', verified: false });
    expect(state.retryAfter).not.toBeNull();
    const early = await member.post('/api/users/me/verification/pose');
    expect([early.status, early.body.code]).toEqual([429, 'VERIFICATION_RETRY_LATER']);
    expect(early.body.params.until).toBe(state.retryAfter);
    // A mail says so too, in both languages, with the reason.
    const [row] = await t.database.db.select().from(members).where(eq(members.id, id));
    const mail = t.mailer.sent.findLast((m) => m.to === row?.email);
    expect(mail?.subject).toBe('Votre selfie de vérification Mawadda n’a pas été accepté');
    expect(mail?.text).toContain('C’était la photo d’une photo ou d’un écran.');
    expect(mail?.text).toContain('It was a photo of a photo or of a screen.');
    expect(mail?.text).toContain('you may contest it for free within six months');
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect((await member.post('/api/users/me/verification/pose')).status).toBe(200);
    const record = await t.database.db.execute<{ action: string; reason: string }>(
      sql`select action, reason from moderation_actions where member_id = ${id}`,
    );
    expect(record.rows).toEqual([
      { action: 'verification-refused', reason: 'photo-of-photo (member)' },
    ]);
  });

  it('gives a refusal a statement of reasons the member may appeal; upheld, the badge shows at once', async () => {
    const { id, member } = await pendingMember();
    expect(
      (await decide((await requestOf(id)).id, { decision: 'refuse', reason: 'face-not-visible' }))
        .status,
    ).toBe(200);
    const [statement] = (await member.get('/api/users/me/statements')).body as Statement[];
    // The rule and a fact in words, never the check's code.
    expect(statement).toMatchObject({
      decision: 'verification-refused',
      rule: 'be-yourself',
      fact: 'selfie-unclear',
      detail: '',
      reversed: false,
    });
    expect(statement?.appealUntil).not.toBeNull();
    const filed = await member.post(`/api/users/me/statements/${statement?.id}/appeal`, {
      text: 'My face was in the light; please look again.',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    // Another moderator answers (the one who refused may not, ADR 076).
    const [second = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, second));
    const queue = (await (await as(second)).get('/api/moderation/appeals')).body as AppealQueue;
    const appeal = queue.appeals.find((a) => a.decision.id === statement?.id);
    const upheld = await (await as(second)).post(`/api/moderation/appeals/${appeal?.id}/answer`, {
      outcome: 'upheld',
      answer: 'Your face is clear enough in the pose asked.',
    });
    expect(upheld.status, JSON.stringify(upheld.body)).toBe(200);
    expect((await member.get('/api/users/me/verification')).body).toMatchObject({
      status: 'approved',
      verified: true,
    });
    const [after] = (await member.get('/api/users/me/statements')).body as Statement[];
    expect(after).toMatchObject({ reversed: true, appealUntil: null });
  });

  it('mails the decision in the member’s language first: English for a member using the app in English', async () => {
    const { id } = await pendingMember('femme');
    // Last active an hour ago; she opens the app in English now.
    await t.database.db
      .update(members)
      .set({ lastActiveAt: new Date(t.clock.now().getTime() - 60 * 60_000) })
      .where(eq(members.id, id));
    const opened = await t.app.inject({
      url: '/api/users/me/verification',
      headers: { ...bearer(await sessionFor(t.database.db, id)), 'accept-language': 'en' },
    });
    expect(opened.statusCode).toBe(200);
    const kept = async () =>
      (
        await t.database.db
          .select({ language: notificationSettings.language })
          .from(notificationSettings)
          .where(eq(notificationSettings.memberId, id))
      )[0]?.language;
    await expect.poll(kept, { timeout: 5000 }).toBe('en');

    expect((await decide((await requestOf(id)).id, { decision: 'approve' })).status).toBe(200);
    const [row] = await t.database.db.select().from(members).where(eq(members.id, id));
    const mail = t.mailer.sent.findLast((m) => m.to === row?.email);
    expect(mail?.subject).toBe('You are verified on Mawadda');
    const english = mail?.text.indexOf('A moderator matched your selfie') ?? -1;
    expect(english).toBeGreaterThan(-1);
    expect(english).toBeLessThan(mail?.text.indexOf('Un modérateur a comparé votre selfie') ?? -1);
  });

  it('does not let a moderator decide their own request', async () => {
    const [other = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, other));
    const them = await as(other);
    const drawn = await them.post('/api/users/me/verification/pose');
    await them.send(drawn.body.pose, await selfieImage(seed++));
    const [row] = await t.database.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.memberId, other));
    const answer = await them.post(`/api/moderation/verifications/${row?.id}/decision`, {
      decision: 'approve',
    });
    expect([answer.status, answer.body.code]).toEqual([403, 'VERIFICATION_ABOUT_YOU']);
    expect(
      (await them.get('/api/moderation/verifications')).body.map(
        (r: { member: { id: string } }) => r.member.id,
      ),
    ).not.toContain(other);
  });
});

describe('the duplicate check', () => {
  it('flags a selfie near one another account already sent', async () => {
    const original = await selfieImage(9001);
    const { id: first } = await pendingMember('homme', original);
    // The same picture, re-encoded smaller: another account reuses it.
    const reused = await sharp(original).resize(300).jpeg({ quality: 60 }).toBuffer();
    const { id: second } = await pendingMember('homme', reused);
    const flagged = await requestOf(second);
    expect(flagged.duplicateOf?.memberId).toBe(first);
    expect(flagged.duplicateOf?.distance).toBeLessThanOrEqual(10);
    expect(flagged.duplicateOf?.selfieUrl).toMatch(/^\/verification-selfies\//);
    // A selfie of its own is not flagged.
    const { id: third } = await pendingMember('homme', await selfieImage(9002));
    expect((await requestOf(third)).duplicateOf).toBeNull();
  });

  it('hashes a re-encoded picture within a few bits, and different ones far apart', async () => {
    const a = await selfieImage(42);
    const b = await sharp(a).resize(200).webp({ quality: 50 }).toBuffer();
    const c = await selfieImage(43);
    const [ha, hb, hc] = await Promise.all([a, b, c].map((x) => differenceHash(x)));
    expect(hammingDistance(ha ?? 0n, hb ?? 0n)).toBeLessThanOrEqual(DUPLICATE_MAX_DISTANCE);
    expect(hammingDistance(ha ?? 0n, hc ?? 0n)).toBeGreaterThan(DUPLICATE_MAX_DISTANCE + 5);
  });
});

describe('after approval', () => {
  async function verifiedMember() {
    const { id, member } = await pendingMember('homme');
    await decide((await requestOf(id)).id, { decision: 'approve' });
    return { id, member };
  }

  it('a new main photo hides the badge until a moderator confirms it', async () => {
    const { id, member } = await verifiedMember();
    const me = (await member.get('/api/users/me')).body;
    const form = multipart(
      {
        name: me.name,
        age: String(me.age),
        gender: me.gender,
        maritalStatus: me.maritalStatus,
        location: me.location,
        bio: 'Bio',
        photoOrder: 'new:0',
        imagesToRemove: me.mediaUrls[0],
      },
      {
        profilePicture: [
          { filename: 'new.jpg', contentType: 'image/jpeg', data: await jpegWithGps(400, 300) },
        ],
      },
    );
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/users/update',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().verified).toBe(false);
    // Her state says what waits: her new main photo against the selfie she sent, not a new one.
    expect((await member.get('/api/users/me/verification')).body).toEqual({
      status: 'pending',
      trigger: 'main-photo-changed',
      reason: null,
      retryAfter: null,
      verified: false,
    });
    const item = await requestOf(id);
    expect(item.trigger).toBe('main-photo-changed');
    expect((await decide(item.id, { decision: 'approve' })).status).toBe(200);
    expect((await member.get('/api/users/me')).body.verified).toBe(true);
  });

  it('an edit that keeps the main photo keeps the badge, with no check queued', async () => {
    const { id, member } = await verifiedMember();
    const me = (await member.get('/api/users/me')).body;
    const form = multipart(
      {
        name: me.name,
        age: String(me.age),
        gender: me.gender,
        maritalStatus: me.maritalStatus,
        location: me.location,
        bio: 'A new bio, the same face',
        photoOrder: [me.mediaUrls[0], 'new:0'],
      },
      {
        profilePicture: [
          { filename: 'more.jpg', contentType: 'image/jpeg', data: await jpegWithGps(400, 300) },
        ],
      },
    );
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/users/update',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().verified).toBe(true);
    expect(edited.json().mediaUrls).toHaveLength(2);
    expect((await queue()).some((r) => r.member.id === id)).toBe(false);
  });

  it('a main photo a moderator removes hides the badge until the selfie is matched again', async () => {
    const { id, member } = await verifiedMember();
    const [reporter = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const report = await (await as(reporter)).post('/api/reports', {
      reportedId: id,
      reason: 'inappropriate-photos',
    });
    expect(report.status).toBe(201);
    const moderation = await as(moderator);
    const open = ((await moderation.get('/api/moderation/reports')).body as OpenReport[]).find(
      (r) => r.reported.id === id,
    );
    const removed = await moderation.post(`/api/moderation/reports/${open?.id}/actions`, {
      action: 'remove-photo',
      reason: 'Not a photo of a person',
      photoUrl: open?.reported.photoUrls[0],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await member.get('/api/users/me')).body.verified).toBe(false);
    expect((await requestOf(id)).trigger).toBe('main-photo-changed');
  });

  it('a fake-profile report queues a check and keeps the badge until it is decided', async () => {
    const { id, member } = await verifiedMember();
    const [reporter = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    const report = await (await as(reporter)).post('/api/reports', {
      reportedId: id,
      reason: 'fake-profile',
    });
    expect(report.status).toBe(201);
    const item = await requestOf(id);
    expect(item.trigger).toBe('fake-profile-report');
    expect((await member.get('/api/users/me')).body.verified).toBe(true);
    expect((await member.get('/api/users/me/verification')).body).toMatchObject({
      status: 'pending',
      trigger: 'fake-profile-report',
      verified: true,
    });
    await decide(item.id, { decision: 'refuse', reason: 'not-same-person' });
    expect((await member.get('/api/users/me')).body.verified).toBe(false);
    expect((await member.get('/api/users/me/verification')).body.reason).toBe('not-same-person');
  });
});

describe('only verified members may write to me', () => {
  it('refuses a first message from an unverified member, not a conversation begun', async () => {
    const [her = '', him = '', verified = ''] = await seedMembers(t.database.db, [
      { gender: 'femme', profile: { verifiedWritersOnly: true } },
      { gender: 'homme' },
      { gender: 'homme', profile: { verifiedAt: new Date() } },
    ]);
    await seedSubscription(t.database.db, him);
    await seedSubscription(t.database.db, verified);
    const refused = await (await as(him)).post(`/api/chat/send/${her}`, { content: 'Salam' });
    expect([refused.status, refused.body.code]).toEqual([403, 'VERIFIED_MEMBERS_ONLY']);
    const sent = await (await as(verified)).post(`/api/chat/send/${her}`, { content: 'Salam' });
    expect(sent.status).toBe(201);
    // A match stays open whatever the setting.
    await seedLikes(t.database.db, [
      [her, him],
      [him, her],
    ]);
    const matched = await (await as(him)).post(`/api/chat/send/${her}`, { content: 'Salam' });
    expect(matched.status).toBe(201);
  });

  it('is told to the unverified member before they type, until she writes or they match', async () => {
    const [her = '', him = '', verified = ''] = await seedMembers(t.database.db, [
      { gender: 'femme', profile: { verifiedWritersOnly: true } },
      { gender: 'homme' },
      { gender: 'homme', profile: { verifiedAt: new Date() } },
    ]);
    const contactOf = async (viewer: string) =>
      (await (await as(viewer)).get(`/api/chat/contacts/${her}`)).body as Contact;
    expect((await contactOf(him)).verifiedWritersOnly).toBe(true);
    expect((await contactOf(verified)).verifiedWritersOnly).toBe(false);
    // She writes first: he may answer, and is no longer told he may not.
    await seedSubscription(t.database.db, her);
    expect((await (await as(her)).post(`/api/chat/send/${him}`, { content: 'Salam' })).status).toBe(
      201,
    );
    expect((await contactOf(him)).verifiedWritersOnly).toBe(false);
  });
});

describe('verification and the new-account limits (ADR 043, 044)', () => {
  it('a new account approved by a moderator may send a phone number at once', async () => {
    const [her = '', him = ''] = await seedMembers(t.database.db, [
      { gender: 'femme' },
      { gender: 'homme', profile: { createdAt: t.clock.now() } },
    ]);
    await seedLikes(t.database.db, [
      [her, him],
      [him, her],
    ]);
    const member = await as(him);
    const number = { content: 'Appelle-moi au 07 07 12 34 56' };
    const before = await member.post(`/api/chat/send/${her}`, number);
    expect([before.status, before.body.code]).toEqual([403, 'NEW_ACCOUNT_CONTACT_DETAILS']);

    const drawn = await member.post('/api/users/me/verification/pose');
    expect((await member.send(drawn.body.pose, await selfieImage(seed++))).status).toBe(201);
    expect((await decide((await requestOf(him)).id, { decision: 'approve' })).status).toBe(200);
    expect((await member.post(`/api/chat/send/${her}`, number)).status).toBe(201);
  });
});

describe('the verified-only filter', () => {
  it('suggests verified members only once chosen, and the badge shows on cards', async () => {
    const [viewer = '', plain = '', verified = ''] = await seedMembers(t.database.db, [
      { gender: 'femme', latitude: 40, longitude: 40 },
      { gender: 'homme', latitude: 40, longitude: 40.1 },
      { gender: 'homme', latitude: 40, longitude: 40.2, profile: { verifiedAt: new Date() } },
    ]);
    const her = await as(viewer);
    const before = (await her.get('/api/users/suggestions')).body.content as Array<{
      id: string;
      verified: boolean;
    }>;
    expect(before.find((m) => m.id === plain)?.verified).toBe(false);
    expect(before.find((m) => m.id === verified)?.verified).toBe(true);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/users/preferences',
      headers: her.headers,
      payload: { minAge: null, maxAge: null, maxDistanceKm: null, verifiedOnly: true },
    });
    expect(saved.json().verifiedOnly).toBe(true);
    const after = (await her.get('/api/users/suggestions')).body.content as Array<{
      id: string;
      verified: boolean;
    }>;
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((m) => m.verified)).toBe(true);
    expect(after.map((m) => m.id)).toContain(verified);
  });
});

describe('export and deletion', () => {
  it('exports the verification state and the selfie; deletion erases both', async () => {
    const { id, token, fields } = await registeredMember(t.app, { gender: 'homme' });
    const member = {
      post: async (url: string) => {
        const a = await t.app.inject({ method: 'POST', url, headers: bearer(token) });
        return { status: a.statusCode, body: a.json() };
      },
    };
    const drawn = await member.post('/api/users/me/verification/pose');
    const form = multipart(
      { pose: drawn.body.pose },
      {
        selfie: [{ filename: 's.jpg', contentType: 'image/jpeg', data: await selfieImage(seed++) }],
      },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/verification',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode).toBe(201);
    await decide((await requestOf(id)).id, { decision: 'approve' });
    const [row] = await t.database.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.memberId, id));
    const selfieFile = path.join(t.privateMediaDir, row?.selfieKey ?? '');
    const stored = await fs.readFile(selfieFile);

    expect((await member.post('/api/users/me/export')).status).toBe(202);
    await t.app.dataExports.runPending();
    const file = await t.app.inject({ url: '/api/users/me/export/file', headers: bearer(token) });
    const zip = unzipSync(new Uint8Array(file.rawPayload));
    const data = JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8'));
    expect(data.verification.verifiedAt).not.toBeNull();
    expect(data.verification.requests).toEqual([
      expect.objectContaining({ status: 'approved', pose: drawn.body.pose }),
    ]);
    const name = data.verification.requests[0].selfie as string;
    expect(name).toMatch(/^verification\//);
    expect(Buffer.from(zip[name] ?? []).equals(stored)).toBe(true);
    expect(JSON.stringify(data)).not.toContain(moderator);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(token),
      payload: { password: fields.password },
    });
    expect(deleted.statusCode).toBe(200);
    await t.app.mediaJanitor.sweepQueue();
    const left = await t.database.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.memberId, id));
    expect(left).toEqual([]);
    await expect(fs.stat(selfieFile)).rejects.toThrow();
    // The record of the decision outlives the account, as every moderation record does.
    const record = await t.database.db.execute(
      sql`select 1 from moderation_actions where member_id = ${id}`,
    );
    expect(record.rows).toHaveLength(1);
  });
});
