import type { NotificationSettings, PushSubscriptionRequest } from '@mawadda/contract';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { RecordedListener } from '../../lib/recorded-events.ts';
import type { ConnectedMember } from '../realtime/index.ts';
import {
  deleteSessionSubscriptions,
  deleteSubscription,
  pushReachable,
} from './push.repository.ts';
import { type PushDeps, pushContext } from './push-context.ts';
import { notified, notify, PUSH_LISTENER, startTaking, testPush } from './push-events.ts';
import type { PushEvent } from './push-notifier.ts';
import {
  changeSettings,
  memberSettings,
  recordLanguages,
  saveMemberSettings,
} from './push-settings.ts';
import { subscribe } from './push-subscriptions.ts';
import { forgetSocket, viewingHandler } from './push-viewing.ts';

export type PushService = ReturnType<typeof createPushService>;

/**
 * Web Push (ADR 036 and 037): each device's subscription, tied to the session that made it
 * (`push-subscriptions.ts`); what the member wants to be told of (`push-settings.ts`); and the
 * sending: events recorded where they happen (ADR 064) become pushes in a queue in the database
 * (`push-events.ts`), which each node's worker sends (`push-worker.ts`).
 */
export function createPushService(deps: PushDeps) {
  const ctx = pushContext(deps);
  const { db, clock } = deps;
  return {
    /** The VAPID key pair and contact the sender signs with; the public key goes to browsers. */
    vapid: deps.vapid,

    subscribe: (
      session: { id: string; memberId: string },
      subscription: PushSubscriptionRequest,
      language: MailLanguage | undefined,
    ) => subscribe(ctx, session, subscription, language),

    /** Forgets one of the member's subscriptions; another member's endpoint is left alone. */
    unsubscribe: (memberId: string, endpoint: string) => deleteSubscription(db, memberId, endpoint),

    /**
     * Sessions ended (logout, password reset, suspension, ban): the subscriptions made in them
     * go, so a signed-out device is told nothing more.
     */
    sessionsEnded: (ended: { sessionId: string } | { memberId: string }) =>
      deleteSessionSubscriptions(db, ended),

    /** Where the member may be pushed to now: subscriptions of live sessions, newest first. */
    subscriptionsOf: ctx.subscriptionsOf,

    /** The member unsubscribed from the e-mail digest (its one-click link): the rest is kept. */
    stopEmailDigest: (memberId: string) =>
      changeSettings(db, memberId, { emailDigest: false }, clock.now()),

    settings: (memberId: string) => memberSettings(db, memberId),

    /** The languages members use the app in, from their requests (ADR 040). */
    recordLanguages: (languages: ReadonlyMap<string, MailLanguage>) =>
      recordLanguages(db, languages, clock.now()),

    /** `language`: the one the request named, kept for what is written to the member. */
    saveSettings: (memberId: string, settings: NotificationSettings, language?: MailLanguage) =>
      saveMemberSettings(db, memberId, settings, clock.now(), language),

    /**
     * Records what the member may be told of in the outbox, as the modules' statements do
     * (`push-events.ts`): the tests and the bench tell push directly.
     */
    notify: (event: PushEvent): Promise<void> => notify(ctx, event),

    /**
     * How push listens to the events recorded where things happen (ADR 064): those about a
     * member with a device that may be pushed to, taken by this node's loop.
     */
    listener: {
      listener: PUSH_LISTENER,
      wants: (memberId) => pushReachable(memberId, clock.now()),
      wake: () => ctx.taking.wake(),
    } satisfies RecordedListener,

    test: (memberId: string) => testPush(ctx, memberId),

    viewingHandler: () => viewingHandler(ctx),

    /** A socket closed: what it showed no longer counts. */
    connectionClosed: (member: ConnectedMember): void => forgetSocket(ctx, member),

    notified: () => notified(ctx),

    /** Sends what is queued and due now: tests and the bench drive the queue so. */
    async drain(): Promise<void> {
      await notified(ctx);
      await ctx.worker.drain();
    },

    /**
     * The loops of this node, taking recorded events and sending the queue (0: none, tests drain
     * by hand); answers their stop. Nothing is held in memory meanwhile: what the loops had not
     * taken waits in the database for the next start or another node.
     */
    start(pollMs: number) {
      const stops = pollMs > 0 ? [startTaking(ctx, pollMs), ctx.worker.start(pollMs)] : [];
      return async () => {
        for (const stop of stops) await stop();
        ctx.sender.close();
      };
    },
  };
}
