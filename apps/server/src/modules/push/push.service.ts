import { createPublicKey } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  isLoopbackHost,
  type NotificationSettings,
  type PushSubscriptionRequest,
  viewingFrameSchema,
} from '@mawadda/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalidFields, tooManyRequests } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import { fieldError } from '../../lib/validation.ts';
import {
  type ConnectedMember,
  invalidFrame,
  jsonBody,
  type SendHandler,
} from '../realtime/index.ts';
import {
  deleteSessionSubscriptions,
  deleteSubscription,
  deliverableSubscriptions,
  findSettings,
  type NewSettingsRow,
  reachableAmong,
  saveLanguages,
  saveSettings,
  saveSubscription,
} from './push.repository.ts';
import { createPushNotifier, type PushEvent } from './push-notifier.ts';
import {
  eventRules,
  forgetViewing,
  type SettingsRow,
  saveViewing,
} from './push-queue.repository.ts';
import { createPushSender } from './push-sender.ts';
import { createPushWorker } from './push-worker.ts';
import type { VapidDetails } from './vapid-keys.ts';

export type PushService = ReturnType<typeof createPushService>;

/** A refused field of a subscription: 400 with the field's code, as a schema's refusal reads. */
const refusedField = (path: string, code: 'PUSH_ENDPOINT_INVALID' | 'PUSH_KEY_INVALID') =>
  invalidFields([fieldError({ path, message: code })]);

/** Whether 65 bytes are a point of P-256 (the contract checked the length and the 0x04). */
function isP256Point(raw: Buffer): boolean {
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** An IP address written as the host: push services are reached by name. */
const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockTime = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** A member's settings from their stored row (the defaults when they have none). */
function settingsFrom(row: SettingsRow | undefined | null): NotificationSettings {
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  return {
    messages: row.messages,
    matches: row.matches,
    likes: row.likes,
    calls: row.calls,
    gifts: row.gifts,
    showMessageText: row.showMessageText,
    quietHours:
      row.quietStart === null || row.quietEnd === null
        ? null
        : { start: clockTime(row.quietStart), end: clockTime(row.quietEnd) },
    timeZone: row.timeZone,
    emailDigest: row.emailDigest,
  };
}

/** The stored row of settings; `language` undefined keeps the one stored (French for a new row). */
function settingsRow(
  memberId: string,
  settings: NotificationSettings,
  now: Date,
  language: MailLanguage | undefined,
): NewSettingsRow {
  const { quietHours, ...switches } = settings;
  return {
    memberId,
    ...switches,
    quietStart: quietHours ? minutes(quietHours.start) : null,
    quietEnd: quietHours ? minutes(quietHours.end) : null,
    language,
    updatedAt: now,
  };
}

/** How long events wait to be sorted together (a push later by this much is not noticed). */
const SORT_EVERY_MS = 20;

/** A push service that takes longer than this to answer is tried again later. */
const SEND_TIMEOUT_MS = 10_000;

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
 * Web Push (issue 19, ADR 036 and 037): each device's subscription, tied to the session that made
 * it; what the member wants to be told of; and the sending: events become pushes in a queue in
 * the database (`notify`), which each node's worker sends.
 */
export function createPushService(deps: {
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
  log: FastifyBaseLogger;
}) {
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
  });
  const subscriptionsOf = (memberId: string) => deliverableSubscriptions(db, memberId, clock.now());
  const notifier = createPushNotifier({
    db,
    clock,
    photoLinks: deps.photoLinks,
    subscriptionsOf,
    async rulesOf(memberId, aboutId, viewingSince) {
      const rules = await eventRules(
        db,
        memberId,
        aboutId,
        clock.now(),
        viewingSince,
        deps.badgeSql,
      );
      return rules && { ...rules, settings: settingsFrom(rules.settings) };
    },
    badgeOf: deps.badgeOf,
    onlineAmong: deps.onlineAmong,
    pendingPerMember: deps.delivery.pendingPerMember,
    queued: worker.wake,
  });
  /**
   * Events told and not yet sorted: every `SORT_EVERY_MS` one statement finds which of their
   * members have a device at all, so the chat's thousands of messages a second cost a query a
   * batch, not one each, and only events for reachable members go through the rules.
   */
  let waiting: PushEvent[] = [];
  let sorting: Promise<void> | null = null;
  /** Events being turned into pushes: `drain` waits for them. */
  const notifying = new Set<Promise<void>>();
  /**
   * One member's events are queued one after the other, in the order they were told: a later
   * message replaces an earlier one waiting, never the reverse, and the cap counts right.
   */
  const inOrder = new Map<string, Promise<void>>();

  /** One member's events one after the other, members side by side. */
  function queueInOrder(event: PushEvent) {
    const member = event.to;
    const done = (inOrder.get(member) ?? Promise.resolve())
      .then(() => notifier.notify(event))
      .catch((err: unknown) => deps.log.error({ err }, 'Could not queue a push'))
      .finally(() => {
        notifying.delete(done);
        if (inOrder.get(member) === done) inOrder.delete(member);
      });
    inOrder.set(member, done);
    notifying.add(done);
  }

  /** Resolves once the events told so far are queued (or refused). */
  async function notified(): Promise<void> {
    // A sorted batch hands its events on to the per-member queues: wait for those too.
    while (notifying.size > 0) await Promise.all(notifying);
  }

  function scheduleSort() {
    if (sorting || waiting.length === 0) return;
    const sorted = new Promise<void>((resolve) => setTimeout(resolve, SORT_EVERY_MS))
      .then(sortWaiting)
      .catch((err: unknown) => deps.log.error({ err }, 'Could not queue a push'))
      .finally(() => {
        notifying.delete(sorted);
        sorting = null;
        scheduleSort();
      });
    sorting = sorted;
    notifying.add(sorted);
  }

  async function sortWaiting() {
    // Told while this batch is sorted, an event starts the next batch.
    const events = waiting;
    waiting = [];
    const reachable = await reachableAmong(db, [...new Set(events.map((e) => e.to))], clock.now());
    for (const event of events) if (reachable.has(event.to)) queueInOrder(event);
  }

  async function settings(memberId: string): Promise<NotificationSettings> {
    return settingsFrom(await findSettings(db, memberId));
  }

  /** Changes some settings and keeps the others (the defaults for a member who has none). */
  function changeSettings(memberId: string, changes: Partial<NewSettingsRow>) {
    const now = clock.now();
    const row = settingsRow(memberId, DEFAULT_NOTIFICATION_SETTINGS, now, undefined);
    return saveSettings(db, { ...row, ...changes }, { ...changes, updatedAt: now });
  }

  /**
   * What the schema cannot see: an endpoint on this machine or at a bare IP address (the server
   * would post to its own network), and a key that is no point of the curve.
   */
  function check(subscription: PushSubscriptionRequest) {
    const host = new URL(subscription.endpoint).hostname;
    const local = isLoopbackHost(host);
    if (local ? !deps.loopbackEndpoints : IP_HOST.test(host)) {
      throw refusedField('endpoint', 'PUSH_ENDPOINT_INVALID');
    }
    if (!isP256Point(Buffer.from(subscription.keys.p256dh, 'base64url'))) {
      throw refusedField('keys.p256dh', 'PUSH_KEY_INVALID');
    }
  }

  return {
    /** The VAPID key pair and contact the sender signs with; the public key goes to browsers. */
    vapid: deps.vapid,

    /**
     * `language`: the one the device's request named (French when it named neither): the
     * device's pushes are written in it, and it is kept as the member's for the e-mails.
     */
    async subscribe(
      session: { id: string; memberId: string },
      subscription: PushSubscriptionRequest,
      language: MailLanguage | undefined,
    ): Promise<void> {
      check(subscription);
      const expiration = subscription.expirationTime;
      await db.transaction((tx) =>
        saveSubscription(
          tx,
          {
            memberId: session.memberId,
            sessionId: session.id,
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            expiresAt:
              expiration === null || expiration === undefined ? null : new Date(expiration),
            language: language ?? 'fr',
          },
          clock.now(),
          deps.subscriptionsPerMember,
        ),
      );
      if (language) await changeSettings(session.memberId, { language });
    },

    /** Forgets one of the member's subscriptions; another member's endpoint is left alone. */
    unsubscribe: (memberId: string, endpoint: string) => deleteSubscription(db, memberId, endpoint),

    /**
     * Sessions ended (logout, password reset, suspension, ban): the subscriptions made in them
     * go, so a signed-out device is told nothing more.
     */
    sessionsEnded: (ended: { sessionId: string } | { memberId: string }) =>
      deleteSessionSubscriptions(db, ended),

    /** Where the member may be pushed to now: subscriptions of live sessions, newest first. */
    subscriptionsOf,

    /** The member unsubscribed from the e-mail digest (its one-click link): the rest is kept. */
    stopEmailDigest: (memberId: string) => changeSettings(memberId, { emailDigest: false }),

    settings,

    /**
     * The languages members use the app in, from their requests (auth's activity, at most once a
     * minute each): what is written to them while they are away follows the last (ADR 040).
     */
    recordLanguages(languages: ReadonlyMap<string, MailLanguage>): Promise<void> {
      const now = clock.now();
      return saveLanguages(
        db,
        [...languages].map(([memberId, language]) =>
          settingsRow(memberId, DEFAULT_NOTIFICATION_SETTINGS, now, language),
        ),
      );
    },

    /** `language`: the one the request named, kept for what is written to the member. */
    async saveSettings(
      memberId: string,
      settings: NotificationSettings,
      language?: MailLanguage,
    ): Promise<NotificationSettings> {
      await saveSettings(db, settingsRow(memberId, settings, clock.now(), language));
      return settings;
    },

    /**
     * Something happened that the member may be told of (a message, a like, a match, a call, its
     * end): queued as pushes if the rules allow, off the caller's path; failures are logged.
     */
    notify(event: PushEvent): void {
      waiting.push(event);
      scheduleSort();
    },

    /**
     * `POST /api/push/test`: a test push to each device, quiet hours or not; how many. Past the
     * member's pace, 429 `PUSH_TESTS_TOO_MANY` with `Retry-After`, and nothing queued.
     */
    async test(memberId: string): Promise<number> {
      await reserveLimits(
        deps.limiter,
        TEST_PACE.map((limit) => ({ limit, key: memberId })),
        (retryAfterMs) => tooManyRequests(retryAfterMs, 'PUSH_TESTS_TOO_MANY'),
      );
      return notifier.test(memberId);
    },

    /**
     * `/app/viewing` on the socket: `{ "with": memberId }` when a conversation is on screen,
     * `{ "with": null }` when it is left. A message in it is then not pushed.
     */
    viewingHandler(): SendHandler {
      return {
        destination: /^\/app\/viewing$/,
        handle: async (from, _match, body) => {
          const parsed = viewingFrameSchema.safeParse(jsonBody(body));
          if (!parsed.success) throw invalidFrame('Viewing needs "with": a member id or null');
          await saveViewing(db, from.connectionId, from.memberId, parsed.data.with, clock.now());
        },
      };
    },

    /** A socket closed: what it showed no longer counts. */
    connectionClosed(member: ConnectedMember): void {
      forgetViewing(db, member.connectionId).catch((err: unknown) =>
        deps.log.error({ err }, 'Could not forget what a socket showed'),
      );
    },

    notified,

    /** Sends what is queued and due now: tests and the bench drive the queue so. */
    async drain(): Promise<void> {
      await notified();
      await worker.drain();
    },

    /** The delivery loop of this node (0: none, the queue is drained by hand); answers its stop. */
    start(pollMs: number) {
      const stop = pollMs > 0 ? worker.start(pollMs) : undefined;
      return async () => {
        await stop?.();
        await notified();
        sender.close();
      };
    },
  };
}
