import { destinations } from '@mawadda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appeals } from '../src/db/schema.ts';
import { bearer, registeredMember, seedCouple, seedMembers, sessionFor } from './fixtures.ts';
import { startTestPushService, type TestPushService } from './push-service.ts';
import { connectStomp } from './stomp-client.ts';
import { createTestApp, listenOnLoopback, type TestContext } from './test-app.ts';

/**
 * The metrics an operator scrapes (ADR 063): served on a port of their own behind a token, never
 * on the public one, and moved by what members do: registering, liking, a chat message stored,
 * delivered and pushed, a report waiting, a gift paid.
 */

const TOKEN = 'a-metrics-token-of-thirty-two-characters-at-least';
let t: TestContext;
let baseUrl: string;
let metricsUrl: string;
let push: TestPushService;

beforeAll(async () => {
  t = await createTestApp({
    config: { metrics: { port: 0, host: '127.0.0.1', token: TOKEN } },
  });
  baseUrl = await listenOnLoopback(t.app);
  const address = t.app.metrics.address();
  if (!address) throw new Error('the metrics listener did not start');
  metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
  push = await startTestPushService();
});
afterAll(async () => {
  await push.close();
});

/** Every sample of the text format: `name{labels} value`, comments left out. */
type Sample = { name: string; labels: Record<string, string>; value: number };

function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
      );
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

async function scrape() {
  const answer = await fetch(metricsUrl, { headers: bearer(TOKEN) });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  const text = await answer.text();
  const samples = parse(text);
  /** The sum of the samples of `name` whose labels include `labels`; undefined: none. */
  const value = (name: string, labels: Record<string, string> = {}) => {
    const matching = samples.filter(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
    return matching.length ? matching.reduce((sum, s) => sum + s.value, 0) : undefined;
  };
  return { text, samples, value };
}

const requests = (route: string, status: string, method = 'POST') => ({ route, status, method });

describe('the metrics', () => {
  it('move when members act, name routes by pattern and never a member', async () => {
    const before = await scrape();
    const member = await registeredMember(t.app);
    const { amina, youssef, karim } = await seedCouple(t.database.db);
    const aminaToken = await sessionFor(t.database.db, amina);
    const liked = await t.app.inject({
      method: 'POST',
      url: '/like',
      headers: bearer(member.token),
      payload: { likedUserId: youssef },
    });
    expect(liked.statusCode, liked.body).toBeLessThan(300);

    const socket = await connectStomp(baseUrl, await sessionFor(t.database.db, youssef));
    const inbox = socket.subscribe(destinations.chat(youssef));
    await inbox.subscribed;
    const phone = push.subscribe();
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: bearer(await sessionFor(t.database.db, youssef)),
      payload: phone,
    });
    expect(subscribed.statusCode).toBe(201);
    const live = await scrape();
    expect(live.value('mawadda_ws_sockets')).toBe(1);
    expect(live.value('mawadda_ws_members')).toBe(1);
    expect(live.value('mawadda_ws_subscriptions')).toBe(1);

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${youssef}`,
      headers: bearer(aminaToken),
      payload: { uuid: crypto.randomUUID(), content: 'Salam, comment vas-tu ?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await inbox.next();
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(aminaToken),
      payload: { reportedId: karim, reason: 'other' },
    });
    expect(reported.statusCode, reported.body).toBeLessThan(300);
    // The message's push event waits in the outbox until push's loop takes it (ADR 064).
    const recorded = await scrape();
    expect(recorded.value('mawadda_outbox_events', { listener: 'push' })).toBe(1);
    expect(
      recorded.value('mawadda_outbox_oldest_seconds', { listener: 'push' }),
    ).toBeGreaterThanOrEqual(0);
    await t.app.push.notified();
    const queued = await scrape();
    expect(queued.value('mawadda_push_queue_depth')).toBe(1);
    expect(queued.value('mawadda_outbox_events', { listener: 'push' })).toBeUndefined();
    t.clock.advance(2 * 60 * 60 * 1000);
    await t.app.push.drain();
    await push.waitFor(1);

    const after = await scrape();
    const moved = (name: string, labels?: Record<string, string>) =>
      (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);
    expect(
      moved('mawadda_http_request_duration_seconds_count', requests('/api/users/register', '201')),
    ).toBe(1);
    expect(moved('mawadda_http_request_duration_seconds_count', requests('/like', '200'))).toBe(1);
    // The route's pattern: the receiver's id is a parameter, never a label.
    const sendRoute = after.samples.find(
      (s) =>
        s.name === 'mawadda_http_request_duration_seconds_count' &&
        s.labels.route?.startsWith('/api/chat/send/'),
    )?.labels.route;
    expect(sendRoute).toMatch(/^\/api\/chat\/send\/:\w+$/);
    expect(
      moved('mawadda_http_request_duration_seconds_count', requests(sendRoute ?? '', '201')),
    ).toBe(1);
    expect(moved('mawadda_chat_messages_stored_total')).toBe(1);
    // The receiver's socket; the sender had no other tab open.
    expect(moved('mawadda_ws_frames_delivered_total', { topic: 'chat' })).toBe(1);
    expect(moved('mawadda_push_sends_total', { outcome: 'sent' })).toBe(1);
    expect(after.value('mawadda_push_queue_depth')).toBe(0);
    expect(after.value('mawadda_moderation_open_reports')).toBe(1);
    expect(after.value('mawadda_moderation_oldest_open_report_seconds')).toBeGreaterThanOrEqual(
      2 * 60 * 60,
    );
    expect(moved('mawadda_db_query_duration_seconds_count', { pool: 'main' })).toBeGreaterThan(0);
    expect(after.value('mawadda_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    expect(after.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.value('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    for (const id of [member.id, amina, youssef, karim]) expect(after.text).not.toContain(id);
    await socket.disconnect();
  });

  it('count a gift paid once, however many times it is confirmed', async () => {
    const before = await scrape();
    const { amina, karim } = await seedCouple(t.database.db);
    const headers = bearer(await sessionFor(t.database.db, karim));
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers,
      payload: { giftId: 1, giftName: 'Tulip bouquet', amount: 1, receiverId: amina },
    });
    expect(started.statusCode, started.body).toBe(200);
    const page = new URL(started.json<{ url: string }>().url).pathname;
    const paid = await t.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);
    for (let i = 0; i < 3; i++) {
      const settled = await t.app.inject({
        method: 'POST',
        url: '/api/gifts/send',
        headers,
        payload: { giftId: 1, receiverId: amina },
      });
      expect(settled.json()).toEqual({ status: 'paid' });
    }
    const after = await scrape();
    const moved = (outcome: string) =>
      (after.value('mawadda_payments_total', { provider: 'local', outcome }) ?? 0) -
      (before.value('mawadda_payments_total', { provider: 'local', outcome }) ?? 0);
    expect(moved('checkout_opened')).toBe(1);
    expect(moved('paid')).toBe(1);
  });

  it('count the guardian mails sent', async () => {
    const before = await scrape();
    const member = await registeredMember(t.app);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/guardians',
      headers: bearer(member.token),
      payload: {
        name: 'Mamadou Diallo',
        relation: 'father',
        email: `father-${crypto.randomUUID()}@example.org`,
        language: 'fr',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const after = await scrape();
    const sent = { kind: 'guardian', outcome: 'sent' };
    expect(
      (after.value('mawadda_mails_total', sent) ?? 0) -
        (before.value('mawadda_mails_total', sent) ?? 0),
    ).toBe(1);
  });

  it('counts the appeals left unanswered past the time the guidelines promise', async () => {
    const before = (await scrape()).value('mawadda_moderation_late_appeals') ?? 0;
    const [member = ''] = await seedMembers(t.database.db, [{ gender: 'homme' }]);
    const filedAt = t.clock.now();
    await t.database.db.insert(appeals).values({
      decisionId: crypto.randomUUID(),
      memberId: member,
      text: 'I did nothing of the kind.',
      filedAt,
      answerBy: new Date(filedAt.getTime() + 7 * 24 * 60 * 60 * 1000),
    });
    expect((await scrape()).value('mawadda_moderation_late_appeals')).toBe(before);
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await scrape()).value('mawadda_moderation_late_appeals')).toBe(before + 1);
  });
});

describe('the metrics listener', () => {
  it('asks for the token and serves nothing but /metrics', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: bearer(`${TOKEN}x`) })).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: TOKEN } })).status).toBe(401);
    const elsewhere = new URL('/api/users/me', metricsUrl);
    expect((await fetch(elsewhere, { headers: bearer(TOKEN) })).status).toBe(404);
  });

  it('is not on the public port, whoever asks', async () => {
    for (const headers of [{}, bearer(TOKEN), { accept: 'text/html' }]) {
      const answer = await fetch(`${baseUrl}/metrics`, { headers });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('mawadda_');
    }
    expect((await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).statusCode).toBe(404);
  });
});
