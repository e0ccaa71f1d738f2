import type { NotificationSettings, PushPayload } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import { photosFor } from '../../core/profile-photos.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { MatchUpdateEvent } from '../relationships/index.ts';
import {
  type EventMembers,
  type EventRules,
  enqueue,
  type QueuedEvent,
} from './push-queue.repository.ts';
import type { OutgoingPush } from './push-sender.ts';
import { firstName, type PushLanguage, type PushSubject, pushText } from './push-texts.ts';

/**
 * What happened, as the modules where it happens announce it (events, ADR 062): the push module
 * decides whether and what to push. `to` is the member told, `from` whom it is about.
 */
export type PushEvent =
  | {
      kind: 'message';
      from: string;
      to: string;
      content: 'text' | 'photo' | 'voice' | 'gift';
      text: string | null;
      at: Date;
      /** A message request (ADR 068): pushed apart, to the Requests list, never its text. */
      request?: boolean;
    }
  | {
      kind: 'like' | 'match';
      from: string;
      to: string;
      at: Date;
      /** A like's compliment (ADR 071): its note, null when the scam shield flagged it. */
      compliment?: { text: string | null } | null;
    }
  /**
   * His message request was answered or expired (ADR 068): told politely, a decline never named
   * on a lock screen.
   */
  | {
      kind: 'request-settled';
      from: string;
      to: string;
      outcome: 'accepted' | 'declined' | 'expired';
      at: Date;
    }
  | { kind: 'call'; callId: string; from: string; to: string; video: boolean; at: Date }
  | { kind: 'call-ended'; callId: string; from: string; to: string; missed: boolean; at: Date }
  | MatchUpdateEvent;

/** How a kind of push travels: its urgency (RFC 8030 §5.3) and how long it is worth delivering. */
const DELIVERY: Record<PushPayload['kind'], { urgency: OutgoingPush['urgency']; ttl: number }> = {
  message: { urgency: 'normal', ttl: 12 * 3600 },
  gift: { urgency: 'normal', ttl: 12 * 3600 },
  match: { urgency: 'normal', ttl: 24 * 3600 },
  like: { urgency: 'low', ttl: 24 * 3600 },
  // A ring is worth its ring time: later, the call is over and `call-ended` says so.
  call: { urgency: 'high', ttl: 45 },
  'call-ended': { urgency: 'high', ttl: 3600 },
  'match-update': { urgency: 'low', ttl: 24 * 3600 },
  test: { urgency: 'normal', ttl: 300 },
};

/** The member's switch for each kind of event. */
const SWITCH: Record<Exclude<PushPayload['kind'], 'test'>, keyof NotificationSettings> = {
  message: 'messages',
  gift: 'gifts',
  match: 'matches',
  like: 'likes',
  call: 'calls',
  'call-ended': 'calls',
  'match-update': 'matches',
};

/** A socket that said it shows a conversation longer ago than this no longer counts. */
const VIEWING_FRESH_MS = 60 * 60 * 1000;

const clockFormats = new Map<string, Intl.DateTimeFormat>();
/** Minutes after midnight at `at` in a time zone. */
function minutesIn(timeZone: string, at: Date): number {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** Within the member's quiet hours (from `start` to `end`, across midnight when `end` < `start`). */
function inQuietHours(settings: NotificationSettings, at: Date): boolean {
  const hours = settings.quietHours;
  if (!hours) return false;
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const start = toMinutes(hours.start);
  const end = toMinutes(hours.end);
  const now = minutesIn(settings.timeZone, at);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** The app path a notification opens, in the device's language. */
function urlOf(event: PushEvent, language: PushLanguage): string {
  const root = `/${language}`;
  switch (event.kind) {
    case 'message':
      return event.request ? `${root}/chat?requests=open` : `${root}/chat?userId=${event.from}`;
    case 'request-settled':
    case 'match':
    case 'call-ended':
    case 'match-update':
      return `${root}/chat?userId=${event.from}`;
    case 'like':
      return `${root}/suggestions?likes=open`;
    case 'call':
      return `${root}/chat?userId=${event.from}&call=${event.callId}`;
  }
}

/** Notifications with the same tag replace each other on the device (and in the queue). */
function tagOf(event: PushEvent): string {
  switch (event.kind) {
    case 'message':
      return event.request ? 'requests' : `chat:${event.from}`;
    case 'request-settled':
      return `chat:${event.from}`;
    case 'call':
    case 'call-ended':
      return `call:${event.callId}`;
    case 'match':
    case 'match-update':
      return `match:${event.from}`;
    case 'like':
      return 'likes';
  }
}

function subjectOf(event: PushEvent, name: string): PushSubject {
  switch (event.kind) {
    case 'message':
      if (event.request) return { kind: 'request', name };
      return event.content === 'gift'
        ? { kind: 'gift', name }
        : { kind: 'message', name, content: event.content, text: event.text };
    case 'request-settled':
      return { kind: 'request-settled', name, outcome: event.outcome };
    case 'like':
      return event.compliment
        ? { kind: 'like', name, compliment: event.compliment.text }
        : { kind: 'like', name };
    case 'match':
      return { kind: 'match', name };
    case 'call':
      return { kind: 'call', name, video: event.video };
    case 'call-ended':
      return { kind: 'call-ended', name, missed: event.missed };
    case 'match-update':
      return { kind: 'match-update', name, update: event.update };
  }
}

export type Subscription = { id: string; language: PushLanguage };

/** An event's rules, with the member's settings (the defaults when none are saved). */
export type ReadRules = Omit<EventRules, 'settings'> & { settings: NotificationSettings };

/** An event to push, with its row in the outbox when it was taken from there (ADR 064). */
export type Taken = { event: PushEvent; takenId?: number };

/** One event's pushes, one per device in its language. */
function pushesOf(
  memberId: string,
  aboutId: string | null,
  subscriptions: Subscription[],
  make: (language: PushLanguage) => Omit<PushPayload, 'badge'>,
  badge: number,
  takenId?: number,
): QueuedEvent {
  const devices = subscriptions.map((subscription) => {
    const payload: PushPayload = { ...make(subscription.language), badge };
    return { subscriptionId: subscription.id, payload: JSON.stringify(payload) };
  });
  // Its kind, tag and time are the same in every language.
  const sample = make('fr');
  const { urgency, ttl } = DELIVERY[sample.kind];
  return {
    memberId,
    aboutId,
    tag: sample.tag,
    urgency,
    ttlSeconds: ttl,
    at: sample.at,
    devices,
    ...(takenId === undefined ? {} : { takenId }),
  };
}

/** The rules that need nothing but the event's own read: cheapest first. */
function allows(event: PushEvent, rules: ReadRules, now: Date): boolean {
  if (rules.subscriptions.length === 0) return false;
  const kind =
    event.kind === 'message' && event.content === 'gift'
      ? 'gift'
      : event.kind === 'request-settled'
        ? 'message'
        : event.kind;
  if (!rules.settings[SWITCH[kind]]) return false;
  if (inQuietHours(rules.settings, now)) return false;
  return rules.allowed;
}

/**
 * Events in rounds of distinct members: each member's events one after the other, in their
 * order, the k-th of every member in the k-th round.
 */
function roundsOf(events: readonly Taken[]): Taken[][] {
  const rounds: Taken[][] = [];
  const taken = new Map<string, number>();
  for (const event of events) {
    const index = taken.get(event.event.to) ?? 0;
    taken.set(event.event.to, index + 1);
    const round = rounds[index] ?? [];
    round.push(event);
    rounds[index] = round;
  }
  return rounds;
}

/**
 * From events to queued pushes (ADR 037): the rules first, cheapest first (a device to push to,
 * the member's switch, quiet hours in their time zone, no block either way and both members
 * active, the conversation not on screen), then one payload per device in its language.
 */
export function createPushNotifier(deps: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  photoLinks: MediaLinks;
  subscriptionsOf(memberId: string): Promise<Subscription[]>;
  /**
   * What the rules read of several events, in one statement (`eventRules`), an answer per event
   * in their order, with the settings as the member's (the defaults when none are saved).
   */
  rulesOf(
    events: readonly EventMembers[],
    viewingSince: Date,
  ): Promise<Array<ReadRules | undefined>>;
  /** Unread conversations plus new likes: the app badge. */
  badgeOf(memberId: string): Promise<number>;
  onlineAmong(memberIds: readonly string[]): Promise<Set<string>>;
  pendingPerMember: number;
  queued(): void;
}) {
  const { db, clock } = deps;

  async function queue(events: QueuedEvent[]): Promise<number> {
    const queued = await enqueue(db, events, clock.now(), deps.pendingPerMember);
    if (queued > 0) deps.queued();
    return queued;
  }

  /** Events of distinct members: their rules in one statement, their pushes in another. */
  async function notifyRound(round: readonly Taken[]): Promise<number[]> {
    const since = new Date(clock.now().getTime() - VIEWING_FRESH_MS);
    const rules = await deps.rulesOf(
      round.map(({ event }) => ({ memberId: event.to, aboutId: event.from })),
      since,
    );
    const refused: number[] = [];
    const passed: Array<Taken & { rules: ReadRules }> = [];
    round.forEach((taken, index) => {
      const found = rules[index];
      if (found && allows(taken.event, found, clock.now())) passed.push({ ...taken, rules: found });
      else if (taken.takenId !== undefined) refused.push(taken.takenId);
    });
    // Whether the member has the conversation open on a live socket: a node that died leaves
    // its rows, so they count only while the member is online somewhere.
    const viewers = passed.filter((p) => p.event.kind === 'message' && p.rules.viewing);
    const online =
      viewers.length > 0
        ? await deps.onlineAmong(viewers.map((p) => p.event.to))
        : new Set<string>();
    const queued: QueuedEvent[] = [];
    for (const { event, takenId, rules: found } of passed) {
      if (event.kind === 'message' && found.viewing && online.has(event.to)) {
        if (takenId !== undefined) refused.push(takenId);
        continue;
      }
      const [icon] = photosFor(deps.photoLinks, event.to, found.about).mediaUrls;
      const subject = subjectOf(event, firstName(found.about.name));
      queued.push(
        pushesOf(
          event.to,
          event.from,
          found.subscriptions,
          (language) => ({
            ...pushText(subject, language, found.settings.showMessageText),
            tag: tagOf(event),
            url: urlOf(event, language),
            icon: icon ?? null,
            at: event.at.toISOString(),
          }),
          found.badge,
          takenId,
        ),
      );
    }
    await queue(queued);
    return refused;
  }

  return {
    /**
     * Queues the events' pushes where the rules allow, and answers the outbox rows (`takenId`,
     * ADR 064) of the events a rule refused. Each member's events one after the other, in the
     * order given (a later message replaces an earlier one waiting, never the reverse), members
     * side by side: a round of statements takes the next event of every member. An event's row
     * leaves the outbox in the statement that queues its pushes, which queues nothing if another
     * node removed it first.
     */
    async notify(events: readonly Taken[]): Promise<number[]> {
      const refused: number[] = [];
      for (const round of roundsOf(events)) {
        try {
          refused.push(...(await notifyRound(round)));
        } catch (err) {
          // One event whose statement fails (its member deleted in between) must not hold the
          // others back: each is tried alone, and one still failing is taken again later.
          deps.log.warn({ err }, 'Pushes could not be queued together: queued one by one');
          for (const taken of round) {
            try {
              refused.push(...(await notifyRound([taken])));
            } catch (error) {
              deps.log.error({ err: error }, 'Could not queue a push');
            }
          }
        }
      }
      return refused;
    },

    /** A test notification to each of the member's devices, quiet hours or not. */
    async test(memberId: string): Promise<number> {
      const subscriptions = await deps.subscriptionsOf(memberId);
      if (subscriptions.length === 0) return 0;
      const at = clock.now().toISOString();
      await queue([
        pushesOf(
          memberId,
          null,
          subscriptions,
          (language) => ({
            ...pushText({ kind: 'test' }, language, false),
            tag: 'test',
            url: `/${language}/mon-profil`,
            icon: null,
            at,
          }),
          await deps.badgeOf(memberId),
        ),
      ]);
      return subscriptions.length;
    },
  };
}

export type PushNotifier = ReturnType<typeof createPushNotifier>;
