import type { ComplimentRequest, LikeEntry } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedMembers, seedSubscription, sessionFor } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { compliments, likes, members, photos, promptAnswers } from '../../db/schema.ts';

/**
 * Compliments (ADR 071): a like may carry a short note about one photo, one answer or one answer
 * to a profile prompt of the liked member; she sees it in who liked her, and answers it by liking
 * back.
 */

const COMPLIMENTS_PER_DAY = 2;
const SUBSCRIBER_COMPLIMENTS_PER_DAY = 4;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      compliments: {
        perDay: COMPLIMENTS_PER_DAY,
        subscriberPerDay: SUBSCRIBER_COMPLIMENTS_PER_DAY,
      },
    },
    // The day's counts start again at midnight on the test clock.
    limitsOnTestClock: true,
  });
});

type Member = { id: string; token: string };

async function member(
  gender: 'homme' | 'femme',
  name: string,
  seed: { photos?: number; profile?: Parameters<typeof seedMembers>[1][number]['profile'] } = {},
): Promise<Member> {
  const [id = ''] = await seedMembers(t.database.db, [{ gender, name, ...seed }]);
  return { id, token: await sessionFor(t.database.db, id) };
}

/** Ibrahima, and Aïcha with three photos, a bio and a few answers, one kept for matches. */
async function pair() {
  const him = await member('homme', 'Ibrahima');
  const her = await member('femme', 'Aïcha', {
    photos: 3,
    profile: {
      bio: 'Je lis le Coran chaque matin et je cuisine le thiéboudienne de ma grand-mère.',
      prayer: 'always',
      madhhab: 'maliki',
      faithMatchesOnly: ['madhhab'],
      polygamy: 'prefer-not-to-say',
    },
  });
  return { him, her };
}

const photoIdsOf = async (viewer: Member, memberId: string): Promise<string[]> =>
  (
    await t.app.inject({ url: `/api/users/${memberId}/details`, headers: bearer(viewer.token) })
  ).json().photoIds;

const like = (from: Member, to: string, compliment?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/like',
    headers: bearer(from.token),
    payload: compliment === undefined ? { likedUserId: to } : { likedUserId: to, compliment },
  });

const likesOf = async (viewer: Member): Promise<LikeEntry[]> =>
  (await t.app.inject({ url: '/likes', headers: bearer(viewer.token) })).json();

/** What is stored between the two: the like and its compliment, if any. */
async function storedBetween(liker: Member) {
  return {
    likes: await t.database.db.select().from(likes).where(eq(likes.likerId, liker.id)),
    compliments: await t.database.db
      .select()
      .from(compliments)
      .where(eq(compliments.likerId, liker.id)),
  };
}

const onAnswer = (key: string, note = 'MashaAllah, une belle réponse.'): ComplimentRequest =>
  ({ note, about: { kind: 'answer', key } }) as ComplimentRequest;

describe('a compliment on a photo', () => {
  it('reaches her in who liked her, with her photo; her like back opens the match', async () => {
    const { him, her } = await pair();
    const [, second = ''] = await photoIdsOf(him, her.id);
    const sent = await like(him, her.id, {
      note: '  Ce sourire dit la paix du cœur.  ',
      about: { kind: 'photo', photoId: second },
    });
    expect([sent.statusCode, sent.json()]).toEqual([200, { mutualLike: false }]);

    const [entry] = await likesOf(her);
    expect(entry).toMatchObject({
      id: him.id,
      kind: 'like',
      matched: false,
      compliment: {
        note: 'Ce sourire dit la paix du cœur.',
        about: { kind: 'photo', thumbnailUrl: expect.any(String) },
        shield: [],
      },
    });
    // The thumbnail is her second photo, signed for her, never blurred.
    const [photo] = await t.database.db.select().from(photos).where(eq(photos.id, second));
    // The details name each photo by its id in the order of their links: the second is the second.
    const details = (
      await t.app.inject({ url: `/api/users/${her.id}/details`, headers: bearer(him.token) })
    ).json();
    expect(details.mediaUrls).toHaveLength(3);
    expect(details.mediaUrls[1]).toContain(photo?.displayKey);
    const thumbnail =
      entry?.compliment?.about.kind === 'photo' && entry.compliment.about.thumbnailUrl;
    expect(thumbnail).toContain(photo?.thumbnailKey);
    // A compliment is no conversation: nothing in either's contacts, no unread message.
    const contacts = await t.app.inject({ url: '/api/chat/contacts', headers: bearer(her.token) });
    expect(contacts.json()).toEqual([]);
    const badges = await t.app.inject({
      url: '/api/users/notifications',
      headers: bearer(her.token),
    });
    expect(badges.json()).toMatchObject({ newLikes: 1, newMessages: 0, unreadConversations: 0 });

    // She answers by liking back: the match opens, and her list says so.
    const back = await like(her, him.id);
    expect(back.json()).toMatchObject({ mutualLike: true, match: { id: him.id } });
    expect((await likesOf(her))[0]).toMatchObject({ id: him.id, matched: true });
    expect((await likesOf(him))[0]).toMatchObject({ id: her.id, compliment: null });
  });

  it('keeps the note when she later removes the photo, without its thumbnail', async () => {
    const { him, her } = await pair();
    const [first = ''] = await photoIdsOf(him, her.id);
    await like(him, her.id, { note: 'Belle lumière.', about: { kind: 'photo', photoId: first } });
    await t.database.db.delete(photos).where(eq(photos.id, first));
    expect((await likesOf(her))[0]?.compliment).toEqual({
      note: 'Belle lumière.',
      about: { kind: 'photo', thumbnailUrl: null },
      shield: [],
    });
  });

  it('refuses a photo that is not hers, and one she blurs until a match: nothing stored', async () => {
    const { him, her } = await pair();
    const someoneElse = await member('femme', 'Khady', { photos: 1 });
    const [notHers = ''] = await photoIdsOf(him, someoneElse.id);
    const unknown = await like(him, her.id, {
      note: 'Jolie photo.',
      about: { kind: 'photo', photoId: notHers },
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'COMPLIMENT_PHOTO_NOT_FOUND']);

    await t.database.db.update(members).set({ photosBlurred: true }).where(eq(members.id, her.id));
    const [blurred = ''] = await photoIdsOf(him, her.id);
    const hidden = await like(him, her.id, {
      note: 'Jolie photo.',
      about: { kind: 'photo', photoId: blurred },
    });
    expect([hidden.statusCode, hidden.json().code]).toEqual([403, 'COMPLIMENT_PHOTO_NOT_SHOWN']);
    expect(hidden.json().message).toBe(
      'This member shows their photos after a match only: choose one of their answers instead.',
    );
    expect(await storedBetween(him)).toEqual({ likes: [], compliments: [] });
  });
});

describe('a compliment on an answer', () => {
  it('names the answer she gives and shows, and she sees which', async () => {
    const { him, her } = await pair();
    expect((await like(him, her.id, onAnswer('prayer'))).statusCode).toBe(200);
    expect((await likesOf(her))[0]?.compliment).toEqual({
      note: 'MashaAllah, une belle réponse.',
      about: { kind: 'answer', key: 'prayer' },
      shield: [],
    });
  });

  it('refuses an answer she does not give, keeps for matches or prefers not to say: nothing stored', async () => {
    const { him, her } = await pair();
    // No answer on education; madhhab for matches only; polygamy "prefer not to say".
    for (const key of ['education', 'madhhab', 'polygamy']) {
      const refused = await like(him, her.id, onAnswer(key));
      expect([refused.statusCode, refused.json().code], key).toEqual([
        400,
        'COMPLIMENT_ANSWER_NOT_SHOWN',
      ]);
    }
    await t.database.db.update(members).set({ bio: '  ' }).where(eq(members.id, her.id));
    expect((await like(him, her.id, onAnswer('bio'))).json().code).toBe(
      'COMPLIMENT_ANSWER_NOT_SHOWN',
    );
    const unlisted = await like(him, her.id, onAnswer('favouriteFood'));
    expect([unlisted.statusCode, unlisted.json().code]).toEqual([400, 'COMPLIMENT_TARGET_INVALID']);
    expect(await storedBetween(him)).toEqual({ likes: [], compliments: [] });
  });
});

describe('a compliment on an answer to a prompt', () => {
  const FAMILY_DAY = 'Le vendredi chez mes parents, la prière ensemble puis le thiéboudienne.';
  const onPrompt = (prompt: string): ComplimentRequest =>
    ({
      note: 'Cette journée me ressemble.',
      about: { kind: 'prompt', prompt },
    }) as ComplimentRequest;

  /** Her answers to prompts, as her profile's edit stores them (ADR 072). */
  async function answers(memberId: string, given: Record<string, string>) {
    await t.database.db.insert(promptAnswers).values(
      Object.entries(given).map(([prompt, answer], position) => ({
        memberId,
        prompt: prompt as (typeof promptAnswers.$inferInsert)['prompt'],
        answer,
        position,
      })),
    );
  }

  it('names a prompt she answers; she sees the prompt and her answer as it reads now', async () => {
    const { him, her } = await pair();
    await answers(her.id, { 'ideal-family-day': FAMILY_DAY, 'proud-of': 'Mes études.' });
    const sent = await like(him, her.id, onPrompt('ideal-family-day'));
    expect([sent.statusCode, sent.json()]).toEqual([200, { mutualLike: false }]);
    expect((await likesOf(her))[0]?.compliment).toEqual({
      note: 'Cette journée me ressemble.',
      about: { kind: 'prompt', prompt: 'ideal-family-day', answer: FAMILY_DAY },
      shield: [],
    });

    // She rewrites it: the note stays, under the answer as she shows it now.
    await t.database.db
      .update(promptAnswers)
      .set({ answer: 'Le dimanche au bord du fleuve, avec toute la famille.' })
      .where(eq(promptAnswers.memberId, her.id));
    expect((await likesOf(her))[0]?.compliment?.about).toEqual({
      kind: 'prompt',
      prompt: 'ideal-family-day',
      answer: 'Le dimanche au bord du fleuve, avec toute la famille.',
    });
    // She removes it: the note stays, about the prompt, without the answer, as a removed photo.
    await t.database.db.delete(promptAnswers).where(eq(promptAnswers.memberId, her.id));
    expect((await likesOf(her))[0]?.compliment).toEqual({
      note: 'Cette journée me ressemble.',
      about: { kind: 'prompt', prompt: 'ideal-family-day', answer: null },
      shield: [],
    });
  });

  it('refuses a prompt she does not answer, and a key not in the list: nothing stored', async () => {
    const { him, her } = await pair();
    await answers(her.id, { 'ideal-family-day': FAMILY_DAY });
    // Her answer is not another member's: Khady answers "weekend", Aïcha does not.
    const other = await member('femme', 'Khady');
    await answers(other.id, { weekend: 'La mer.' });
    const unanswered = await like(him, her.id, onPrompt('weekend'));
    expect([unanswered.statusCode, unanswered.json().code]).toEqual([
      404,
      'COMPLIMENT_PROMPT_NOT_ANSWERED',
    ]);
    expect(unanswered.json().message).toBe(
      'This member does not answer this prompt on their profile (any more). Choose another answer or a photo.',
    );
    for (const about of [
      { kind: 'prompt', prompt: 'favourite-colour' },
      { kind: 'prompt' },
      { kind: 'prompt', prompt: 'bio' },
    ]) {
      const unknown = await like(him, her.id, { note: 'Salam', about });
      expect([unknown.statusCode, unknown.json().code], JSON.stringify(about)).toEqual([
        400,
        'COMPLIMENT_TARGET_INVALID',
      ]);
    }
    expect(await storedBetween(him)).toEqual({ likes: [], compliments: [] });
    // Refused, it took no slot of the day: the prompt she answers still goes.
    expect((await like(him, her.id, onPrompt('ideal-family-day'))).statusCode).toBe(200);
  });
});

describe('a compliment refused', () => {
  it('empty, blank or over 200 characters, at the note, or malformed: nothing stored', async () => {
    const { him, her } = await pair();
    for (const [note, code] of [
      ['', 'COMPLIMENT_NOTE_REQUIRED'],
      ['   ', 'COMPLIMENT_NOTE_REQUIRED'],
      ['a'.repeat(201), 'COMPLIMENT_NOTE_TOO_LONG'],
    ] as const) {
      const refused = await like(him, her.id, onAnswer('prayer', note));
      expect([refused.statusCode, refused.json().errors?.[0]]).toEqual([
        400,
        expect.objectContaining({ path: 'compliment.note', code }),
      ]);
    }
    for (const [compliment, code] of [
      [
        { note: 'Salam', about: { kind: 'photo', photoId: 'not-a-uuid' } },
        'COMPLIMENT_TARGET_INVALID',
      ],
      [{ note: 'Salam', about: { kind: 'voice' } }, 'COMPLIMENT_TARGET_INVALID'],
      [{ note: 'Salam' }, 'COMPLIMENT_TARGET_INVALID'],
      [{ note: 42, about: { kind: 'answer', key: 'bio' } }, 'INVALID_VALUE'],
      ['Salam', 'INVALID_VALUE'],
    ] as const) {
      const refused = await like(him, her.id, compliment);
      expect([refused.statusCode, refused.json().code], JSON.stringify(compliment)).toEqual([
        400,
        code,
      ]);
    }
    expect(await storedBetween(him)).toEqual({ likes: [], compliments: [] });
    expect((await like(him, her.id, onAnswer('prayer', 'a'.repeat(200)))).statusCode).toBe(200);
  });

  it('to oneself, to a member one already liked, or to a blocked member: nothing more stored', async () => {
    const { him, her } = await pair();
    const self = await like(him, him.id, onAnswer('bio'));
    expect([self.statusCode, self.json().code]).toEqual([400, 'LIKE_SELF']);

    expect((await like(him, her.id)).statusCode).toBe(200);
    const again = await like(him, her.id, onAnswer('prayer'));
    expect([again.statusCode, again.json().code]).toEqual([409, 'COMPLIMENT_ALREADY_LIKED']);
    expect((await storedBetween(him)).compliments).toEqual([]);

    const other = await member('femme', 'Mariama', { profile: { prayer: 'always' } });
    await t.app.inject({
      method: 'POST',
      url: `/api/users/${him.id}/block`,
      headers: bearer(other.token),
    });
    const blocked = await like(him, other.id, onAnswer('prayer'));
    expect([blocked.statusCode, blocked.json().code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    expect((await storedBetween(him)).likes.map((row) => row.likedId)).toEqual([her.id]);
  });

  it('to a member in exclusive mode: 403, nothing stored; a plain like still goes', async () => {
    const { him, her } = await pair();
    const partner = await member('homme', 'Ousmane');
    await t.database.db
      .update(members)
      .set({ exclusiveWith: partner.id })
      .where(eq(members.id, her.id));
    await t.database.db
      .update(members)
      .set({ exclusiveWith: her.id })
      .where(eq(members.id, partner.id));
    const refused = await like(him, her.id, onAnswer('bio'));
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'MEMBER_IN_EXCLUSIVE_MODE']);
    expect(await storedBetween(him)).toEqual({ likes: [], compliments: [] });
    expect((await like(him, her.id)).statusCode).toBe(200);
  });

  it('a phone number from a new account: 403 at the note, neither like nor note stored', async () => {
    const { her } = await pair();
    const newcomer = await member('homme', 'Moussa', { profile: { createdAt: t.clock.now() } });
    const refused = await like(newcomer, her.id, onAnswer('bio', 'Appelle-moi au 77 123 45 67'));
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'NEW_ACCOUNT_CONTACT_DETAILS']);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ path: 'compliment.note', code: 'NEW_ACCOUNT_CONTACT_DETAILS' }),
    ]);
    expect(await storedBetween(newcomer)).toEqual({ likes: [], compliments: [] });
  });

  it('flags a number from an established account for her, and tells him nothing', async () => {
    const { him, her } = await pair();
    const sent = await like(him, her.id, onAnswer('bio', 'Écris-moi sur WhatsApp au 77 123 45 67'));
    expect(sent.json()).toEqual({ mutualLike: false });
    expect((await likesOf(her))[0]?.compliment?.shield).toEqual(expect.arrayContaining(['phone']));
  });
});

describe('the daily allowance of compliments', () => {
  /** Women he has not liked yet, each with a prayer answer to compliment. */
  const women = (count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        member('femme', `Femme ${i}`, { profile: { prayer: 'always' } }),
      ),
    );

  async function sendUntilRefused(from: Member, count: number) {
    const to = await women(count);
    const statuses: number[] = [];
    for (const woman of to)
      statuses.push((await like(from, woman.id, onAnswer('prayer'))).statusCode);
    return { to, statuses };
  }

  it('a free member: a few a day, then 429 and neither like nor note; a plain like still goes', async () => {
    const him = await member('homme', 'Abdou');
    const { to, statuses } = await sendUntilRefused(him, COMPLIMENTS_PER_DAY + 1);
    expect(statuses).toEqual([200, 200, 429]);
    const last = to[COMPLIMENTS_PER_DAY]?.id ?? '';
    const refused = await like(him, last, onAnswer('prayer'));
    expect(refused.json()).toMatchObject({
      code: 'COMPLIMENTS_DAILY_LIMIT',
      params: { max: COMPLIMENTS_PER_DAY, retryAfter: expect.any(Number) },
    });
    expect(refused.headers['retry-after']).toBeDefined();
    // Past the allowance, a second note to a woman already liked is told as such, not as the limit.
    const twice = await like(him, to[0]?.id ?? '', onAnswer('prayer'));
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'COMPLIMENT_ALREADY_LIKED']);
    const stored = await storedBetween(him);
    expect(stored.likes.map((row) => row.likedId)).not.toContain(last);
    expect(stored.compliments).toHaveLength(COMPLIMENTS_PER_DAY);
    // Without a note, the like is one like among the day's.
    expect((await like(him, last)).statusCode).toBe(200);
    // The next day, the count starts again.
    t.clock.advance(24 * 60 * 60 * 1000);
    const [tomorrow] = await women(1);
    expect((await like(him, tomorrow?.id ?? '', onAnswer('prayer'))).statusCode).toBe(200);
  });

  it('a subscriber: more a day, then the same refusal', async () => {
    const him = await member('homme', 'Cheikh');
    await seedSubscription(t.database.db, him.id, new Date(t.clock.now().getTime() + 86_400_000));
    const { statuses } = await sendUntilRefused(him, SUBSCRIBER_COMPLIMENTS_PER_DAY + 1);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await storedBetween(him)).compliments).toHaveLength(SUBSCRIBER_COMPLIMENTS_PER_DAY);
  });

  it('a refused compliment takes no slot of the day', async () => {
    const him = await member('homme', 'Omar');
    const [first, second] = await women(2);
    const refused = await like(him, first?.id ?? '', onAnswer('education'));
    expect(refused.statusCode).toBe(400);
    expect((await like(him, first?.id ?? '', onAnswer('prayer'))).statusCode).toBe(200);
    expect((await like(him, second?.id ?? '', onAnswer('prayer'))).statusCode).toBe(200);
  });
});
