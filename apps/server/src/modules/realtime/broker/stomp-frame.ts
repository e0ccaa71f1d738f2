/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html), read from and written
 * to WebSocket messages. Ours rather than a library's: the parsers on npm belong to clients
 * (they trust the server and hold whatever it sends), and a broker must bound every frame a
 * stranger sends before it allocates for it (ADR 011).
 */

const CLIENT_COMMANDS = [
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
] as const;
export type ClientCommand = (typeof CLIENT_COMMANDS)[number];
export type ServerCommand = 'CONNECTED' | 'MESSAGE' | 'RECEIPT' | 'ERROR';

export type ClientFrame = {
  command: ClientCommand;
  /** The first occurrence of a repeated header wins (spec: "Repeated Header Entries"). */
  headers: ReadonlyMap<string, string>;
  body: Buffer;
};

export type FrameLimits = {
  /** Command, headers and body together, in bytes. */
  maxFrameBytes: number;
  maxHeaders: number;
};

/** A frame the broker cannot accept: answered with an ERROR frame, then the socket closes. */
export class StompProtocolError extends Error {}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0;
const commands = new Set<string>(CLIENT_COMMANDS);
const EMPTY = Buffer.alloc(0);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** `\\`, `\n`, `\r` and `\c` (a colon); any other escape is a fatal error (spec: Value Encoding). */
function unescapeHeader(text: string): string {
  // Most headers hold no escape: they are returned as they are, without a copy.
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.?)/gs, (_, next: string) => {
    switch (next) {
      case '\\':
        return '\\';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 'c':
        return ':';
      default:
        throw new StompProtocolError('Undefined escape sequence in a header');
    }
  });
}

const NEEDS_ESCAPE = /[\\\n\r:]/;

function escapeHeader(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(/[\\\n\r:]/g, (c) => {
    if (c === '\\') return '\\\\';
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    return '\\c';
  });
}

/**
 * Where the empty line that ends the headers starts (and its EOL's length), searching from `from`;
 * `at` is -1 while it has not arrived.
 */
function endOfHeaders(bytes: Buffer, from: number): { at: number; length: number } {
  for (let lf = bytes.indexOf(LF, from); lf !== -1; lf = bytes.indexOf(LF, lf + 1)) {
    if (bytes[lf + 1] === LF) return { at: lf, length: 2 };
    if (bytes[lf + 1] === CR && bytes[lf + 2] === LF) return { at: lf, length: 3 };
  }
  return { at: -1, length: 0 };
}

/** The line of `text` from `start` to the LF at `lf` (-1: the last line), without its CR. */
function lineOf(text: string, start: number, lf: number): string {
  if (lf === -1) return text.slice(start);
  return text.charCodeAt(lf - 1) === CR && lf > start
    ? text.slice(start, lf - 1)
    : text.slice(start, lf);
}

function parseHead(head: Buffer, maxHeaders: number): Omit<ClientFrame, 'body'> {
  let text: string;
  try {
    text = strictUtf8.decode(head);
  } catch {
    throw new StompProtocolError('Frame headers are not valid UTF-8');
  }
  let lineEnd = text.indexOf('\n');
  const command = lineOf(text, 0, lineEnd);
  if (!commands.has(command)) throw new StompProtocolError('Unknown command');
  // CONNECT frames are not escaped, so that 1.0 clients can connect (spec: Value Encoding).
  const escaped = command !== 'CONNECT' && command !== 'STOMP';
  const headers = new Map<string, string>();
  let count = 0;
  while (lineEnd !== -1) {
    if (++count > maxHeaders) throw new StompProtocolError('Too many headers');
    const lineStart = lineEnd + 1;
    lineEnd = text.indexOf('\n', lineStart);
    const line = lineOf(text, lineStart, lineEnd);
    const colon = line.indexOf(':');
    if (colon <= 0) throw new StompProtocolError('Malformed header');
    const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
    if (headers.has(name)) continue;
    const value = line.slice(colon + 1);
    headers.set(name, escaped ? unescapeHeader(value) : value);
  }
  return { command: command as ClientCommand, headers };
}

/**
 * Reads the frames of one connection from its WebSocket messages. A frame may span messages and a
 * message may hold several frames; end-of-lines between frames are heart-beats. Nothing beyond
 * `maxFrameBytes` of one frame is ever kept: the frame is refused as soon as it is known to be
 * longer. A frame trickled a byte per message costs linear time: the bytes are appended to one
 * growing buffer and the search for the end of the headers or the body resumes where it stopped.
 */
export function createFrameReader(limits: FrameLimits) {
  let store: Buffer = EMPTY;
  let start = 0; // first unread byte in `store`
  let end = 0; // one past the last received byte
  let scanned = 0; // bytes of the current frame already searched for its end, from `start`
  let head: (Omit<ClientFrame, 'body'> & { bodyStart: number }) | undefined; // once read

  function append(message: Buffer) {
    if (start === end) {
      // The usual case, a message of whole frames: read in place, nothing copied or kept after.
      store = message;
      start = 0;
      end = message.length;
      return;
    }
    if (end + message.length > store.length) {
      const held = end - start;
      const size = Math.max(
        held + message.length,
        Math.min(2 * store.length, limits.maxFrameBytes * 2),
      );
      const next = Buffer.allocUnsafe(Math.max(size, 256));
      store.copy(next, 0, start, end);
      store = next;
      start = 0;
      end = held;
    }
    message.copy(store, end);
    end += message.length;
  }

  function consume(bytes: number) {
    start += bytes;
    scanned = 0;
    head = undefined;
    if (start === end) {
      store = EMPTY;
      start = end = 0;
    }
  }

  function take(): ClientFrame | 'heart-beat' | undefined {
    const bytes = store.subarray(start, end);
    let eols = 0;
    while (bytes[eols] === LF || (bytes[eols] === CR && bytes[eols + 1] === LF)) {
      eols += bytes[eols] === LF ? 1 : 2;
    }
    if (eols > 0) {
      consume(eols);
      return 'heart-beat';
    }
    if (bytes.length === 0) return undefined;

    if (!head) {
      const eoh = endOfHeaders(bytes, Math.max(0, scanned - 2));
      if (eoh.at === -1) {
        if (bytes.length > limits.maxFrameBytes) throw new StompProtocolError('Frame too large');
        scanned = bytes.length;
        return undefined;
      }
      const bodyStart = eoh.at + eoh.length;
      if (bodyStart > limits.maxFrameBytes) throw new StompProtocolError('Frame too large');
      const headEnd = bytes[eoh.at - 1] === CR ? eoh.at - 1 : eoh.at;
      head = { ...parseHead(bytes.subarray(0, headEnd), limits.maxHeaders), bodyStart };
      scanned = bodyStart;
    }
    const { command, headers, bodyStart } = head;

    let bodyEnd: number;
    const declared = headers.get('content-length');
    if (declared !== undefined) {
      if (!/^\d{1,10}$/.test(declared)) throw new StompProtocolError('Invalid content-length');
      bodyEnd = bodyStart + Number(declared);
      if (bodyEnd + 1 > limits.maxFrameBytes) throw new StompProtocolError('Frame too large');
      if (bytes.length <= bodyEnd) return undefined;
      if (bytes[bodyEnd] !== NUL) {
        throw new StompProtocolError('Frame body longer than its content-length');
      }
    } else {
      bodyEnd = bytes.indexOf(NUL, scanned);
      if (bodyEnd === -1) {
        if (bytes.length >= limits.maxFrameBytes) throw new StompProtocolError('Frame too large');
        scanned = bytes.length;
        return undefined;
      }
      if (bodyEnd + 1 > limits.maxFrameBytes) throw new StompProtocolError('Frame too large');
    }
    // Copied out: the store is overwritten by later messages.
    const body = Buffer.from(bytes.subarray(bodyStart, bodyEnd));
    consume(bodyEnd + 1);
    return { command, headers, body };
  }

  return {
    /**
     * Adds a WebSocket message and returns the frames it completes (heart-beats as
     * `'heart-beat'`). Throws StompProtocolError on a frame that breaks the protocol or the limits;
     * the connection must then be closed, since the stream can no longer be read.
     */
    push(message: Buffer): Array<ClientFrame | 'heart-beat'> {
      append(message);
      const out: Array<ClientFrame | 'heart-beat'> = [];
      for (let item = take(); item !== undefined; item = take()) out.push(item);
      return out;
    },
    /** Bytes held for a frame not yet complete. */
    get buffered() {
      return end - start;
    },
  };
}

/**
 * Writes a server frame as the text of one WebSocket message. Headers are escaped (but for
 * CONNECTED, as the spec says); a body always carries its content-length, so it may hold any
 * character, NUL included.
 */
export function serializeFrame(
  command: ServerCommand,
  headers: Record<string, string | number | undefined>,
  body = '',
): string {
  const encode = command === 'CONNECTED' ? (v: string) => v : escapeHeader;
  let head = command;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || name === 'content-length') continue;
    head += `\n${encode(name)}:${encode(String(value))}`;
  }
  if (body.length > 0) head += `\ncontent-length:${Buffer.byteLength(body)}`;
  return `${head}\n\n${body}\0`;
}
