import v8 from 'node:v8';
import vm from 'node:vm';
import { destinations, errorText, type TopicDestination } from '@mawadda/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  registeredMember,
  seedMembers,
  sessionFor,
  someAddress,
} from '../../../test/fixtures.ts';
import { connectStomp, headersOf, rawSocket, waitFor } from '../../../test/stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from '../../../test/test-app.ts';
import { DEFAULT_BROKER_LIMITS } from '../../config.ts';
import { sessions } from '../../db/schema.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import type { RealtimeService } from './index.ts';

/**
 * The broker's transport is tested with bodies of any shape: what each topic carries is the
 * services' concern, which the contract's topic map types.
 */
const publishRaw = (app: { realtime: RealtimeService }, destination: string, body: unknown) =>
  app.realtime.broker.publish(destination as TopicDestination, body as never);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let t: TestContext;
let baseUrl: string;
let amina: string;
let youssef: string;

beforeAll(async () => {
  // Short heart-beats and a small frame limit, so their tests take a second, not a minute.
  t = await createTestApp({
    broker: { heartBeatMs: 200, maxFrameBytes: 4096, framesPerSecond: 20, frameBurst: 40 },
  });
  baseUrl = await listenOnLoopback(t.app);
  const seeded = await seedMembers(t.database.db, [{ gender: 'femme' }, { gender: 'homme' }]);
  amina = seeded[0] ?? '';
  youssef = seeded[1] ?? '';
});

const tokenOf = (memberId = amina) => sessionFor(t.database.db, memberId);
const CONNECT = (headers = '') => `CONNECT\naccept-version:1.2\nhost:mawadda\n${headers}\n\0`;

describe('connecting to the broker', () => {
  it('accepts a live token in the query or in the CONNECT frame', async () => {
    for (const tokenIn of ['query', 'header'] as const) {
      const session = await connectStomp(baseUrl, await tokenOf(), { tokenIn });
      expect(session.client.connected).toBe(true);
      await session.disconnect();
    }
  });

  it('answers a missing, unknown, revoked or expired token with an ERROR the client stops on', async () => {
    const revoked = await tokenOf();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(revoked) });
    const expired = newSecretToken();
    await t.database.db.insert(sessions).values({
      memberId: amina,
      tokenHash: hashToken(expired),
      expiresAt: new Date(t.clock.now().getTime() - 1000),
    });
    for (const [token, code] of [
      [undefined, 'LOGIN_REQUIRED'],
      ['not-a-real-token-at-all-0123456789', 'SESSION_ENDED'],
      [revoked, 'SESSION_ENDED'],
      [expired, 'SESSION_ENDED'],
    ] as const) {
      const session = await connectStomp(baseUrl, token);
      // The code is what the web app acts on; the message is its English text, for people.
      expect((await session.error).headers).toMatchObject({ code, message: errorText(code) });
      await session.closed;
      expect(session.client.connected).toBe(false);
    }
  });

  it('refuses any frame before CONNECT, and a client that offers only STOMP 1.0', async () => {
    const early = await rawSocket(baseUrl);
    early.send('SUBSCRIBE\nid:0\ndestination:/topic/presence\n\n\0');
    const error = await early.frame('ERROR');
    expect(headersOf(error).code).toBe('REALTIME_FRAME_INVALID');
    expect(error).toContain('The first frame must be CONNECT');
    await early.closed();

    const old = await rawSocket(baseUrl, `?token=${await tokenOf()}`);
    old.send('CONNECT\naccept-version:1.0\n\n\0');
    const refused = await old.frame('ERROR');
    expect(headersOf(refused).code).toBe('REALTIME_FRAME_INVALID');
    expect(refused).toContain('Supported protocol versions are 1.2');
    await old.closed();
  });

  it('closes the sockets of a session that logs out, and only that session', async () => {
    const token = await tokenOf();
    const session = await connectStomp(baseUrl, token);
    const other = await connectStomp(baseUrl, await tokenOf());
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await session.error).headers.code).toBe('SESSION_ENDED');
    await session.closed;
    // The member's other session is not the one that logged out.
    expect(other.client.connected).toBe(true);
    await other.disconnect();
  });

  it('closes the sockets of a session that expires while they are open, and only those', async () => {
    const expiring = newSecretToken();
    await t.database.db.insert(sessions).values({
      memberId: amina,
      tokenHash: hashToken(expiring),
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
    });
    const session = await connectStomp(baseUrl, expiring);
    const other = await connectStomp(baseUrl, await tokenOf());
    // Several sweeps (every 100 ms here) pass while the session is live.
    await new Promise((r) => setTimeout(r, 300));
    expect(session.client.connected).toBe(true);
    t.clock.advance(60_000);
    expect((await session.error).headers).toMatchObject({
      code: 'SESSION_ENDED',
      message: errorText('SESSION_ENDED'),
    });
    expect((await session.closed).code).toBe(4001);
    // Later sweeps leave the member's other session, which has not expired, open.
    await new Promise((r) => setTimeout(r, 300));
    expect(other.client.connected).toBe(true);
    await other.disconnect();
  });

  it('closes every socket of a member who resets the password', async () => {
    const member = await registeredMember(t.app);
    const email = member.fields.username as string;
    const phone = await connectStomp(baseUrl, member.token);
    const laptop = await connectStomp(baseUrl, await sessionFor(t.database.db, member.id));
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { username: email },
      remoteAddress: someAddress(),
    });
    let resetToken = '';
    for (let i = 0; i < 100 && !resetToken; i++) {
      const mail = t.mailer.sent.find((m) => m.to === email);
      resetToken = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
      await new Promise((r) => setTimeout(r, 20));
    }
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'a brand new long password' },
      remoteAddress: someAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const socket of [phone, laptop]) {
      expect((await socket.error).headers.code).toBe('SESSION_ENDED');
      await socket.closed;
    }
  });
});

describe('subscriptions', () => {
  it('lets a member subscribe to their own topics and to presence, with receipts', async () => {
    const raw = await rawSocket(baseUrl, `?token=${await tokenOf()}`);
    raw.send(CONNECT());
    await raw.frame('CONNECTED');
    const own = [
      destinations.chat(amina),
      destinations.read(amina),
      destinations.call(amina),
      destinations.presence,
    ];
    own.forEach((destination, i) => {
      raw.send(`SUBSCRIBE\nid:s${i}\ndestination:${destination}\nreceipt:r${i}\n\n\0`);
    });
    for (let i = 0; i < own.length; i++) {
      await waitFor(
        `receipt r${i}`,
        (async () => {
          while (!raw.received.some((f) => f.includes(`receipt-id:r${i}\n`))) {
            await new Promise((r) => setTimeout(r, 10));
          }
        })(),
      );
    }
    expect(raw.received.some((f) => f.startsWith('ERROR'))).toBe(false);
    raw.socket.close();
  });

  it('refuses another member’s chat, read and call topics with an ERROR', async () => {
    for (const destination of [
      destinations.chat(youssef),
      destinations.read(youssef),
      destinations.call(youssef),
      '/topic/everyone',
    ]) {
      const raw = await rawSocket(baseUrl, `?token=${await tokenOf()}`);
      raw.send(CONNECT());
      await raw.frame('CONNECTED');
      raw.send(`SUBSCRIBE\nid:0\ndestination:${destination}\nreceipt:77\n\n\0`);
      const error = await raw.frame('ERROR');
      expect(headersOf(error)).toMatchObject({
        code: 'REALTIME_SUBSCRIPTION_FORBIDDEN',
        'receipt-id': '77',
      });
      expect(error).toContain(`Not allowed to subscribe to ${destination}`);
      await raw.closed();
    }
  });

  it('delivers what is published to the member’s own topic, and only there', async () => {
    const aminaSession = await connectStomp(baseUrl, await tokenOf(amina));
    const youssefSession = await connectStomp(baseUrl, await tokenOf(youssef));
    const aminaChat = aminaSession.subscribe(destinations.chat(amina));
    const youssefChat = youssefSession.subscribe(destinations.chat(youssef));
    await aminaChat.subscribed;
    await youssefChat.subscribed;
    await publishRaw(t.app, destinations.chat(amina), { content: 'Salam' });
    expect(await aminaChat.next()).toEqual({ content: 'Salam' });
    await new Promise((r) => setTimeout(r, 100));
    expect(youssefChat.messages).toEqual([]);
    await aminaSession.disconnect();
    await youssefSession.disconnect();
  });
  it('stops delivering once a member unsubscribes, with a receipt, and refuses an unknown id', async () => {
    const raw = await rawSocket(baseUrl, `?token=${await tokenOf(amina)}`);
    raw.send(CONNECT());
    await raw.frame('CONNECTED');
    raw.send(`SUBSCRIBE\nid:chat\ndestination:${destinations.chat(amina)}\nreceipt:in\n\n\0`);
    await raw.frame('RECEIPT');
    await publishRaw(t.app, destinations.chat(amina), { n: 1 });
    expect(await raw.frame('MESSAGE')).toContain('{"n":1}');

    raw.send('UNSUBSCRIBE\nid:chat\nreceipt:out\n\n\0');
    await waitFor(
      'receipt out',
      (async () => {
        while (!raw.received.some((f) => f.includes('receipt-id:out\n'))) {
          await new Promise((r) => setTimeout(r, 10));
        }
      })(),
    );
    await publishRaw(t.app, destinations.chat(amina), { n: 2 });
    await new Promise((r) => setTimeout(r, 100));
    expect(raw.received.filter((f) => f.startsWith('MESSAGE'))).toHaveLength(1);

    raw.send('UNSUBSCRIBE\nid:chat\n\n\0');
    const error = await raw.frame('ERROR');
    expect(headersOf(error).code).toBe('REALTIME_FRAME_INVALID');
    expect(error).toContain('UNSUBSCRIBE needs the id of a subscription');
    await raw.closed();
  });
});

describe('frames the broker refuses', () => {
  it('closes a socket that sends to a destination no one serves', async () => {
    const raw = await rawSocket(baseUrl, `?token=${await tokenOf()}`);
    raw.send(CONNECT());
    await raw.frame('CONNECTED');
    raw.send('SEND\ndestination:/topic/chat/someone\n\nhello\0');
    const error = await raw.frame('ERROR');
    expect(headersOf(error).code).toBe('REALTIME_DESTINATION_UNKNOWN');
    expect(error).toContain('Cannot send to /topic/chat/someone');
    await raw.closed();
  });

  it('refuses a subscription past the limit of one connection', async () => {
    const raw = await rawSocket(baseUrl, `?token=${await tokenOf()}`);
    raw.send(CONNECT());
    await raw.frame('CONNECTED');
    for (let id = 0; id <= DEFAULT_BROKER_LIMITS.maxSubscriptions; id++) {
      raw.send(`SUBSCRIBE\nid:${id}\ndestination:${destinations.presence}\n\n\0`);
    }
    expect(headersOf(await raw.frame('ERROR')).code).toBe('REALTIME_SUBSCRIPTIONS_TOO_MANY');
    expect((await raw.closed()).code).toBe(1008);
  });

  it('takes presence from the connection, and refuses a body that is not a presence', async () => {
    const raw = await rawSocket(baseUrl, `?token=${await tokenOf()}`);
    raw.send(CONNECT());
    await raw.frame('CONNECTED');
    raw.send(
      `SEND\ndestination:/app/presence\nreceipt:p1\n\n{"userId":"${youssef}","status":"online"}\0`,
    );
    expect(await raw.frame('RECEIPT')).toContain('receipt-id:p1');
    raw.send('SEND\ndestination:/app/presence\n\n{"status":"invisible"}\0');
    const error = await raw.frame('ERROR');
    expect(headersOf(error).code).toBe('REALTIME_FRAME_INVALID');
    expect(error).toContain('Presence needs a status');
    await raw.closed();
  });

  it('answers malformed, unknown and oversized frames with an ERROR, and keeps serving others', async () => {
    const bystander = await connectStomp(baseUrl, await tokenOf());
    for (const bad of [
      'HELLO\n\n\0',
      'SEND\nbroken header\n\n\0',
      `SEND\ndestination:/app/presence\n\n${'x'.repeat(5000)}\0`,
      'BEGIN\ntransaction:t1\n\n\0',
    ]) {
      const raw = await rawSocket(baseUrl, `?token=${await tokenOf()}`);
      raw.send(CONNECT());
      await raw.frame('CONNECTED');
      raw.send(bad);
      const error = await raw.frame('ERROR');
      expect(headersOf(error).code).toBe('REALTIME_FRAME_INVALID');
      expect(error).toMatch(
        /\n\n(Unknown command|Malformed header|Frame too large|Transactions are not supported)\0/,
      );
      expect((await raw.closed()).code).toBe(1008);
    }
    expect(bystander.client.connected).toBe(true);
    await bystander.disconnect();
  });

  it('cuts off a client that floods frames, and holds it back a while before it reconnects', async () => {
    // A member of its own: held back afterwards, it must not be anyone another test uses.
    const [flooderId = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const flooder = await tokenOf(flooderId);
    const raw = await rawSocket(baseUrl, `?token=${flooder}`);
    raw.send(CONNECT());
    await raw.frame('CONNECTED');
    for (let i = 0; i < 200; i++)
      raw.send(`SEND\ndestination:/app/presence\n\n{"status":"online"}\0`);
    expect(headersOf(await raw.frame('ERROR')).code).toBe('REALTIME_TOO_MANY_FRAMES');
    await raw.closed();
    const again = await rawSocket(baseUrl, `?token=${flooder}`);
    again.send(CONNECT());
    const held = await again.frame('ERROR');
    expect(headersOf(held).code).toBe('REALTIME_TOO_MANY_FRAMES');
    expect(held).toContain('wait before reconnecting');
    // Others are not held back.
    const other = await connectStomp(baseUrl, await tokenOf(amina));
    expect(other.client.connected).toBe(true);
    await other.disconnect();
  });

  it('drops a client silent past twice its heart-beat, and answers DISCONNECT with its receipt', async () => {
    const silent = await rawSocket(baseUrl, `?token=${await tokenOf()}`);
    silent.send(CONNECT('heart-beat:200,0\n'));
    expect(await silent.frame('CONNECTED')).toContain('heart-beat:200,200');
    const { code } = await silent.closed();
    expect(code).toBe(1006);

    const polite = await rawSocket(baseUrl, `?token=${await tokenOf()}`);
    polite.send(CONNECT());
    await polite.frame('CONNECTED');
    polite.send('DISCONNECT\nreceipt:bye\n\n\0');
    expect(await polite.frame('RECEIPT')).toContain('receipt-id:bye');
    expect((await polite.closed()).code).toBe(1000);
  });

  it('keeps a client that sends its heart-beats', async () => {
    // Beats of a second, dropped past two of silence: three seconds would drop a silent client,
    // and a busy machine's pauses (PGlite answers on this thread) stay under two. At 200 ms a
    // pause of 400 ms, common there, dropped a client that kept its beats.
    const node = await createTestApp({ database: t.database, broker: { heartBeatMs: 1000 } });
    try {
      const url = await listenOnLoopback(node.app);
      const session = await connectStomp(url, await tokenOf(), { heartbeatMs: 1000 });
      await new Promise((r) => setTimeout(r, 3000));
      expect(session.client.connected).toBe(true);
      await session.disconnect();
    } finally {
      await node.app.close();
    }
  });
});

describe('shutting down', () => {
  it('tells every client the server is restarting before it closes their sockets', async () => {
    const node = await createTestApp({ database: t.database });
    const url = await listenOnLoopback(node.app);
    const session = await connectStomp(url, await tokenOf());
    await node.app.close();
    expect((await session.error).headers.code).toBe('SERVER_RESTARTING');
    expect((await session.closed).code).toBe(1012);
  });
});

describe('clients that misbehave', () => {
  it('drops a socket that stops reading, and keeps delivering to the others', async () => {
    const slow = await createTestApp({
      database: t.database,
      broker: { maxBufferedBytes: 64 * 1024 },
    });
    const url = await listenOnLoopback(slow.app);
    const stalled = await rawSocket(url, `?token=${await tokenOf(amina)}`);
    stalled.send(CONNECT());
    await stalled.frame('CONNECTED');
    stalled.send(`SUBSCRIBE\nid:0\ndestination:${destinations.chat(amina)}\nreceipt:ready\n\n\0`);
    await stalled.frame('RECEIPT');
    const reader = await connectStomp(url, await tokenOf(youssef));
    const readerChat = reader.subscribe(destinations.chat(youssef));
    await readerChat.subscribed;
    // The stalled client stops reading its TCP socket: what the server writes piles up.
    (stalled.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const big = 'x'.repeat(16 * 1024);
    for (let i = 0; i < 400 && slow.app.realtime.broker.connectionCount > 1; i++) {
      await publishRaw(slow.app, destinations.chat(amina), { big, i });
      await new Promise((r) => setImmediate(r));
    }
    expect(slow.app.realtime.broker.connectionCount).toBe(1);
    await publishRaw(slow.app, destinations.chat(youssef), { still: 'here' });
    expect(await readerChat.next()).toEqual({ still: 'here' });
    await reader.disconnect();
  });

  it('survives 10,000 random, truncated and oversized frames, keeps serving others, and its memory returns to baseline', async () => {
    const bystander = await connectStomp(baseUrl, await tokenOf(youssef));
    const bystanderChat = bystander.subscribe(destinations.chat(youssef));
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pieces = [
      'SEND',
      'SUBSCRIBE',
      'CONNECT',
      '\n',
      ':',
      '\\c',
      '\\x',
      'destination',
      '/app/presence',
      'content-length:',
      '9',
      '\0',
      '{"status":"online"}',
      '\r',
    ];
    const token = await tokenOf(amina);
    // The heap once garbage is collected (several passes: weak references, finalizers).
    const heapNow = async () => {
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((r) => setTimeout(r, 50));
      }
      return process.memoryUsage().heapUsed;
    };
    // Warm: the first connections compile and cache what every later one reuses.
    for (let i = 0; i < 50; i++) {
      const raw = await rawSocket(baseUrl, `?token=${token}`);
      raw.send(CONNECT());
      await raw.frame('CONNECTED');
      raw.socket.close();
      await raw.closed();
    }
    const baseline = await heapNow();
    let sent = 0;
    while (sent < 10_000) {
      const raw = await rawSocket(baseUrl, `?token=${token}`);
      raw.send(CONNECT());
      await raw.frame('CONNECTED');
      // Up to 20 frames a connection (within its burst), until one is refused and it closes.
      for (let i = 0; i < 20 && raw.socket.readyState === raw.socket.OPEN; i++, sent++) {
        const kind = random();
        const frame =
          kind < 0.05
            ? `SEND\ndestination:/app/presence\n\n${'y'.repeat(4096 + Math.floor(random() * 4096))}\0`
            : Array.from(
                { length: 1 + Math.floor(random() * 12) },
                () => pieces[Math.floor(random() * pieces.length)],
              ).join('');
        raw.send(random() < 0.2 ? frame.slice(0, Math.floor(random() * frame.length)) : frame);
      }
      raw.socket.close();
      await raw.closed();
    }
    await publishRaw(t.app, destinations.chat(youssef), { after: sent });
    expect(await bystanderChat.next()).toEqual({ after: sent });
    // Every fuzzing connection is gone: nothing of theirs is kept.
    expect(t.app.realtime.broker.connectionCount).toBe(1);
    // And the heap is back near where it was: one connection kept alive (its socket, request and
    // reader) weighs about 10 KB, so the 500 or more of this test would be some 5 MB more.
    expect((await heapNow()) - baseline).toBeLessThan(3 * 1024 * 1024);
    await bystander.disconnect();
  }, 120_000);
});
