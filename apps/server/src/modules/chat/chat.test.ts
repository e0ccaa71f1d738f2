import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  jpegWithGps,
  multipart,
  seedCouple,
  seedLikes,
  seedMembers,
  sessionFor,
  type UploadFile,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { calls, messages } from '../../db/schema.ts';
import { insertCallEntry, preparedMessageInsert } from './chat.repository.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

const fixture = (name: string) =>
  fs.readFile(path.join(import.meta.dirname, '../../../test/fixtures', name));

/** Two members who matched, with a session each, and a third the first never matched. */
async function couple() {
  const { amina, youssef, karim } = await seedCouple(t.database.db);
  return {
    amina,
    youssef,
    karim,
    aminaToken: await sessionFor(t.database.db, amina),
    youssefToken: await sessionFor(t.database.db, youssef),
    karimToken: await sessionFor(t.database.db, karim),
  };
}

function sendText(token: string, to: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${to}`,
    headers: bearer(token),
    payload: body,
  });
}

function sendFile(token: string, to: string, field: 'image' | 'audio', file: UploadFile) {
  const form = multipart({ uuid: crypto.randomUUID() }, { [field]: [file] });
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${to}`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
}

async function conversation(token: string, withId: string, query = '') {
  const response = await t.app.inject({
    url: `/api/chat/conversation/${withId}${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<{
    uuid: string;
    senderId: string;
    content: string | null;
    imageUrl: string | null;
    audioUrl: string | null;
    mediaBytes?: number;
    isRead: boolean;
  }>;
}

const storedMessages = (senderId: string) =>
  t.database.db.select().from(messages).where(eq(messages.senderId, senderId));

describe('sending a message', () => {
  it('delivers text between matches, and stores a retried uuid once', async () => {
    const { amina, youssef, aminaToken, youssefToken } = await couple();
    const uuid = crypto.randomUUID();
    const first = await sendText(aminaToken, youssef, { uuid, content: 'Salam Youssef' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ uuid, senderId: amina, content: 'Salam Youssef' });
    const retried = await sendText(aminaToken, youssef, { uuid, content: 'Salam Youssef' });
    expect(retried.statusCode).toBe(200);
    // The retry's answer is read from the table; the first's was made from what was sent.
    expect(retried.json()).toEqual(first.json());
    expect(await storedMessages(amina)).toHaveLength(1);
    expect(await conversation(aminaToken, youssef)).toEqual([first.json()]);
    const seen = await conversation(youssefToken, amina);
    expect(seen.map((m) => [m.senderId, m.content, m.isRead])).toEqual([
      [amina, 'Salam Youssef', false],
    ]);
  });

  it('answers, in one batch holding a message twice (a phone retrying), the first copy alone', async () => {
    const { amina, youssef } = await couple();
    const insert = preparedMessageInsert(t.database.db, () => sql`true`);
    const message = {
      uuid: crypto.randomUUID(),
      senderId: amina,
      receiverId: youssef,
      content: 'Are you there?',
      imageKey: null,
      audioKey: null,
      mediaBytes: null,
      shield: 0,
      sentAt: t.clock.now(),
    };
    const other = { ...message, uuid: crypto.randomUUID(), content: 'Salam' };
    const { rows } = await insert([message, other, { ...message }], t.clock.now());
    // The copy is answered as not stored: the sender finds the first, nobody is told twice.
    expect(rows.map((row) => row?.content)).toEqual(['Are you there?', 'Salam', undefined]);
    expect((await storedMessages(amina)).map((m) => m.content).sort()).toEqual([
      'Are you there?',
      'Salam',
    ]);
  });

  it('refuses a free member writing first to one they have not matched with (403 SUBSCRIPTION_REQUIRED), and stores nothing', async () => {
    const { amina, karim, karimToken } = await couple();
    const refused = await sendText(karimToken, amina, { content: 'Hello' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SUBSCRIPTION_REQUIRED');
    expect(await storedMessages(karim)).toHaveLength(0);
  });

  it('answers 404 for someone unknown, for oneself and for a member who left', async () => {
    const { amina, youssef, aminaToken } = await couple();
    for (const to of [crypto.randomUUID(), amina]) {
      const response = await sendText(aminaToken, to, { content: 'Hello' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('MEMBER_NOT_FOUND');
    }
    const { members } = await import('../../db/schema.ts');
    await t.database.db.delete(members).where(eq(members.id, youssef));
    expect((await sendText(aminaToken, youssef, { content: 'Hello' })).statusCode).toBe(404);
    const gone = await t.app.inject({
      url: `/api/chat/conversation/${youssef}`,
      headers: bearer(aminaToken),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses an empty message, one too long, control characters and a reused uuid', async () => {
    const { amina, youssef, aminaToken, youssefToken } = await couple();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: '' }, 'MESSAGE_EMPTY'],
      [{ content: '   ' }, 'MESSAGE_EMPTY'],
      [{ content: 'x'.repeat(4001) }, 'CHAT_MESSAGE_TOO_LONG'],
      [{ content: 'a\u0000b' }, 'CONTROL_CHARACTERS'],
      [{ uuid: 'not-a-uuid', content: 'Hi' }, 'MESSAGE_ID_INVALID'],
    ];
    for (const [body, code] of cases) {
      const response = await sendText(aminaToken, youssef, body);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().code).toBe(code);
    }
    expect((await sendText(aminaToken, youssef, { content: 'x'.repeat(4000) })).statusCode).toBe(
      201,
    );
    // The same uuid from the other side is another sender's: it is a new message.
    const uuid = crypto.randomUUID();
    expect((await sendText(aminaToken, youssef, { uuid, content: 'A' })).statusCode).toBe(201);
    expect((await sendText(youssefToken, amina, { uuid, content: 'B' })).statusCode).toBe(201);
    expect(await storedMessages(amina)).toHaveLength(2);
  });
});

describe('refusals of the form', () => {
  it('refuses a photo and a voice note in one message, and a uuid reused for someone else', async () => {
    const { amina, youssef, aminaToken } = await couple();
    const form = multipart(
      { uuid: crypto.randomUUID() },
      {
        image: [
          { filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegWithGps(200, 200) },
        ],
        audio: [
          { filename: 'v.ogg', contentType: 'audio/ogg', data: await fixture('voice-note.ogg') },
        ],
      },
    );
    const both = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${youssef}`,
      headers: { ...bearer(aminaToken), ...form.headers },
      payload: form.payload,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('MESSAGE_ONE_ATTACHMENT');

    const [sara = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    await seedLikes(t.database.db, [
      [amina, sara],
      [sara, amina],
    ]);
    const uuid = crypto.randomUUID();
    expect((await sendText(aminaToken, youssef, { uuid, content: 'To Youssef' })).statusCode).toBe(
      201,
    );
    const reused = await sendText(aminaToken, sara, { uuid, content: 'To Sara' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('MESSAGE_ID_TAKEN');
    expect(await storedMessages(amina)).toHaveLength(1);
  });
});

describe('many messages at once', () => {
  it('stores every concurrent send once, refuses only the stranger’s, keeps a sender’s order', async () => {
    const { amina, youssef, karim, aminaToken, youssefToken, karimToken } = await couple();
    // Youssef's phone and the stranger flood at once while Amina writes one message after another.
    const flood = Array.from({ length: 36 }, (_, i) =>
      i % 6 === 5
        ? sendText(karimToken, amina, { content: `stranger ${i}` })
        : sendText(youssefToken, amina, { uuid: crypto.randomUUID(), content: `y${i}` }),
    );
    const inOrder: number[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = await sendText(aminaToken, youssef, { content: `a${i}` });
      expect(answer.statusCode).toBe(201);
      inOrder.push(i);
    }
    const answers = await Promise.all(flood);
    expect(answers.filter((a) => a.statusCode === 403).map((a) => a.json().code)).toEqual(
      Array(6).fill('SUBSCRIPTION_REQUIRED'),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(30);
    expect(await storedMessages(karim)).toHaveLength(0);
    const history = await conversation(aminaToken, youssef, '?size=100');
    expect(new Set(history.map((m) => m.uuid)).size).toBe(50);
    const aminas = history.filter((m) => m.senderId === amina).map((m) => m.content);
    expect(aminas).toEqual(inOrder.map((i) => `a${i}`));
  });
});

describe('photos and voice notes', () => {
  it('re-encodes a photo without its metadata and serves it only on a signed, live link', async () => {
    const { amina, youssef, aminaToken, youssefToken } = await couple();
    const sent = await sendFile(aminaToken, youssef, 'image', {
      filename: 'holiday.jpg',
      contentType: 'image/jpeg',
      data: await jpegWithGps(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [received] = await conversation(youssefToken, amina);
    const link = received?.imageUrl ?? '';
    expect(link).toMatch(/^\/chat-media\/chat\/[0-9a-f-]{36}\.webp\?m=/);

    const served = await t.app.inject({ url: link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/^private/);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(Math.max(metadata.width ?? 0, metadata.height ?? 0)).toBeLessThanOrEqual(1600);
    // Its size comes with the message: data saver says what a tap on it costs.
    expect(received?.mediaBytes).toBe(served.rawPayload.length);

    // Not a public file, whatever the path tried.
    const key = new URL(link, 'http://x').pathname.replace('/chat-media/', '');
    expect((await t.app.inject({ url: `/media/${key}` })).statusCode).toBe(404);
    // A link made for one member cannot be bent to another member.
    const tampered = link.replace(`m=${youssef}`, `m=${amina}`);
    for (const bad of [tampered, link.split('?')[0] ?? '']) {
      const refused = await t.app.inject({ url: bad });
      expect(refused.statusCode, bad).toBe(403);
      expect(refused.json().code).toBe('MEDIA_LINK_INVALID');
    }
    // A member's valid proof opens no file of a conversation they are not in (ADR 032): the
    // file's message decides, not the link.
    const others = await couple();
    await sendFile(others.aminaToken, others.youssef, 'image', {
      filename: 'other.jpg',
      contentType: 'image/jpeg',
      data: await jpegWithGps(),
    });
    const [theirs] = await conversation(others.youssefToken, others.amina);
    const theirProof = new URL(theirs?.imageUrl ?? '', 'http://x').search;
    const borrowed = await t.app.inject({ url: `/chat-media/${key}${theirProof}` });
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json().code).toBe('FILE_NOT_FOUND');
    t.clock.advance(2 * 60 * 60 * 1000);
    const expired = await t.app.inject({ url: link });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('MEDIA_LINK_EXPIRED');
  });

  it('refuses a file that is not an image, and keeps no file of it', async () => {
    const { youssef, aminaToken } = await couple();
    const before = await fs.readdir(t.privateMediaDir, { recursive: true });
    const refused = await sendFile(aminaToken, youssef, 'image', {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from('this is not a jpeg at all'),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CHAT_IMAGE_UNREADABLE');
    expect(await fs.readdir(t.privateMediaDir, { recursive: true })).toEqual(before);
  });

  it('accepts the voice notes browsers record (WebM/Opus, Ogg/Opus, MP4/AAC)', async () => {
    const { amina, youssef, aminaToken, youssefToken } = await couple();
    for (const [name, type] of [
      ['voice-note.webm', 'audio/webm'],
      ['voice-note.ogg', 'audio/ogg'],
      ['voice-note.m4a', 'audio/mp4'],
    ] as const) {
      const sent = await sendFile(aminaToken, youssef, 'audio', {
        filename: name,
        contentType: type,
        data: await fixture(name),
      });
      expect(sent.statusCode, `${name}: ${sent.body}`).toBe(201);
    }
    const received = await conversation(youssefToken, amina);
    const served = await Promise.all(
      received.map((message) => t.app.inject({ url: message.audioUrl ?? '' })),
    );
    expect(served.map((note) => [note.statusCode, note.headers['content-type']])).toEqual([
      [200, 'audio/webm'],
      [200, 'audio/ogg'],
      [200, 'audio/mp4'],
    ]);
    // Stored without the recorder's metadata (ADR 072): no muxer's or encoder's name is left.
    for (const note of served) expect(note.rawPayload.includes('Lavf')).toBe(false);
    expect(received.map((message) => message.mediaBytes)).toEqual(
      served.map((note) => note.rawPayload.length),
    );
  });

  it('refuses audio that is not a voice note, one over two minutes, and one over 2 MB', async () => {
    const { youssef, aminaToken } = await couple();
    const cases: Array<[UploadFile, number, string]> = [
      [
        {
          filename: 'song.mp3',
          contentType: 'audio/mpeg',
          data: await fixture('not-a-voice-note.mp3'),
        },
        400,
        'VOICE_NOTE_UNSUPPORTED',
      ],
      [
        {
          filename: 'long.webm',
          contentType: 'audio/webm',
          data: await fixture('voice-note-125s.webm'),
        },
        400,
        'VOICE_NOTE_TOO_LONG',
      ],
      [
        {
          filename: 'big.webm',
          contentType: 'audio/webm',
          data: Buffer.alloc(2 * 1024 * 1024 + 1),
        },
        413,
        'VOICE_NOTE_TOO_LARGE',
      ],
      [
        { filename: 'fake.webm', contentType: 'audio/webm', data: Buffer.from('RIFF....WAVEfmt ') },
        400,
        'VOICE_NOTE_UNSUPPORTED',
      ],
    ];
    for (const [file, status, code] of cases) {
      const refused = await sendFile(aminaToken, youssef, 'audio', file);
      expect(refused.statusCode, file.filename).toBe(status);
      expect(refused.json().code, file.filename).toBe(code);
    }
  });
});

describe('reading a conversation', () => {
  it('pages through 1,000 messages, newest page first, without a gap or a repeat', async () => {
    const { amina, youssef, youssefToken } = await couple();
    const start = t.clock.now().getTime();
    const written = Array.from({ length: 1000 }, (_, i) => ({
      uuid: crypto.randomUUID(),
      senderId: i % 3 === 0 ? youssef : amina,
      receiverId: i % 3 === 0 ? amina : youssef,
      content: `message ${i}`,
      // Several share a second: the order is the order of writing, not the clock's.
      sentAt: new Date(start + Math.floor(i / 4) * 1000),
    }));
    for (let i = 0; i < written.length; i += 250) {
      await t.database.db.insert(messages).values(written.slice(i, i + 250));
    }
    const seen: string[] = [];
    let page = await conversation(youssefToken, amina, '?size=60');
    while (page.length > 0) {
      seen.unshift(...page.map((m) => m.uuid));
      page = await conversation(youssefToken, amina, `?size=60&before=${page[0]?.uuid}`);
    }
    expect(seen).toEqual(written.map((m) => m.uuid));
    const badCursor = await t.app.inject({
      url: `/api/chat/conversation/${amina}?before=${crypto.randomUUID()}`,
      headers: bearer(youssefToken),
    });
    expect(badCursor.json().code).toBe('CURSOR_INVALID');
  });

  it('marks a conversation read: the sender sees it, the badge count drops', async () => {
    const { amina, youssef, aminaToken, youssefToken } = await couple();
    await sendText(aminaToken, youssef, { content: 'One' });
    await sendText(aminaToken, youssef, { content: 'Two' });
    await sendText(youssefToken, amina, { content: 'Mine, unread by Amina' });
    const counts = async () =>
      (
        await t.app.inject({ url: '/api/users/notifications', headers: bearer(youssefToken) })
      ).json().newMessages;
    expect(await counts()).toBe(2);
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/mark-as-read/${amina}`,
      headers: bearer(youssefToken),
    });
    expect(read.statusCode).toBe(200);
    expect(await counts()).toBe(0);
    const fromAmina = await conversation(aminaToken, youssef);
    expect(fromAmina.map((m) => [m.content, m.isRead])).toEqual([
      ['One', true],
      ['Two', true],
      ['Mine, unread by Amina', false],
    ]);
    const unread = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.receiverId, amina), eq(messages.senderId, youssef)));
    expect(unread.map((m) => m.readAt)).toEqual([null]);
  });

  it('lists contacts: conversations and matches, newest first, with unread counts and whether matched', async () => {
    const { amina, youssef, karim, aminaToken } = await couple();
    const [sara = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    // They matched a day before Youssef wrote: his conversation is the newer one.
    const matchedAt = new Date(t.clock.now().getTime() - 86_400_000);
    await seedLikes(
      t.database.db,
      [
        [amina, sara],
        [sara, amina],
      ],
      matchedAt,
    );
    const youssefToken = await sessionFor(t.database.db, youssef);
    await sendText(youssefToken, amina, { content: 'Hello' });
    await sendText(youssefToken, amina, { content: 'Are you there?' });
    const response = await t.app.inject({ url: '/api/chat/contacts', headers: bearer(aminaToken) });
    const contacts = response.json() as Array<{
      id: string;
      unreadCount: number;
      lastMessageTime: string | null;
      online: boolean;
      matched: boolean;
    }>;
    expect(
      contacts.map((c) => [c.id, c.unreadCount, c.lastMessageTime !== null, c.matched]),
    ).toEqual([
      [youssef, 2, true, true],
      [sara, 0, false, true],
    ]);
    // Karim liked Amina, she did not like him back: not a contact.
    expect(contacts.some((c) => c.id === karim)).toBe(false);

    // Unmatched, Youssef's conversation stays, no longer a match.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${youssef}/match`,
      headers: bearer(aminaToken),
    });
    const after = (
      await t.app.inject({ url: '/api/chat/contacts', headers: bearer(aminaToken) })
    ).json() as Array<{ id: string; matched: boolean }>;
    expect(after.map((c) => [c.id, c.matched])).toEqual([
      [youssef, false],
      [sara, true],
    ]);
  });
});

describe('the conversation list', () => {
  type Listed = {
    id: string;
    name: string;
    matched: boolean;
    unreadCount: number;
    lastMessageTime: string | null;
    lastMessage: {
      mine: boolean;
      kind: string;
      text: string | null;
      call: { type: string; endReason: string; durationSeconds: number | null } | null;
    } | null;
  };

  async function listed(token: string, id: string) {
    const response = await t.app.inject({ url: '/api/chat/contacts', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Listed[]).find((c) => c.id === id);
  }

  function contactOf(token: string, id: string) {
    return t.app.inject({ url: `/api/chat/contacts/${id}`, headers: bearer(token) });
  }

  it('previews the last message of each conversation, in kinds rather than links', async () => {
    const { amina, youssef, aminaToken, youssefToken } = await couple();
    const [sara = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    await seedLikes(t.database.db, [
      [amina, sara],
      [sara, amina],
    ]);
    // A match without a message has nothing to preview.
    expect((await listed(aminaToken, sara))?.lastMessage).toBeNull();

    await sendText(youssefToken, amina, { content: 'Salam Amina' });
    t.clock.advance(1000);
    const long = `${'a'.repeat(99)}é${'b'.repeat(200)}`;
    await sendText(youssefToken, amina, { content: long });
    const hers = await listed(aminaToken, youssef);
    expect(hers?.lastMessage).toEqual({
      mine: false,
      kind: 'text',
      text: `${'a'.repeat(99)}é`,
      call: null,
    });
    expect(hers?.unreadCount).toBe(2);
    expect((await listed(youssefToken, amina))?.lastMessage).toMatchObject({
      mine: true,
      kind: 'text',
    });

    t.clock.advance(1000);
    const photoSent = await sendFile(aminaToken, youssef, 'image', {
      filename: 'a.jpg',
      contentType: 'image/jpeg',
      data: await jpegWithGps(200, 200),
    });
    expect(photoSent.statusCode, photoSent.body).toBe(201);
    const withPhoto = await listed(aminaToken, youssef);
    expect(withPhoto?.lastMessage).toEqual({ mine: true, kind: 'photo', text: null, call: null });
    expect(withPhoto?.lastMessageTime).toBe((photoSent.json() as { timestamp: string }).timestamp);
    // The photo's link is the conversation's business, not the list's.
    expect(JSON.stringify(withPhoto?.lastMessage)).not.toContain('/media/');

    t.clock.advance(1000);
    await sendFile(youssefToken, amina, 'audio', {
      filename: 'v.ogg',
      contentType: 'audio/ogg',
      data: await fixture('voice-note.ogg'),
    });
    expect((await listed(aminaToken, youssef))?.lastMessage).toEqual({
      mine: false,
      kind: 'voice',
      text: null,
      call: null,
    });

    // Erased with its sender's account: the preview says so rather than "a voice note".
    await t.database.db
      .update(messages)
      .set({ audioKey: null, mediaRemoved: true })
      .where(and(eq(messages.senderId, youssef), eq(messages.receiverId, amina)));
    expect((await listed(aminaToken, youssef))?.lastMessage?.kind).toBe('removed');

    t.clock.advance(1000);
    const startedAt = t.clock.now();
    const [call] = await t.database.db
      .insert(calls)
      .values({
        id: crypto.randomUUID(),
        callerId: youssef,
        calleeId: amina,
        type: 'video',
        startedAt,
        endedAt: startedAt,
        endReason: 'missed',
      })
      .returning();
    if (!call) throw new Error('no call stored');
    await insertCallEntry(t.database.db, call);
    expect((await listed(aminaToken, youssef))?.lastMessage).toEqual({
      mine: false,
      kind: 'call',
      text: null,
      call: { type: 'video', endReason: 'missed', durationSeconds: null },
    });
  });

  it('gives the member of a conversation opened with them, and 404 for anyone one may not see', async () => {
    const { amina, youssef, karim, aminaToken, youssefToken } = await couple();
    const [fatou = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
    await sendText(youssefToken, amina, { content: 'Salam' });

    const match = await contactOf(aminaToken, youssef);
    expect(match.statusCode, match.body).toBe(200);
    expect(match.json()).toMatchObject({
      id: youssef,
      matched: true,
      unreadCount: 1,
      lastMessage: { mine: false, kind: 'text', text: 'Salam' },
    });
    expect(match.json()).toEqual(await listed(aminaToken, youssef));

    // Karim liked her and she did not answer: not a contact, but a member she may be suggested,
    // whom a subscriber may write to first.
    const stranger = await contactOf(aminaToken, karim);
    expect(stranger.statusCode, stranger.body).toBe(200);
    expect(stranger.json()).toMatchObject({
      id: karim,
      matched: false,
      unreadCount: 0,
      lastMessageTime: null,
      lastMessage: null,
    });
    expect((stranger.json() as Listed).name).not.toBe('');

    // Never suggested to her (the same gender), herself, nobody: the refusal of a conversation.
    for (const id of [fatou, amina, crypto.randomUUID()]) {
      const refused = await contactOf(aminaToken, id);
      expect(refused.statusCode, id).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    }
    const invalid = await contactOf(aminaToken, 'not-an-id');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'MEMBER_ID_INVALID' });

    // A block hides the member both ways, the preview with them.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/users/${youssef}/block`,
          headers: bearer(aminaToken),
        })
      ).statusCode,
    ).toBe(200);
    expect((await contactOf(aminaToken, youssef)).statusCode).toBe(404);
    expect((await contactOf(youssefToken, amina)).statusCode).toBe(404);
    expect(await listed(aminaToken, youssef)).toBeUndefined();
    expect(await listed(youssefToken, amina)).toBeUndefined();
  });
});
