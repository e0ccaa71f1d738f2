import { describe, expect, it } from 'vitest';
import {
  type ClientFrame,
  createFrameReader,
  StompProtocolError,
  serializeFrame,
} from './stomp-frame.ts';

const limits = { maxFrameBytes: 1024, maxHeaders: 8 };
const read = (...messages: Array<string | Buffer>) => {
  const reader = createFrameReader(limits);
  return messages.flatMap((m) => reader.push(Buffer.isBuffer(m) ? m : Buffer.from(m)));
};
const frames = (items: Array<ClientFrame | 'heart-beat'>) =>
  items
    .filter((i): i is ClientFrame => i !== 'heart-beat')
    .map((f) => ({
      command: f.command,
      headers: Object.fromEntries(f.headers),
      body: `${f.body}`,
    }));

describe('reading STOMP frames', () => {
  it('reads a SEND with its headers and body, and a DISCONNECT without either', () => {
    expect(
      frames(
        read('SEND\ndestination:/app/chat/42\nreceipt:7\n\n{"text":"salam"}\0DISCONNECT\n\n\0'),
      ),
    ).toEqual([
      {
        command: 'SEND',
        headers: { destination: '/app/chat/42', receipt: '7' },
        body: '{"text":"salam"}',
      },
      { command: 'DISCONNECT', headers: {}, body: '' },
    ]);
  });

  it('reads a frame cut across messages at every byte, and CRLF line ends', () => {
    const text = 'SUBSCRIBE\r\nid:sub-0\r\ndestination:/topic/chat/1\r\n\r\n\0';
    for (let cut = 1; cut < text.length; cut++) {
      expect(frames(read(text.slice(0, cut), text.slice(cut)))).toEqual([
        { command: 'SUBSCRIBE', headers: { id: 'sub-0', destination: '/topic/chat/1' }, body: '' },
      ]);
    }
    const byByte = read(...[...text].map((c) => c));
    expect(frames(byByte)).toHaveLength(1);
  });

  it('takes a body of content-length bytes, NUL included, and refuses one that runs past it', () => {
    const body = Buffer.from('a\0b é');
    const frame = Buffer.concat([
      Buffer.from(`SEND\ndestination:/app/x\ncontent-length:${body.length}\n\n`),
      body,
      Buffer.from('\0'),
    ]);
    expect(frames(read(frame))[0]?.body).toBe('a\0b é');
    expect(() => read('SEND\ncontent-length:1\n\nab\0')).toThrow(StompProtocolError);
    expect(() => read('SEND\ncontent-length:-1\n\n\0')).toThrow('Invalid content-length');
  });

  it('unescapes header values, keeps the first of repeated headers, and leaves CONNECT as sent', () => {
    const [send] = frames(read('SEND\nnote:a\\cb\\nc\\\\d\\re\nnote:second\n\n\0'));
    expect(send?.headers.note).toBe('a:b\nc\\d\re');
    const [connect] = frames(read('CONNECT\npasscode:a\\cb\n\n\0'));
    expect(connect?.headers.passcode).toBe('a\\cb');
    expect(() => read('SEND\nnote:a\\tb\n\n\0')).toThrow('Undefined escape sequence');
  });

  it('counts end-of-lines between frames as heart-beats', () => {
    expect(read('\n', '\r\n\n')).toEqual(['heart-beat', 'heart-beat']);
    expect(read('\nDISCONNECT\n\n\0\n').map((i) => (i === 'heart-beat' ? i : i.command))).toEqual([
      'heart-beat',
      'DISCONNECT',
      'heart-beat',
    ]);
  });

  it('refuses unknown commands, malformed headers, bad UTF-8 and too many headers', () => {
    expect(() => read('HELLO\n\n\0')).toThrow('Unknown command');
    expect(() => read('send\n\n\0')).toThrow('Unknown command');
    expect(() => read('SEND\nno-colon\n\n\0')).toThrow('Malformed header');
    expect(() => read('SEND\n:empty-name\n\n\0')).toThrow('Malformed header');
    expect(() =>
      read(Buffer.from([0x53, 0x45, 0x4e, 0x44, 0x0a, 0xff, 0x3a, 0x0a, 0x0a, 0])),
    ).toThrow('not valid UTF-8');
    const nine = Array.from({ length: 9 }, (_, i) => `h${i}:v`).join('\n');
    expect(() => read(`SEND\n${nine}\n\n\0`)).toThrow('Too many headers');
  });

  it('refuses a frame past the size limit as soon as it is known, without waiting for its end', () => {
    expect(() => read(`SEND\ncontent-length:2000\n\n`)).toThrow('Frame too large');
    expect(() => read(`SEND\n\n${'x'.repeat(1100)}`)).toThrow('Frame too large');
    expect(() => read(`SEND\nh:${'x'.repeat(1100)}`)).toThrow('Frame too large');
    const reader = createFrameReader(limits);
    expect(() => {
      for (let i = 0; i < 2000; i++) reader.push(Buffer.from(i < 6 ? ('SEND\n\n'[i] ?? '') : 'x'));
    }).toThrow('Frame too large');
    expect(reader.buffered).toBeLessThanOrEqual(limits.maxFrameBytes + 1);
  });

  it('keeps no bytes once a message of whole frames is read', () => {
    const reader = createFrameReader(limits);
    reader.push(Buffer.from('SEND\n\nhi'));
    expect(reader.buffered).toBe(8);
    reader.push(Buffer.from('\0'));
    expect(reader.buffered).toBe(0);
  });

  it('answers random and truncated bytes with frames or a protocol error, nothing else', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const alphabet = Buffer.from('SEND\nCONNECT:\\c\r\0abc-length:5\n');
    for (let run = 0; run < 10_000; run++) {
      const reader = createFrameReader(limits);
      const bytes = Buffer.from(
        Array.from({ length: Math.floor(random() * 200) }, () =>
          random() < 0.7
            ? (alphabet[Math.floor(random() * alphabet.length)] ?? 0)
            : Math.floor(random() * 256),
        ),
      );
      try {
        for (let at = 0; at < bytes.length; at += 1 + Math.floor(random() * 40)) {
          reader.push(bytes.subarray(at, at + 1 + Math.floor(random() * 40)));
        }
      } catch (error) {
        expect(error).toBeInstanceOf(StompProtocolError);
      }
      expect(reader.buffered).toBeLessThanOrEqual(limits.maxFrameBytes + 40);
    }
  });
});

describe('writing STOMP frames', () => {
  it('escapes headers, gives the body its byte length and ends with NUL', () => {
    const text = serializeFrame('MESSAGE', { destination: '/topic/chat/1', note: 'a:b\nc\\' }, 'é');
    expect(text).toBe(
      'MESSAGE\ndestination:/topic/chat/1\nnote:a\\cb\\nc\\\\\ncontent-length:2\n\né\0',
    );
  });

  it('writes CONNECTED headers unescaped, and what it writes reads back the same', () => {
    expect(serializeFrame('CONNECTED', { version: '1.2', 'heart-beat': '10000,10000' })).toBe(
      'CONNECTED\nversion:1.2\nheart-beat:10000,10000\n\n\0',
    );
    const written = serializeFrame('RECEIPT', { 'receipt-id': 'a:b\\c' }).replace(
      'RECEIPT',
      'SEND',
    );
    expect(frames(read(written))[0]?.headers['receipt-id']).toBe('a:b\\c');
  });
});
