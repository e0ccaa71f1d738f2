import fs from 'node:fs/promises';
import path from 'node:path';
import type { CurrentUser, OpenReport, UserDetails } from '@mawadda/contract';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, voiceIntroductions } from '../src/db/schema.ts';
import {
  bearer,
  multipart,
  registeredMember,
  seedMembers,
  seedWomanAndMan,
  sessionFor,
  type UploadFile,
} from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
let moderator: string;
const fixture = (name: string) => fs.readFile(path.join(import.meta.dirname, 'fixtures', name));
let twoSeconds: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  [moderator = ''] = await seedMembers(t.database.db, [{ gender: 'femme' }]);
  await t.database.db.update(members).set({ role: 'moderator' }).where(eq(members.id, moderator));
  twoSeconds = await fixture('voice-note.webm');
});

const webm = (data: Buffer, filename = 'intro.webm'): UploadFile => ({
  filename,
  contentType: 'audio/webm',
  data,
});

async function record(token: string, file: UploadFile | undefined) {
  const body = multipart({}, file ? { audio: [file] } : {});
  const answer = await t.app.inject({
    method: 'PUT',
    url: '/api/users/me/voice-introduction',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
  return { status: answer.statusCode, body: answer.json() };
}

async function get<T>(token: string, url: string): Promise<T> {
  return (await t.app.inject({ url, headers: bearer(token) })).json();
}

/** What a browser's `<audio>` gets from the link: no bearer token, the link is the proof. */
async function play(url: string) {
  const answer = await t.app.inject({ url });
  return {
    status: answer.statusCode,
    type: answer.headers['content-type'],
    bytes: answer.rawPayload,
  };
}

const stored = async (memberId: string) =>
  t.database.db.select().from(voiceIntroductions).where(eq(voiceIntroductions.memberId, memberId));

const fileExists = (key: string) =>
  fs.access(path.join(t.privateMediaDir, key)).then(
    () => true,
    () => false,
  );

const aCouple = () => seedWomanAndMan(t.database.db);

describe('a voice introduction', () => {
  it('is recorded, played by a member who opens her profile, and replaced', async () => {
    const { her, herToken, hisToken } = await aCouple();
    const saved = await record(herToken, webm(twoSeconds));
    expect(saved.status).toBe(200);
    expect(saved.body.voiceIntroduction).toEqual({
      url: expect.stringMatching(/^\/chat-media\/introductions\/[0-9a-f-]{36}\.webm\?m=/),
      seconds: 2,
      bytes: twoSeconds.length,
    });
    const details = await get<UserDetails>(hisToken, `/api/users/${her}/details`);
    const link = details.voiceIntroduction?.url ?? '';
    expect(link).toContain(`?m=${(await get<{ id: string }>(hisToken, '/api/users/me')).id}`);
    const played = await play(link);
    expect([played.status, played.type]).toEqual([200, 'audio/webm']);
    // The recording as made, but without what the recorder wrote about itself (ADR 072).
    expect(played.bytes.length).toBe(twoSeconds.length);
    expect(twoSeconds.includes('Lavf')).toBe(true);
    expect(played.bytes.includes('Lavf')).toBe(false);

    // Replaced: the new one plays, the old link and file are gone.
    const [first] = await stored(her);
    const again = await record(herToken, webm(await fixture('voice-note.ogg'), 'intro.ogg'));
    expect(again.status).toBe(200);
    await t.app.mediaJanitor.sweepQueue();
    expect((await play(link)).status).toBe(404);
    expect(await fileExists(first?.mediaKey ?? '')).toBe(false);
    const fresh = await get<UserDetails>(hisToken, `/api/users/${her}/details`);
    const replaced = await play(fresh.voiceIntroduction?.url ?? '');
    expect(replaced.type).toBe('audio/ogg');
    expect(replaced.bytes.includes('Lavf')).toBe(false);
    expect(fresh.voiceIntroduction?.bytes).toBe(replaced.bytes.length);
  });

  it('refuses one over 30 seconds, not audio, empty or too large, changing nothing', async () => {
    const { herToken } = await aCouple();
    expect((await record(herToken, webm(twoSeconds))).status).toBe(200);
    const before = await get<CurrentUser>(herToken, '/api/users/me');
    const refusals: Array<[UploadFile | undefined, number, string]> = [
      // 36 seconds: a voice note could be this long, a voice introduction not.
      [webm(await fixture('voice-introduction-35s.webm')), 400, 'VOICE_INTRODUCTION_TOO_LONG'],
      [webm(await fixture('voice-note-125s.webm')), 400, 'VOICE_INTRODUCTION_TOO_LONG'],
      [
        webm(await fixture('not-a-voice-note.mp3'), 'song.mp3'),
        400,
        'VOICE_INTRODUCTION_UNSUPPORTED',
      ],
      [webm(Buffer.from('just some text, not a recording')), 400, 'VOICE_INTRODUCTION_UNSUPPORTED'],
      [webm(Buffer.alloc(0)), 400, 'VOICE_INTRODUCTION_REQUIRED'],
      [undefined, 400, 'VOICE_INTRODUCTION_REQUIRED'],
      [webm(Buffer.alloc(1024 * 1024 + 1, 1)), 413, 'VOICE_INTRODUCTION_TOO_LARGE'],
    ];
    for (const [file, status, code] of refusals) {
      const refused = await record(herToken, file);
      expect([refused.status, refused.body.code], code).toEqual([status, code]);
    }
    expect(await get<CurrentUser>(herToken, '/api/users/me')).toEqual(before);
  });

  it('is removed by its owner only: another member’s removal or recording touches only their own', async () => {
    const { her, herToken, hisToken, him } = await aCouple();
    await record(herToken, webm(twoSeconds));
    const [hers] = await stored(her);
    // His own removal and recording: the session's member is the only one a route names.
    const removal = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/voice-introduction',
      headers: bearer(hisToken),
    });
    expect([removal.statusCode, removal.json().voiceIntroduction]).toEqual([200, null]);
    expect((await record(hisToken, webm(twoSeconds))).status).toBe(200);
    for (const url of [
      `/api/users/${her}/voice-introduction`,
      `/api/users/${her}/voice-introduction/`,
    ]) {
      const aimed = await t.app.inject({ method: 'DELETE', url, headers: bearer(hisToken) });
      expect(aimed.statusCode, url).toBe(404);
    }
    await t.app.mediaJanitor.sweepQueue();
    expect(await stored(her)).toEqual([hers]);
    expect(await fileExists(hers?.mediaKey ?? '')).toBe(true);
    expect((await stored(him)).map((v) => v.mediaKey)).not.toContain(hers?.mediaKey);

    const own = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/voice-introduction',
      headers: bearer(herToken),
    });
    expect(own.json().voiceIntroduction).toBeNull();
    await t.app.mediaJanitor.sweepQueue();
    expect(await fileExists(hers?.mediaKey ?? '')).toBe(false);
    expect(
      (await get<UserDetails>(hisToken, `/api/users/${her}/details`)).voiceIntroduction,
    ).toBeNull();
  });

  it('stops playing for a member she blocks', async () => {
    const { her, him, herToken, hisToken } = await aCouple();
    await record(herToken, webm(twoSeconds));
    const link = (await get<UserDetails>(hisToken, `/api/users/${her}/details`)).voiceIntroduction
      ?.url;
    expect((await play(link ?? '')).status).toBe(200);
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/users/${him}/block`,
      headers: bearer(herToken),
    });
    expect(blocked.statusCode).toBeLessThan(300);
    expect((await play(link ?? '')).status).toBe(404);
  });

  it('is reported, shown to moderators, and removed by a moderator only', async () => {
    const { her, herToken, hisToken } = await aCouple();
    await record(herToken, webm(twoSeconds));
    const [hers] = await stored(her);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(hisToken),
      payload: { reportedId: her, reason: 'inappropriate-voice-introduction' },
    });
    expect(report.statusCode).toBe(201);
    const reportId = report.json().id as string;
    const modToken = await sessionFor(t.database.db, moderator);
    const queue = await get<OpenReport[]>(modToken, '/api/moderation/reports');
    const open = queue.find((r) => r.id === reportId);
    expect(open?.reasons).toEqual(['inappropriate-voice-introduction']);
    expect((await play(open?.reported.voiceIntroductionUrl ?? '')).status).toBe(200);

    const act = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/moderation/reports/${reportId}/actions`,
        headers: bearer(token),
        payload: { action: 'remove-voice-introduction', reason: 'Insults' },
      });
    const byMember = await act(hisToken);
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'MODERATORS_ONLY']);
    expect(await stored(her)).toEqual([hers]);

    expect((await act(modToken)).statusCode).toBe(200);
    await t.app.mediaJanitor.sweepQueue();
    expect(await stored(her)).toEqual([]);
    expect(await fileExists(hers?.mediaKey ?? '')).toBe(false);
    expect(
      (await get<UserDetails>(hisToken, `/api/users/${her}/details`)).voiceIntroduction,
    ).toBeNull();
  });

  it('asks a moderator for a voice introduction to remove', async () => {
    const { her, hisToken } = await aCouple();
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(hisToken),
      payload: { reportedId: her, reason: 'other' },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/reports/${report.json().id}/actions`,
      headers: bearer(await sessionFor(t.database.db, moderator)),
      payload: { action: 'remove-voice-introduction', reason: 'Insults' },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([
      400,
      'VOICE_INTRODUCTION_TO_REMOVE_NONE',
    ]);
    // The report stays open for another decision.
    const queue = await get<OpenReport[]>(
      await sessionFor(t.database.db, moderator),
      '/api/moderation/reports',
    );
    expect(queue.some((r) => r.id === report.json().id)).toBe(true);
  });

  it('is in her data export as a file, and goes with her account', async () => {
    const member = await registeredMember(t.app, { gender: 'femme' });
    expect((await record(member.token, webm(twoSeconds))).status).toBe(200);
    const [hers] = await stored(member.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/me/export',
      headers: bearer(member.token),
    });
    await t.app.dataExports.runPending();
    const file = await t.app.inject({
      url: '/api/users/me/export/file',
      headers: bearer(member.token),
    });
    const zip = unzipSync(new Uint8Array(file.rawPayload));
    const data = JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8'));
    expect(data.voiceIntroduction).toEqual({
      file: `voice-introduction/${path.basename(hers?.mediaKey ?? '')}`,
      seconds: 2,
      addedAt: expect.any(String),
    });
    const kept = await fs.readFile(path.join(t.privateMediaDir, hers?.mediaKey ?? ''));
    expect(Buffer.from(zip[data.voiceIntroduction.file] ?? [])).toEqual(kept);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(member.token),
      payload: { password: member.fields.password },
    });
    expect(deleted.statusCode).toBe(200);
    await t.app.mediaJanitor.sweepQueue();
    expect(await stored(member.id)).toEqual([]);
    expect(await fileExists(hers?.mediaKey ?? '')).toBe(false);
  });
});
