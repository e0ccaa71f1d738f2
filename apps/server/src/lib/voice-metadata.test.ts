import fs from 'node:fs/promises';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { oggChecksum, UnreadableRecording, withoutMetadata } from './voice-metadata.ts';
import { checkVoiceRecording } from './voice-recordings.ts';

const fixture = (name: string) =>
  fs.readFile(path.join(import.meta.dirname, '../../test/fixtures', name));
const rule = {
  maxSeconds: 120,
  unsupported: 'VOICE_NOTE_UNSUPPORTED',
  tooLong: 'VOICE_NOTE_TOO_LONG',
} as const;
const parse = (data: Buffer) => parseBuffer(data, undefined, { duration: true });
const extensionOf = (name: string) => path.extname(name);

/** Every text FFmpeg and the `-metadata` options wrote into the fixtures. */
const LEFTOVERS = ['Lavf', 'Lavc', 'libopus', 'ENCODER', 'encoder=', 'Aicha', 'Dakar', 'Diallo'];

/** The tags music-metadata reads with a value (it lists a WebM's missing title as undefined). */
async function tagsOf(data: Buffer) {
  const { common, native } = await parse(data);
  const nativeTags = Object.values(native)
    .flat()
    .filter((tag) => tag.value !== undefined);
  return { title: common.title, artist: common.artist, encodedby: common.encodedby, nativeTags };
}

/** An Ogg stream's pages: where each starts and whether its checksum is right. */
function oggPages(data: Buffer) {
  const pages: Array<{ start: number; checksumRight: boolean }> = [];
  for (let at = 0; at < data.length; ) {
    const segments = data[at + 26] ?? 0;
    const lacing = data.subarray(at + 27, at + 27 + segments);
    const end = at + 27 + segments + lacing.reduce((sum, value) => sum + value, 0);
    const page = Buffer.from(data.subarray(at, end));
    const stored = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    pages.push({ start: at, checksumRight: oggChecksum(page) === stored });
    at = end;
  }
  return pages;
}

describe('a voice recording stored without metadata', () => {
  it.each([
    'voice-note.webm',
    'voice-introduction-35s.webm',
    'voice-note-tagged.webm',
    'voice-note.ogg',
    'voice-note-tagged.ogg',
    'voice-note.m4a',
    'voice-note-tagged.m4a',
  ])('%s keeps playing as long, with no encoder, title or artist left', async (name) => {
    const recorded = await fixture(name);
    const checked = await checkVoiceRecording(recorded, { ...rule, maxSeconds: 60 });
    expect(recorded.includes('Lavf')).toBe(true);

    const stored = checked.data;
    expect(LEFTOVERS.filter((text) => stored.includes(text))).toEqual([]);
    expect(await tagsOf(stored)).toEqual({
      title: undefined,
      artist: undefined,
      encodedby: undefined,
      nativeTags: [],
    });
    const [before, after] = [(await parse(recorded)).format, (await parse(stored)).format];
    for (const field of ['container', 'codec', 'duration', 'numberOfChannels', 'sampleRate']) {
      expect(after[field as keyof typeof after], field).toEqual(
        before[field as keyof typeof before],
      );
    }
    // Still a recording the server accepts, as long as before; a second pass changes nothing.
    const again = await checkVoiceRecording(stored, { ...rule, maxSeconds: 60 });
    expect([again.extension, again.seconds]).toEqual([checked.extension, checked.seconds]);
    expect(again.data.equals(stored)).toBe(true);
    // WebM and MP4 are rewritten in place (no offset moves); Ogg loses its comment bytes.
    if (name.endsWith('.ogg')) expect(stored.length).toBeLessThan(recorded.length);
    else expect(stored.length).toBe(recorded.length);
  });

  it('forgets when a WebM or an MP4 was made', async () => {
    const dateUtc = Buffer.from([0x44, 0x61, 0x88]);
    const webm = await fixture('voice-note-tagged.webm');
    expect(webm.includes(dateUtc)).toBe(true);
    expect(withoutMetadata(webm, '.webm').includes(dateUtc)).toBe(false);

    const m4a = await fixture('voice-note-tagged.m4a');
    expect((await parse(m4a)).format.creationTime?.getUTCFullYear()).toBe(2024);
    const cleaned = await parse(withoutMetadata(m4a, '.m4a'));
    expect(cleaned.format.creationTime?.getUTCFullYear()).toBe(1904);
  });

  it('rebuilds the Ogg comment page with a right checksum and keeps every other page', async () => {
    const recorded = await fixture('voice-note-tagged.ogg');
    const stored = withoutMetadata(recorded, '.ogg');
    const [before, after] = [oggPages(recorded), oggPages(stored)];
    expect(before.every((page) => page.checksumRight)).toBe(true);
    expect(after.every((page) => page.checksumRight)).toBe(true);
    expect(after.length).toBe(before.length);
    const shift = recorded.length - stored.length;
    const audioStart = before[2]?.start ?? 0;
    expect(stored.subarray(audioStart - shift).equals(recorded.subarray(audioStart))).toBe(true);
  });
});

/** Ogg pages split from one packet: the OpusTags packet spread over two pages. */
function oggPage(template: Buffer, flags: number, lacing: number[], body: Buffer) {
  const page = Buffer.concat([template.subarray(0, 26), Buffer.from([lacing.length, ...lacing])]);
  page[5] = flags;
  const whole = Buffer.concat([page, body]);
  whole.writeUInt32LE(0, 22);
  whole.writeUInt32LE(oggChecksum(whole), 22);
  return whole;
}

async function oggWithTagsOnTwoPages() {
  const recorded = await fixture('voice-note.ogg');
  const pages = oggPages(recorded);
  const [head, tags, audio] = pages.map((page) => page.start);
  const tagsPage = recorded.subarray(tags, audio);
  const packet = Buffer.concat([
    recorded.subarray((tags ?? 0) + 28, audio),
    Buffer.alloc(300 - ((audio ?? 0) - (tags ?? 0) - 28)),
  ]);
  return Buffer.concat([
    recorded.subarray(head, tags),
    oggPage(tagsPage, 0, [255], packet.subarray(0, 255)),
    oggPage(tagsPage, 1, [45], packet.subarray(255)),
    recorded.subarray(audio),
  ]);
}

describe('a recording the rewrite cannot walk', () => {
  it('is refused as unsupported, never stored half-cleaned', async () => {
    const webm = await fixture('voice-note-tagged.webm');
    const ogg = await fixture('voice-note.ogg');
    const m4a = await fixture('voice-note.m4a');
    const garbledTags = Buffer.from(webm);
    const tagsAt = garbledTags.lastIndexOf(Buffer.from([0x12, 0x54, 0xc3, 0x67]));
    garbledTags[tagsAt + 4] = 0x08; // the Tags' size now claims more bytes than the file has
    const cases: Array<[string, Buffer, string]> = [
      ['a WebM cut inside its tracks', webm.subarray(0, 300), '.webm'],
      ['a WebM whose Tags run past its end', garbledTags, '.webm'],
      ['an MP4 cut inside its moov', m4a.subarray(0, m4a.length - 40), '.m4a'],
      ['an Ogg cut inside a page', ogg.subarray(0, ogg.length - 10), '.ogg'],
      ['an Ogg whose OpusTags spans two pages', await oggWithTagsOnTwoPages(), '.ogg'],
      ['no container at all', Buffer.from('RIFF....WAVEfmt '), '.webm'],
    ];
    for (const [what, data, extension] of cases) {
      expect(() => withoutMetadata(data, extension), what).toThrow(UnreadableRecording);
      await expect(checkVoiceRecording(data, rule), what).rejects.toMatchObject({
        statusCode: 400,
        code: 'VOICE_NOTE_UNSUPPORTED',
      });
    }
  });

  it('never throws anything but a refusal, whatever bytes are changed', async () => {
    let seed = 41;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const name of [
      'voice-note-tagged.webm',
      'voice-note-tagged.ogg',
      'voice-note-tagged.m4a',
    ]) {
      const recorded = await fixture(name);
      for (let round = 0; round < 300; round++) {
        const garbled = Buffer.from(recorded.subarray(0, Math.ceil(recorded.length * random())));
        for (let i = 0; i < 4; i++) {
          garbled[Math.floor(random() * garbled.length)] = Math.floor(random() * 256);
        }
        try {
          withoutMetadata(garbled, extensionOf(name));
        } catch (error) {
          expect(error, name).toBeInstanceOf(UnreadableRecording);
        }
      }
    }
  });
});
