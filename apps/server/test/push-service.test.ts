import { Agent, request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush, { WebPushError } from 'web-push';
import { startTestPushService, type TestPushService } from './push-service.ts';

/** The local push service itself, driven by `web-push` as the server will drive it. */
let push: TestPushService;
let agent: Agent;
const vapid = webpush.generateVAPIDKeys();
const vapidDetails = {
  subject: 'mailto:no-reply@mawadda.test',
  publicKey: vapid.publicKey,
  privateKey: vapid.privateKey,
};

beforeAll(async () => {
  push = await startTestPushService();
  agent = new Agent({ ca: push.ca });
});
afterAll(async () => {
  agent.destroy();
  await push.close();
});

const send = (
  subscription: ReturnType<TestPushService['subscribe']>,
  payload: string,
  options: Partial<webpush.RequestOptions> = {},
) => webpush.sendNotification(subscription, payload, { vapidDetails, agent, ...options });

describe('the local push service', () => {
  it('checks the VAPID JWT, decrypts the aes128gcm body and records the headers', async () => {
    const subscription = push.subscribe();
    const before = push.received.length;
    const answer = await send(subscription, JSON.stringify({ kind: 'message', from: 'Amina' }), {
      TTL: 60,
      urgency: 'high',
      topic: 'call-42',
    });
    expect(answer.statusCode).toBe(201);
    const [got] = push.received.slice(before);
    expect(got).toMatchObject({
      endpoint: subscription.endpoint,
      payload: '{"kind":"message","from":"Amina"}',
      ttl: '60',
      urgency: 'high',
      topic: 'call-42',
      status: 201,
      vapid: { audience: push.origin, subject: vapidDetails.subject, publicKey: vapid.publicKey },
    });
    expect((got?.vapid.expiresAt ?? 0) * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
  });

  it('decrypts a payload of several kilobytes, in French', async () => {
    const subscription = push.subscribe();
    const text = 'Salam, ça va ? '.repeat(200);
    await send(subscription, text);
    expect(push.received.at(-1)?.payload).toBe(text);
  });

  it('answers what it is told to: 410, 404, 429, 500, then 201 again', async () => {
    const subscription = push.subscribe();
    push.answerNext(410, 404, 429, 500);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        await send(subscription, `try ${i}`).then(
          (answer) => answer.statusCode,
          (error: WebPushError) => error.statusCode,
        ),
      );
    }
    expect(statuses).toEqual([410, 404, 429, 500, 201]);
  });

  it('refuses a JWT signed with another key than the one it names, and a wrong audience', async () => {
    const subscription = push.subscribe();
    const other = webpush.generateVAPIDKeys();
    const forged = { ...vapidDetails, privateKey: other.privateKey };
    const refused = await webpush
      .sendNotification(subscription, 'x', { vapidDetails: forged, agent })
      .catch((error: WebPushError) => error);
    expect(refused).toBeInstanceOf(WebPushError);
    expect((refused as WebPushError).statusCode).toBe(403);
    expect(push.refused.at(-1)?.reason).toBe('JWT signature does not verify with k');

    // A JWT made for another push service (its audience) is refused, the rest being right.
    const details = webpush.generateRequestDetails(subscription, 'x', { vapidDetails });
    const { Authorization } = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      vapidDetails.subject,
      vapidDetails.publicKey,
      vapidDetails.privateKey,
      'aes128gcm',
    );
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(details.endpoint, {
        method: 'POST',
        agent,
        headers: { ...details.headers, Authorization },
      })
        .on('response', (res) => resolve(res.resume().statusCode))
        .on('error', reject)
        .end(details.body);
    });
    expect(status).toBe(403);
    expect(push.refused.at(-1)?.reason).toMatch(/^JWT audience https:\/\/fcm\.googleapis\.com/);
  });

  it('cannot read a message encrypted for another subscription', async () => {
    const mine = push.subscribe();
    const theirs = push.subscribe();
    const refused = await send({ ...mine, keys: theirs.keys }, 'secret').catch(
      (error: WebPushError) => error,
    );
    expect((refused as WebPushError).statusCode).toBe(400);
    expect(push.refused.at(-1)?.reason).toMatch(/^cannot decrypt/);
  });

  it('answers 404 for an endpoint it never gave', async () => {
    const subscription = push.subscribe();
    const unknown = { ...subscription, endpoint: `${push.origin}/push/unknown` };
    const refused = await send(unknown, 'x').catch((error: WebPushError) => error);
    expect((refused as WebPushError).statusCode).toBe(404);
  });

  it('waits for pushes to arrive', async () => {
    const subscription = push.subscribe();
    const count = push.received.length;
    const arrived = push.waitFor(count + 1);
    await send(subscription, 'hello');
    expect((await arrived).at(-1)?.payload).toBe('hello');
  });
});
