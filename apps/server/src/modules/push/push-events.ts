import { tooManyRequests } from '../../lib/http-error.ts';
import { type Limit, reserveLimits } from '../../lib/rate-limiter.ts';
import { reachableAmong } from './push.repository.ts';
import type { PushContext } from './push-context.ts';
import type { PushEvent } from './push-notifier.ts';

/** How long events wait to be sorted together (a push later by this much is not noticed). */
const SORT_EVERY_MS = 20;

/** One member's events one after the other, members side by side. */
function queueInOrder(ctx: PushContext, event: PushEvent) {
  const { inOrder, notifying } = ctx.events;
  const member = event.to;
  const done = (inOrder.get(member) ?? Promise.resolve())
    .then(() => ctx.notifier.notify(event))
    .catch((err: unknown) => ctx.log.error({ err }, 'Could not queue a push'))
    .finally(() => {
      notifying.delete(done);
      if (inOrder.get(member) === done) inOrder.delete(member);
    });
  inOrder.set(member, done);
  notifying.add(done);
}

async function sortWaiting(ctx: PushContext) {
  // Told while this batch is sorted, an event starts the next batch.
  const events = ctx.events.waiting;
  ctx.events.waiting = [];
  const reachable = await reachableAmong(
    ctx.db,
    [...new Set(events.map((e) => e.to))],
    ctx.clock.now(),
  );
  for (const event of events) if (reachable.has(event.to)) queueInOrder(ctx, event);
}

function scheduleSort(ctx: PushContext) {
  const queue = ctx.events;
  if (queue.sorting || queue.waiting.length === 0) return;
  const sorted = new Promise<void>((resolve) => setTimeout(resolve, SORT_EVERY_MS))
    .then(() => sortWaiting(ctx))
    .catch((err: unknown) => ctx.log.error({ err }, 'Could not queue a push'))
    .finally(() => {
      queue.notifying.delete(sorted);
      queue.sorting = null;
      scheduleSort(ctx);
    });
  queue.sorting = sorted;
  queue.notifying.add(sorted);
}

/**
 * Something happened that the member may be told of (a message, a like, a match, a call, its
 * end): queued as pushes if the rules allow, off the caller's path; failures are logged.
 */
export function notify(ctx: PushContext, event: PushEvent): void {
  ctx.events.waiting.push(event);
  scheduleSort(ctx);
}

/** Resolves once the events told so far are queued (or refused). */
export async function notified(ctx: PushContext): Promise<void> {
  const { notifying } = ctx.events;
  // A sorted batch hands its events on to the per-member queues: wait for those too.
  while (notifying.size > 0) await Promise.all(notifying);
}

/**
 * Test notifications one member may ask for: one to try a device, a few more while its settings
 * are put right. Each is a request to every device's push service, hosts the member's browsers
 * chose: no way to make the server call them at will.
 */
const TEST_PACE: Limit[] = [
  { name: 'push-test-minute', max: 3, windowMs: 60_000 },
  { name: 'push-test-hour', max: 10, windowMs: 60 * 60_000 },
];

/**
 * `POST /api/push/test`: a test push to each device, quiet hours or not; how many. Past the
 * member's pace, 429 `PUSH_TESTS_TOO_MANY` with `Retry-After`, and nothing queued.
 */
export async function testPush(ctx: PushContext, memberId: string): Promise<number> {
  await reserveLimits(
    ctx.limiter,
    TEST_PACE.map((limit) => ({ limit, key: memberId })),
    (retryAfterMs) => tooManyRequests(retryAfterMs, 'PUSH_TESTS_TOO_MANY'),
  );
  return ctx.notifier.test(memberId);
}
