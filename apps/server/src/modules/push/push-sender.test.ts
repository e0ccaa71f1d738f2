import fs from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { startTestPushService, type TestPushService } from '../../../test/push-service.ts';
import {
  createPushSender,
  type OutgoingPush,
  VAPID_RENEW_S,
  VAPID_VALIDITY_S,
} from './push-sender.ts';

/**
 * The sender alone: where it refuses to connect (a member's endpoint must not make the server
 * post into its own network) and how it reads a push service's answers.
 */

const fixtures = path.join(import.meta.dirname, '../../../test/fixtures');
const cert = fs.readFileSync(path.join(fixtures, 'push-service.cert.pem'));
const key = fs.readFileSync(path.join(fixtures, 'push-service.key.pem'));
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@mawadda.test' };

let service: TestPushService;
/** A push service that answers 429 with a Retry-After, or 413. */
let busy: ReturnType<typeof createServer>;
let busyOrigin: string;

beforeAll(async () => {
  service = await startTestPushService();
  busy = createServer({ cert, key }, (req, res) => {
    req.resume();
    if (req.url === '/busy') res.writeHead(429, { 'retry-after': '120' }).end();
    else res.writeHead(413).end();
  });
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyOrigin = `https://127.0.0.1:${(busy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await service.close();
  busy.close();
});

const pushTo = (endpoint: string, keys = service.subscribe().keys): OutgoingPush => ({
  endpoint,
  ...keys,
  payload: '{"kind":"test"}',
  urgency: 'normal',
  ttlSeconds: 60,
  tag: 'test',
});

describe('the push sender', () => {
  it('never connects to this machine or a private network unless told (tests)', async () => {
    const strict = createPushSender({ vapid, allowLoopback: false, ca: cert, timeoutMs: 2000 });
    const subscription = service.subscribe();
    const port = new URL(subscription.endpoint).port;
    for (const endpoint of [
      subscription.endpoint,
      // A name that resolves to loopback: refused when the address is known, at the lookup.
      `https://localhost:${port}/push/x`,
      'https://10.1.2.3/push/x',
      'https://[::ffff:192.168.1.1]/push/x',
      // IPv4 inside IPv6: NAT64 (10.0.0.1), 6to4 (10.0.0.1), IPv4-compatible (127.0.0.1).
      'https://[64:ff9b::a00:1]/push/x',
      'https://[64:ff9b:1::a00:1]/push/x',
      'https://[2002:a00:1::1]/push/x',
      'https://[::7f00:1]/push/x',
      `http://127.0.0.1:${port}/push/x`,
    ]) {
      expect(await strict.send(pushTo(endpoint, subscription.keys)), endpoint).toEqual({
        outcome: 'gone',
      });
    }
    expect(service.received).toEqual([]);
    strict.close();

    const local = createPushSender({ vapid, allowLoopback: true, ca: cert, timeoutMs: 2000 });
    expect(await local.send(pushTo(subscription.endpoint, subscription.keys))).toEqual({
      outcome: 'sent',
    });
    expect(await local.send(pushTo('https://10.1.2.3/push/x'))).toEqual({ outcome: 'gone' });
    local.close();
  });

  it('reads 429 with its Retry-After as a retry then, and another 4xx as a refusal', async () => {
    const sender = createPushSender({ vapid, allowLoopback: true, ca: cert, timeoutMs: 2000 });
    expect(await sender.send(pushTo(`${busyOrigin}/busy`))).toEqual({
      outcome: 'retry',
      afterMs: 120_000,
      reason: 'HTTP 429',
    });
    expect(await sender.send(pushTo(`${busyOrigin}/too-big`))).toEqual({
      outcome: 'refused',
      reason: 'HTTP 413',
    });
    sender.close();
  });

  it('takes a push service it cannot reach or trust as one to try again', async () => {
    const untrusting = createPushSender({ vapid, allowLoopback: true, timeoutMs: 2000 });
    const delivery = await untrusting.send(pushTo(service.subscribe().endpoint));
    expect(delivery.outcome).toBe('retry');
    untrusting.close();
  });

  it('names the notification in its Topic header, the same for a push sent again from another node or after a restart', async () => {
    // RFC 8030 §5.4: a push service replaces a message it still holds with one of the same
    // topic. The topic comes from the tag alone, so a push sent again after a crash (ADR 064)
    // replaces the first wherever it was sent from; another conversation has its own.
    const subscription = service.subscribe();
    const to = (tag: string) => ({ ...pushTo(subscription.endpoint, subscription.keys), tag });
    const before = service.received.length;
    for (const tag of ['chat:amina', 'chat:amina', 'chat:fatou']) {
      const sender = createPushSender({ vapid, allowLoopback: true, ca: cert, timeoutMs: 2000 });
      expect(await sender.send(to(tag))).toEqual({ outcome: 'sent' });
      sender.close();
    }
    const [first, again, other] = service.received.slice(before).map((push) => push.topic);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(again).toBe(first);
    expect(other).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(other).not.toBe(first);
  });

  it('signs one VAPID JWT per push service and renews it shortly before it expires', async () => {
    // The sender's clock starts 11.5 h ago, so that the renewed JWT still expires within the
    // 24 h the push service (on the real clock) accepts.
    let at = Date.now() - 11.5 * 3600_000;
    const sender = createPushSender({
      vapid,
      allowLoopback: true,
      ca: cert,
      timeoutMs: 2000,
      now: () => at,
    });
    const toNewDevice = () => {
      const subscription = service.subscribe();
      return pushTo(subscription.endpoint, subscription.keys);
    };
    const first = Math.floor(at / 1000) + VAPID_VALIDITY_S;
    const before = service.received.length;
    expect(await sender.send(toNewDevice())).toEqual({ outcome: 'sent' });
    at += 60_000;
    expect(await sender.send(toNewDevice())).toEqual({ outcome: 'sent' });
    // Until VAPID_RENEW_S before its expiry, the same JWT.
    at = (first - VAPID_RENEW_S) * 1000 - 1000;
    expect(await sender.send(toNewDevice())).toEqual({ outcome: 'sent' });
    // Then a new one.
    at = (first - VAPID_RENEW_S) * 1000;
    expect(await sender.send(toNewDevice())).toEqual({ outcome: 'sent' });
    const expiries = service.received.slice(before).map((push) => push.vapid.expiresAt);
    const renewed = Math.floor(at / 1000) + VAPID_VALIDITY_S;
    expect(expiries).toEqual([first, first, first, renewed]);
    expect(new Set(service.received.slice(before).map((p) => p.vapid.audience))).toEqual(
      new Set([service.origin]),
    );
    sender.close();
  });
});
