import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { backgroundWork } from './background-work.ts';

describe('the background work', () => {
  it('starts at onReady in the order handed over, and stops at onClose in the reverse order', async () => {
    const app = Fastify();
    await app.register(backgroundWork);
    const seen: string[] = [];
    for (const name of ['activity', 'presence', 'push delivery']) {
      app.background.add({
        name,
        start: () => {
          seen.push(`start ${name}`);
          return async () => {
            await new Promise((resolve) => setTimeout(resolve, 5));
            seen.push(`stop ${name}`);
          };
        },
      });
    }
    expect(seen).toEqual([]);
    await app.ready();
    expect(seen).toEqual(['start activity', 'start presence', 'start push delivery']);
    await app.close();
    expect(seen.slice(3)).toEqual(['stop push delivery', 'stop presence', 'stop activity']);
  });
});
