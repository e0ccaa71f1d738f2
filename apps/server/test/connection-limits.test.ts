import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, photo, validRegistration } from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
let port: number;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({
    connections: { requestTimeoutMs: 1000, maxConnectionsPerAddress: 3 },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});

afterAll(() => {
  for (const socket of sockets) socket.destroy();
});

/** A raw connection from `localAddress` (any 127.x address reaches the loopback). */
function connect(localAddress = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress }, () => resolve(socket));
    socket.on('error', reject);
    sockets.push(socket);
  });
}

/** Everything the server sends until it closes the connection, or what came within `ms`. */
function received(socket: net.Socket, ms = 5000): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    const timer = setTimeout(() => resolve({ text, closed: false }), ms);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}

describe('slow and crowded clients', () => {
  it('cuts off a body trickled a byte at a time once the request timeout passes', async () => {
    const socket = await connect('127.0.0.7');
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.write(' '), 200);
    const answer = await received(socket);
    clearInterval(trickle);
    expect(answer.closed).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408/);
  });

  it('refuses connections above the cap from one address and still serves the others', async () => {
    const held = await Promise.all([
      connect('127.0.0.8'),
      connect('127.0.0.8'),
      connect('127.0.0.8'),
    ]);
    const extra = await connect('127.0.0.8');
    const refused = await received(extra);
    expect(refused.text).toMatch(/^HTTP\/1\.1 503/);
    expect(refused.closed).toBe(true);

    const other = await connect('127.0.0.10');
    other.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await received(other)).text).toMatch(/^HTTP\/1\.1 200/);

    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await connect('127.0.0.8');
    again.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await received(again)).text).toMatch(/^HTTP\/1\.1 200/);
  });

  it('answers a compressed form at once instead of never', async () => {
    const body = multipart(
      { ...validRegistration(), bio: 'x'.repeat(20 * 1024 * 1024) },
      { profilePicture: [await photo()] },
    );
    const zipped = gzipSync(body.payload);
    const socket = await connect('127.0.0.9');
    socket.write(
      `POST /api/users/register HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ${body.headers['content-type']}\r\nContent-Encoding: gzip\r\nContent-Length: ${zipped.length}\r\n\r\n`,
    );
    socket.write(zipped);
    const answer = await received(socket, 3000);
    expect(answer.text).toMatch(/^HTTP\/1\.1 415/);
    expect(answer.text).toContain('Send this form without Content-Encoding');
  });

  it('answers 413 to a compressed JSON body that inflates past the limit', async () => {
    // 30 kB on the wire, 30 MB once inflated: the limit counts what the parser would read.
    const zipped = gzipSync(
      JSON.stringify({ username: 'ghost@example.com', password: 'x'.repeat(30 * 1024 * 1024) }),
    );
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zipped,
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().code).toBe('REQUEST_TOO_LARGE');
  });
});
