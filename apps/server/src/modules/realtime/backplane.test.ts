import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type BackplaneEvent, createRedisBackplane } from './backplane.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('the Redis backplane', () => {
  const publisher = new Redis(redisUrl ?? '');
  const subscriber = new Redis(redisUrl ?? '');
  afterAll(async () => {
    await publisher.quit();
  });

  it('says since when it was cut once subscribed again, and delivers what is published after', async () => {
    const subscriberId = Number(await subscriber.client('ID'));
    const backplane = await createRedisBackplane(
      publisher,
      subscriber,
      `test:${crypto.randomUUID()}:`,
    );
    const received: BackplaneEvent[] = [];
    backplane.subscribe((event) => received.push(event));
    const resumed = new Promise<Date>((resolve) => backplane.onResumed(resolve));
    const event = (body: string): BackplaneEvent => ({ kind: 'deliver', destination: '/t', body });
    await backplane.publish(event('before'));
    await expect.poll(() => received.length).toBe(1);

    // The subscriber's connection cut (as by a Redis restart): it reconnects on its own.
    const cutAt = Date.now();
    await publisher.client('KILL', 'ID', String(subscriberId));
    const since = await resumed;
    expect(since.getTime()).toBeGreaterThanOrEqual(cutAt);
    expect(since.getTime()).toBeLessThanOrEqual(Date.now());
    await backplane.publish(event('after'));
    await expect
      .poll(() => received.map((e) => (e.kind === 'deliver' ? e.body : '')))
      .toEqual(['before', 'after']);
    await backplane.close();
  });

  it('sends the events of one turn as one Redis message, in their order, to every node', async () => {
    const prefix = `test:${crypto.randomUUID()}:`;
    const other = new Redis(redisUrl ?? '');
    const [sending, receiving] = [
      await createRedisBackplane(publisher, new Redis(redisUrl ?? ''), prefix),
      await createRedisBackplane(publisher, other, prefix),
    ];
    const received: string[] = [];
    receiving.subscribe((event) => received.push(event.kind === 'deliver' ? event.body : ''));
    const messages: string[] = [];
    const watcher = new Redis(redisUrl ?? '');
    await watcher.subscribe(`${prefix}realtime`);
    watcher.on('message', (_channel: string, text: string) => messages.push(text));
    const bodies = Array.from({ length: 50 }, (_, i) => `frame ${i}`);
    await Promise.all(
      bodies.map((body) => sending.publish({ kind: 'deliver', destination: '/t', body })),
    );
    await expect.poll(() => received).toEqual(bodies);
    expect(messages).toHaveLength(1);
    await sending.publish({ kind: 'deliver', destination: '/t', body: 'later' });
    await expect.poll(() => received.at(-1)).toBe('later');
    expect(messages).toHaveLength(2);
    await watcher.quit();
    await sending.close();
    await receiving.close();
  });
});
