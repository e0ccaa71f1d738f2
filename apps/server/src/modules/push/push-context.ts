import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import type { RecordedEventsRegistry } from '../../lib/recorded-events.ts';
import { deliverableSubscriptions } from './push.repository.ts';
import { createPushNotifier, type PushNotifier } from './push-notifier.ts';
import { eventRules } from './push-queue.repository.ts';
import { createPushSender, type PushSender } from './push-sender.ts';
import { settingsFrom } from './push-settings.ts';
import { createPushWorker, type PushWorker, type PushWorkerDeps } from './push-worker.ts';
import type { VapidDetails } from './vapid-keys.ts';

/** What Web Push is built from (its module file, push.module.ts, gives it). */
export type PushDeps = {
  db: Database;
  clock: Clock;
  /** Counts the member's test notifications. */
  limiter: RateLimitStore;
  vapid: VapidDetails;
  subscriptionsPerMember: number;
  /** Accept endpoints on this machine (a local push service): tests only. */
  loopbackEndpoints: boolean;
  delivery: {
    batch: number;
    pendingPerMember: number;
    maxAttempts: number;
    /** Certificates trusted for push services beside the usual ones (PEM). */
    ca: Buffer | undefined;
  };
  /** Profile photo links: a push's icon is the other member's photo, as they may see it. */
  photoLinks: MediaLinks;
  /** Unread conversations plus new likes: the app badge a push carries. */
  badgeOf(memberId: string): Promise<number>;
  /** The same as a SQL expression of the member's id: read with the rules, in their statement. */
  badgeSql(memberId: SQL): SQL;
  onlineAmong(memberIds: readonly string[]): Promise<Set<string>>;
  /** The outbox the modules record their events in, as they happen (ADR 064). */
  recorded: RecordedEventsRegistry;
  log: FastifyBaseLogger;
  /** Each push the worker settled, by outcome: the metrics count them (ADR 063). */
  counted?: PushWorkerDeps['counted'];
};

/** The events this node takes from the outbox (`push-events.ts`). */
export type EventTaking = {
  /** The step taking events now, if one is: the next waits for it. */
  step: Promise<number> | null;
  /** Events `notify` is writing to the outbox: `notified` waits for them. */
  writing: Set<Promise<unknown>>;
  /** Ends the loop's wait (events were recorded on this node); nothing while it is stopped. */
  wake(): void;
};

/** Push's dependencies with the sender, the delivery worker, the notifier and the events' taking. */
export type PushContext = PushDeps & {
  sender: PushSender;
  worker: PushWorker;
  notifier: PushNotifier;
  taking: EventTaking;
  /** Where the member may be pushed to now: subscriptions of live sessions, newest first. */
  subscriptionsOf(memberId: string): ReturnType<typeof deliverableSubscriptions>;
};

/** A push service that takes longer than this to answer is tried again later. */
const SEND_TIMEOUT_MS = 10_000;

export function pushContext(deps: PushDeps): PushContext {
  const { db, clock } = deps;
  const sender = createPushSender({
    vapid: deps.vapid,
    allowLoopback: deps.loopbackEndpoints,
    ca: deps.delivery.ca,
    timeoutMs: SEND_TIMEOUT_MS,
  });
  const worker = createPushWorker({
    db,
    clock,
    sender,
    log: deps.log,
    batch: deps.delivery.batch,
    maxAttempts: deps.delivery.maxAttempts,
    leaseMs: 3 * SEND_TIMEOUT_MS,
    ...(deps.counted && { counted: deps.counted }),
  });
  const subscriptionsOf = (memberId: string) => deliverableSubscriptions(db, memberId, clock.now());
  const notifier = createPushNotifier({
    db,
    clock,
    log: deps.log,
    photoLinks: deps.photoLinks,
    subscriptionsOf,
    async rulesOf(events, viewingSince) {
      const rules = await eventRules(db, events, clock.now(), viewingSince, deps.badgeSql);
      return rules.map((found) => found && { ...found, settings: settingsFrom(found.settings) });
    },
    badgeOf: deps.badgeOf,
    onlineAmong: deps.onlineAmong,
    pendingPerMember: deps.delivery.pendingPerMember,
    queued: worker.wake,
  });
  return {
    ...deps,
    sender,
    worker,
    notifier,
    taking: { step: null, writing: new Set(), wake: () => undefined },
    subscriptionsOf,
  };
}
