import fs from 'node:fs/promises';
import path from 'node:path';
import type { Message } from '@mawadda/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, multipart, seedCouple, sessionFor } from '../../../test/fixtures.ts';
import { startS3Server } from '../../../test/s3-server.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { withoutMetadata } from '../../lib/voice-metadata.ts';

/**
 * What a browser relies on when it plays a voice note or shows a photo again, the same from the
 * disk and from a bucket (ADR 046): byte ranges to seek, validators to revalidate, our type and
 * caching headers.
 */

const s3 = await startS3Server();

describe.each([
  ['the disk', {}],
  ['an S3 bucket', { objectStore: s3.location }],
] as const)('a voice note served from %s', (_, stores) => {
  let t: TestContext;
  let url: string;
  let note: Buffer;
  beforeAll(async () => {
    t = await createTestApp(stores);
    const { amina, youssef } = await seedCouple(t.database.db);
    const hers = await sessionFor(t.database.db, amina);
    const recorded = await fs.readFile(
      path.join(import.meta.dirname, '../../../test/fixtures/voice-note.webm'),
    );
    // What is stored and served: the recording without its metadata (ADR 072).
    note = withoutMetadata(recorded, '.webm');
    const form = multipart(
      { uuid: crypto.randomUUID() },
      { audio: [{ filename: 'note.webm', contentType: 'audio/webm', data: recorded }] },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${youssef}`,
      headers: { ...bearer(hers), ...form.headers },
      payload: form.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const conversation = await t.app.inject({
      url: `/api/chat/conversation/${youssef}`,
      headers: bearer(hers),
    });
    url = (conversation.json() as Message[]).at(-1)?.audioUrl ?? '';
  });

  it('sends it whole with its type, private caching and validators', async () => {
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(note)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'audio/webm',
      'content-length': String(note.length),
      'accept-ranges': 'bytes',
      'cache-control': expect.stringMatching(/^private, max-age=\d+$/),
      etag: expect.stringMatching(/"/),
      'last-modified': expect.stringMatching(/GMT$/),
    });
  });

  it('seeks by byte ranges, and says which ones cannot be', async () => {
    const size = note.length;
    const cases = [
      ['bytes=0-99', 0, 99],
      [`bytes=${size - 50}-`, size - 50, size - 1],
      ['bytes=-20', size - 20, size - 1],
      [`bytes=100-${size + 500}`, 100, size - 1],
    ] as const;
    for (const [range, start, end] of cases) {
      const part = await t.app.inject({ url, headers: { range } });
      expect([part.statusCode, part.headers['content-range']], range).toEqual([
        206,
        `bytes ${start}-${end}/${size}`,
      ]);
      expect(part.rawPayload.equals(note.subarray(start, end + 1)), range).toBe(true);
    }
    const beyond = await t.app.inject({ url, headers: { range: `bytes=${size}-` } });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, `bytes */${size}`]);
    // Several ranges at once: the whole file, as the standard allows.
    const several = await t.app.inject({ url, headers: { range: 'bytes=0-1,5-6' } });
    expect([several.statusCode, several.rawPayload.length]).toEqual([200, size]);
  });

  it('answers 304 to a browser whose copy is current, and the file once it is not', async () => {
    const first = await t.app.inject({ url });
    const byTag = await t.app.inject({
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect([byTag.statusCode, byTag.rawPayload.length]).toEqual([304, 0]);
    const byDate = await t.app.inject({
      url,
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(byDate.statusCode).toBe(304);
    const stale = await t.app.inject({ url, headers: { 'if-none-match': '"another"' } });
    expect(stale.statusCode).toBe(200);
    // A range for another version of the file: the whole current one.
    const otherVersion = await t.app.inject({
      url,
      headers: { range: 'bytes=0-9', 'if-range': '"another"' },
    });
    expect([otherVersion.statusCode, otherVersion.rawPayload.length]).toEqual([200, note.length]);
  });
});
