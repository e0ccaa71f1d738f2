import fs from 'node:fs/promises';
import path from 'node:path';
import type { Message } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema.ts';
import {
  bearer,
  multipart,
  pngImage,
  registeredMember,
  seedCouple,
  seedLikes,
  seedMembers,
  sessionFor,
} from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * The links to chat photos and voice notes are checked against the message holding the file on
 * every request, as profile photos are (ADR 019): a block stops them for both members at once, and
 * a file its sender's account took away answers 404.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

const voiceNote = () => fs.readFile(path.join(import.meta.dirname, 'fixtures', 'voice-note.webm'));

async function send(token: string, to: string, field: 'image' | 'audio') {
  const file =
    field === 'image'
      ? { filename: 'view.png', contentType: 'image/png', data: await pngImage(60, 60) }
      : { filename: 'note.webm', contentType: 'audio/webm', data: await voiceNote() };
  const form = multipart({ uuid: crypto.randomUUID() }, { [field]: [file] });
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${to}`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
  expect(sent.statusCode, sent.body).toBe(201);
}

/** Every photo and voice note link of the conversation, as `token`'s member is given them. */
async function links(token: string, withId: string): Promise<string[]> {
  const answer = await t.app.inject({
    url: `/api/chat/conversation/${withId}`,
    headers: bearer(token),
  });
  return (answer.json() as Message[]).flatMap((m) =>
    [m.imageUrl, m.audioUrl].filter((url) => url !== null),
  );
}

const answers = async (urls: string[]) =>
  Promise.all(
    urls.map(async (url) => {
      const answer = await t.app.inject({ url });
      return answer.statusCode === 200 ? 200 : [answer.statusCode, answer.json().code];
    }),
  );

/** Youssef sent Amina a photo, and she reported it to a moderator: their sessions and the report. */
async function aReportedPhoto() {
  const { amina, youssef } = await seedCouple(t.database.db);
  const [moderator = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
  await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, moderator));
  const his = await sessionFor(t.database.db, youssef);
  const hers = await sessionFor(t.database.db, amina);
  await send(his, amina, 'image');
  const [sent] = (
    await t.app.inject({ url: `/api/chat/conversation/${youssef}`, headers: bearer(hers) })
  ).json() as Message[];
  const reported = await t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: bearer(hers),
    payload: { reportedId: youssef, reason: 'other', messageIds: [sent?.uuid] },
  });
  expect(reported.statusCode, reported.body).toBe(201);
  return { amina, youssef, moderator, his, hers, reportId: reported.json().id as string };
}

describe('a chat photo or voice note', () => {
  it('stops for both members the moment either blocks the other, and works again once lifted', async () => {
    for (const blocking of ['sender', 'receiver'] as const) {
      const { amina, youssef } = await seedCouple(t.database.db);
      const hers = await sessionFor(t.database.db, amina);
      const his = await sessionFor(t.database.db, youssef);
      await send(hers, youssef, 'image');
      await send(hers, youssef, 'audio');
      // Her links, as the sender's own tabs show them, and his.
      const all = [...(await links(hers, youssef)), ...(await links(his, amina))];
      expect(all).toHaveLength(4);
      expect(await answers(all)).toEqual(Array(4).fill(200));

      const [blocker, blocked] = blocking === 'sender' ? [hers, youssef] : [his, amina];
      const block = `/api/users/${blocked}/block`;
      await t.app.inject({ method: 'POST', url: block, headers: bearer(blocker) });
      expect(await answers(all), blocking).toEqual(Array(4).fill([404, 'FILE_NOT_FOUND']));

      await t.app.inject({ method: 'DELETE', url: block, headers: bearer(blocker) });
      expect(await answers(all)).toEqual(Array(4).fill(200));
    }
  });

  it('stays open to the moderator of a report about it, after the block that came with it', async () => {
    const { amina, youssef, moderator, his, hers, reportId } = await aReportedPhoto();
    const own = await links(his, amina);
    await t.app.inject({
      method: 'POST',
      url: `/api/users/${youssef}/block`,
      headers: bearer(hers),
    });
    const queue = await t.app.inject({
      url: '/api/moderation/reports',
      headers: bearer(await sessionFor(t.database.db, moderator)),
    });
    const report = (queue.json() as Array<{ id: string; messages: Message[] }>).find(
      (r) => r.id === reportId,
    );
    expect(await answers([report?.messages[0]?.imageUrl ?? ''])).toEqual([200]);
    expect(await answers(own)).toEqual([[404, 'FILE_NOT_FOUND']]);
  });

  it('stops for its receiver once a moderator hides its message, and stays its sender’s (ADR 083)', async () => {
    const { amina, youssef, moderator, his, hers, reportId } = await aReportedPhoto();
    const [herLink, hisLink] = [await links(hers, youssef), await links(his, amina)];
    const hidden = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/reports/${reportId}/actions`,
      headers: bearer(await sessionFor(t.database.db, moderator)),
      payload: { action: 'hide-messages', reason: 'An indecent photo.' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await answers(herLink)).toEqual([[404, 'FILE_NOT_FOUND']]);
    expect(await links(hers, youssef)).toEqual([]);
    expect(await answers(hisLink)).toEqual([200]);
  });

  it('answers 404, not a server error, once its sender deleted their account', async () => {
    const sender = await registeredMember(t.app, { gender: 'femme' });
    const [receiver = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    await seedLikes(t.database.db, [
      [sender.id, receiver],
      [receiver, sender.id],
    ]);
    await send(sender.token, receiver, 'image');
    await send(sender.token, receiver, 'audio');
    const his = await links(await sessionFor(t.database.db, receiver), sender.id);
    expect(await answers(his)).toEqual([200, 200]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(sender.token),
      payload: { password: sender.fields.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await answers(his)).toEqual(Array(2).fill([404, 'FILE_NOT_FOUND']));
  });

  it('answers 404, not a server error, when its file is missing from the disk', async () => {
    const { amina, youssef } = await seedCouple(t.database.db);
    const hers = await sessionFor(t.database.db, amina);
    await send(hers, youssef, 'image');
    const [link = ''] = await links(hers, youssef);
    const key = new URL(link, 'http://x').pathname.replace('/chat-media/', '');
    await fs.rm(path.join(t.privateMediaDir, key));
    expect(await answers([link])).toEqual([[404, 'FILE_NOT_FOUND']]);
  });
});
