import type { OpenReport, PromptAnswer } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, promptAnswers } from '../src/db/schema.ts';
import {
  bearer,
  multipart,
  type RegistrationInput,
  registeredMember,
  seedMembers,
  seedWomanAndMan,
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

/** The edit form as the profile page sends it, with the member's answers as one JSON field. */
const profileFields: RegistrationInput = {
  name: 'Aïcha',
  age: '28',
  gender: 'femme',
  maritalStatus: 'celibataire',
  location: 'Somewhere',
  bio: 'Bio',
};

async function edit(token: string, answers: unknown, fields: RegistrationInput = {}) {
  const body = multipart({
    ...profileFields,
    ...fields,
    ...(answers === undefined
      ? {}
      : { promptAnswers: typeof answers === 'string' ? answers : JSON.stringify(answers) }),
  });
  const answer = await t.app.inject({
    method: 'PUT',
    url: '/api/users/update',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
  return { status: answer.statusCode, body: answer.json() };
}

async function get(token: string, url: string) {
  return (await t.app.inject({ url, headers: bearer(token) })).json();
}

const aCouple = () => seedWomanAndMan(t.database.db);

const three: PromptAnswer[] = [
  { prompt: 'marriage-means', answer: 'Une alliance devant Allah, et une amitié pour la vie.' },
  {
    prompt: 'ideal-family-day',
    answer: 'Le vendredi : la prière, puis un repas chez mes parents.',
  },
  { prompt: 'looking-for-in-spouse', answer: 'Quelqu’un de patient, qui aime apprendre.' },
];

describe('answers to profile prompts', () => {
  it('are saved in her order and shown to her and to a member who opens her profile', async () => {
    const { her, herToken, hisToken } = await aCouple();
    const saved = await edit(herToken, three);
    expect(saved.status).toBe(200);
    expect(saved.body.promptAnswers).toEqual(three);
    expect((await get(hisToken, `/api/users/${her}/details`)).promptAnswers).toEqual(three);

    // Reordered and one removed: the form sends them all, in the new order.
    const reordered = [three[2], three[0]];
    expect((await edit(herToken, reordered)).body.promptAnswers).toEqual(reordered);
    // A form without the field (an app from before prompts) keeps them.
    expect((await edit(herToken, undefined, { bio: 'Autre bio' })).body.promptAnswers).toEqual(
      reordered,
    );
    expect((await get(hisToken, `/api/users/${her}/details`)).promptAnswers).toEqual(reordered);
    // An empty list removes them all.
    expect((await edit(herToken, [])).body.promptAnswers).toEqual([]);
    expect((await get(hisToken, `/api/users/${her}/details`)).promptAnswers).toEqual([]);
  });

  it('are in "you share" where both answer the same prompt, in her order, to him only', async () => {
    const { her, him, herToken, hisToken } = await aCouple();
    expect((await edit(herToken, three)).status).toBe(200);
    const shared = async () => (await get(hisToken, `/api/users/${her}/details`)).shared;
    expect(await shared()).toEqual([]);
    // His answers, in another order, one she does not answer.
    await t.database.db.insert(promptAnswers).values([
      { memberId: him, prompt: 'looking-for-in-spouse', answer: 'Une femme pieuse.', position: 0 },
      { memberId: him, prompt: 'weekend', answer: 'Le foot.', position: 1 },
      { memberId: him, prompt: 'marriage-means', answer: 'La moitié de la foi.', position: 2 },
    ]);
    expect(await shared()).toEqual([
      { kind: 'prompt', prompt: 'marriage-means' },
      { kind: 'prompt', prompt: 'looking-for-in-spouse' },
    ]);
    // Her own profile shares nothing with herself.
    expect((await get(herToken, `/api/users/${her}/details`)).shared).toEqual([]);
  });

  it('refuses a prompt not in the list, a fourth, a repeated one, and empty or long answers, changing nothing', async () => {
    const { her, herToken } = await aCouple();
    expect((await edit(herToken, three.slice(0, 1))).status).toBe(200);
    const before = await get(herToken, '/api/users/me');
    const refusals: Array<[unknown, number, string, string]> = [
      [
        [{ prompt: 'favourite-pickup-line', answer: 'Non' }],
        400,
        'promptAnswers.0.prompt',
        'PROMPT_UNKNOWN',
      ],
      [
        [...three, { prompt: 'weekend', answer: 'La famille.' }],
        400,
        'promptAnswers',
        'PROMPT_ANSWERS_TOO_MANY',
      ],
      [[three[0], three[1], three[0]], 400, 'promptAnswers.2.prompt', 'PROMPT_REPEATED'],
      [
        [{ prompt: 'weekend', answer: '   ' }],
        400,
        'promptAnswers.0.answer',
        'PROMPT_ANSWER_REQUIRED',
      ],
      [
        [three[0], { prompt: 'weekend', answer: 'a'.repeat(301) }],
        400,
        'promptAnswers.1.answer',
        'PROMPT_ANSWER_TOO_LONG',
      ],
      ['not json', 400, 'promptAnswers', 'PROMPT_ANSWERS_INVALID'],
      [[{ prompt: 'weekend' }], 400, 'promptAnswers.0.answer', 'PROMPT_ANSWER_REQUIRED'],
    ];
    for (const [answers, status, path, code] of refusals) {
      const refused = await edit(herToken, answers, { bio: 'Changed bio' });
      expect([refused.status, refused.body.errors?.[0]], code).toEqual([
        status,
        expect.objectContaining({ path, code }),
      ]);
    }
    // Exactly 300 characters is an answer.
    const longest = { prompt: 'weekend', answer: 'a'.repeat(300) } as const;
    expect(await get(herToken, '/api/users/me')).toEqual(before);
    const stored = await t.database.db
      .select()
      .from(promptAnswers)
      .where(eq(promptAnswers.memberId, her));
    expect(stored.map((a) => a.prompt)).toEqual(['marriage-means']);
    expect((await edit(herToken, [longest])).body.promptAnswers).toEqual([longest]);
  });

  it('refuses a new account’s phone number in an answer at that answer, storing nothing', async () => {
    const member = await registeredMember(t.app, { gender: 'femme' });
    const before = await get(member.token, '/api/users/me');
    const refused = await edit(
      member.token,
      [three[0], { prompt: 'weekend', answer: 'Appelle-moi au 77 123 45 67' }],
      {
        name: before.name,
        location: before.location,
        bio: 'Changed bio',
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NEW_ACCOUNT_CONTACT_DETAILS');
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'promptAnswers.1.answer',
    ]);
    expect(await get(member.token, '/api/users/me')).toEqual(before);
  });

  it('warns a reader of a phone number an established member wrote in an answer', async () => {
    const { her, herToken, hisToken } = await aCouple();
    const plain = await get(hisToken, `/api/users/${her}/details`);
    expect(plain.shield).toEqual([]);
    await edit(herToken, [{ prompt: 'weekend', answer: 'Écris-moi sur WhatsApp : 77 123 45 67' }]);
    const warned = await get(hisToken, `/api/users/${her}/details`);
    expect(warned.shield).toEqual(['phone', 'other-app']);
    // She is never told.
    expect((await get(herToken, `/api/users/${her}/details`)).shield).toEqual([]);
  });

  it('are in her data export, and go with her account', async () => {
    const member = await registeredMember(t.app, { gender: 'femme' });
    const me = await get(member.token, '/api/users/me');
    const fields = { name: me.name, location: me.location };
    expect((await edit(member.token, three.slice(0, 2), fields)).status).toBe(200);
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
    const data = JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8'));
    expect(data.promptAnswers).toEqual(three.slice(0, 2));

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(member.token),
      payload: { password: member.fields.password },
    });
    expect(deleted.statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(promptAnswers)
      .where(eq(promptAnswers.memberId, member.id));
    expect(left).toEqual([]);
  });
});

describe('moderating answers to prompts', () => {
  async function reported() {
    const couple = await aCouple();
    await edit(couple.herToken, three.slice(0, 2));
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(couple.hisToken),
      payload: { reportedId: couple.her, reason: 'other', note: 'Her answer is rude.' },
    });
    expect(report.statusCode).toBe(201);
    return { ...couple, reportId: report.json().id as string };
  }

  const act = async (token: string, reportId: string, body: object) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/reports/${reportId}/actions`,
      headers: bearer(token),
      payload: body,
    });
    return { status: answer.statusCode, body: answer.json() };
  };

  it('shows them to moderators and lets only a moderator remove one', async () => {
    const { her, hisToken, reportId } = await reported();
    const modToken = await sessionFor(t.database.db, moderator);
    const queue: OpenReport[] = await get(modToken, '/api/moderation/reports');
    expect(queue.find((r) => r.id === reportId)?.reported.promptAnswers).toEqual(three.slice(0, 2));

    const removal = { action: 'remove-prompt-answer', prompt: 'ideal-family-day', reason: 'Rude' };
    const byMember = await act(hisToken, reportId, removal);
    expect([byMember.status, byMember.body.code]).toEqual([403, 'MODERATORS_ONLY']);
    const unknown = await act(modToken, reportId, { ...removal, prompt: 'weekend' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'PROMPT_ANSWER_TO_REMOVE_UNKNOWN']);
    expect((await get(hisToken, `/api/users/${her}/details`)).promptAnswers).toEqual(
      three.slice(0, 2),
    );

    expect((await act(modToken, reportId, removal)).status).toBe(200);
    expect((await get(hisToken, `/api/users/${her}/details`)).promptAnswers).toEqual([three[0]]);
  });
});
