import { tooManyRequests } from '../../lib/http-error.ts';
import { type Limit, reserveLimits } from '../../lib/rate-limiter.ts';
import {
  claimRecorded,
  forgetRecorded,
  type RecordedEventName,
  type RecordedEvents,
} from '../../lib/recorded-events.ts';
import { startWakeableLoop } from '../../lib/wakeable-loop.ts';
import type { PushContext } from './push-context.ts';
import type { PushEvent, Taken } from './push-notifier.ts';

/** The outbox's rows that are push's (ADR 064). */
export const PUSH_LISTENER = 'push';

/** The recorded event each kind of push event is written as, where it happens. */
const RECORDED_AS = {
  message: 'chat:message-stored',
  'request-settled': 'chat:request-settled',
  like: 'likes:liked',
  match: 'likes:liked',
  call: 'calls:call',
  'call-ended': 'calls:call',
  'match-update': 'relationships:match-update',
} as const satisfies Record<PushEvent['kind'], RecordedEventName>;

type RecordedPushEvent = RecordedEvents[(typeof RECORDED_AS)[PushEvent['kind']]];

/** Events one node takes from the outbox at once. */
const TAKEN_AT_ONCE = 500;
/**
 * How long taken events are this node's: beyond the few statements that queue them. Shorter is
 * safe (an event queued twice is queued once: `enqueue` removes it), only wasted work; longer
 * would delay what a stopped node had taken.
 */
const LEASE_MS = 10_000;
/** An event taken this often and never queued (its statement keeps failing) is dropped. */
const MAX_TAKES = 5;

/**
 * One step: takes the events due to push, oldest first, hands them to the notifier (which keeps
 * each member's in order), and answers how many it took. An event leaves the outbox in the
 * statement that queues its pushes (`enqueue`), or with those the rules refused; one whose
 * statement failed is taken again after the lease, by this node or another.
 */
async function takeOnce(ctx: PushContext): Promise<number> {
  const now = ctx.clock.now();
  const taken = await claimRecorded(
    ctx.db,
    PUSH_LISTENER,
    now,
    new Date(now.getTime() + LEASE_MS),
    TAKEN_AT_ONCE,
  );
  const refused: number[] = [];
  const events: Taken[] = [];
  for (const { id, payload, attempts } of taken) {
    if (attempts > MAX_TAKES) {
      ctx.log.error({ event: id, attempts }, 'A push event kept failing: dropped');
      refused.push(id);
      continue;
    }
    const recorded = payload as RecordedPushEvent;
    events.push({ event: { ...recorded, at: new Date(recorded.at) } as PushEvent, takenId: id });
  }
  refused.push(...(await ctx.notifier.notify(events)));
  await forgetRecorded(ctx.db, refused);
  return taken.length;
}

/**
 * One step at a time on a node: a step asked for while one runs starts after it (whose failure
 * is its own caller's to report).
 */
function step(ctx: PushContext): Promise<number> {
  const { taking } = ctx;
  const previous = taking.step?.catch(() => 0) ?? Promise.resolve(0);
  const next = previous.then(() => takeOnce(ctx));
  const settled = next.finally(() => {
    if (taking.step === settled) taking.step = null;
  });
  taking.step = settled;
  return settled;
}

/**
 * Something happened that the member may be told of, written to the outbox as the modules'
 * statements write it: for the tests and the bench, which tell push directly.
 */
export function notify(ctx: PushContext, event: PushEvent): Promise<void> {
  const name = RECORDED_AS[event.kind];
  const payload = { ...event, at: event.at.toISOString() } as RecordedPushEvent;
  const written = ctx.recorded
    .write(ctx.db, name, [{ member: event.to, payload }])
    .then((count) => {
      if (count > 0) ctx.recorded.told(name);
    })
    .catch((err: unknown) => ctx.log.error({ err }, 'Could not record a push event'))
    .finally(() => ctx.taking.writing.delete(written));
  ctx.taking.writing.add(written);
  return written;
}

/** Resolves once the events recorded so far are queued as pushes (or refused). */
export async function notified(ctx: PushContext): Promise<void> {
  while (ctx.taking.writing.size > 0) await Promise.all(ctx.taking.writing);
  while ((await step(ctx)) > 0);
}

/**
 * The loop taking this node's events: at once when an event was recorded here, else every
 * `pollMs` (events recorded on another node, or left by a node that stopped); answers its stop,
 * which lets the step in progress finish.
 */
export function startTaking(ctx: PushContext, pollMs: number) {
  const loop = startWakeableLoop({
    pollMs,
    step: async () => (await step(ctx)) >= TAKEN_AT_ONCE,
    onError: (err) => ctx.log.error({ err }, 'The push events could not be read'),
  });
  ctx.taking.wake = loop.wake;
  return async () => {
    ctx.taking.wake = () => undefined;
    await loop.stop();
  };
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
