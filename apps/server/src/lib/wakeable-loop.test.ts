import { describe, expect, it } from 'vitest';
import { startWakeableLoop } from './wakeable-loop.ts';

/** A step that answers from a script of results, counting its calls. */
function scripted(results: Array<boolean | Error>) {
  const calls: number[] = [];
  const waiters: Array<() => void> = [];
  return {
    calls,
    /** Resolves once the step has run `count` times. */
    ran: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (calls.length >= count ? resolve() : waiters.push(check));
        check();
      }),
    async step() {
      calls.push(Date.now());
      for (const waiter of waiters.splice(0)) waiter();
      const result = results.shift() ?? false;
      if (result instanceof Error) throw result;
      return result;
    },
  };
}

describe('a wakeable loop', () => {
  it('runs again at once while there is more, then waits for a wake instead of its long poll', async () => {
    const work = scripted([true, true, false]);
    const loop = startWakeableLoop({ pollMs: 60_000, step: work.step, onError: () => {} });
    await work.ran(3);
    loop.wake();
    await work.ran(4);
    await loop.stop();
    expect(work.calls).toHaveLength(4);
  });

  it('tells a failed step and goes on', async () => {
    const errors: unknown[] = [];
    const work = scripted([new Error('database away'), true, false]);
    const loop = startWakeableLoop({
      pollMs: 60_000,
      step: work.step,
      onError: (err) => errors.push(err),
    });
    // The failed step waits for the poll like an empty one: a wake brings the next.
    await work.ran(1);
    loop.wake();
    await work.ran(3);
    await loop.stop();
    expect(errors).toEqual([new Error('database away')]);
  });

  it('stops without waiting out its poll, once the step in progress is done', async () => {
    let finish: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let done = false;
    const loop = startWakeableLoop({
      pollMs: 60_000,
      step: () =>
        new Promise<boolean>((resolve) => {
          started();
          finish = () => {
            done = true;
            resolve(true);
          };
        }),
      onError: () => {},
    });
    await running;
    const stopped = loop.stop();
    finish();
    await stopped;
    expect(done).toBe(true);
  });
});
