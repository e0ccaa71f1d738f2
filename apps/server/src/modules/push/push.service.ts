import type { NotificationSettings, PushSubscriptionRequest } from '@mawadda/contract';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { ConnectedMember } from '../realtime/index.ts';
import { deleteSessionSubscriptions, deleteSubscription } from './push.repository.ts';
import { type PushDeps, pushContext } from './push-context.ts';
import { notified, notify, testPush } from './push-events.ts';
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
 * sending: events become pushes in a queue in the database (`notify`, `push-events.ts`), which
 * each node's worker sends (`push-worker.ts`).
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

    /** Queues what the member may be told of, off the caller's path: `push-events.ts`. */
    notify: (event: PushEvent): void => notify(ctx, event),

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

    /** The delivery loop of this node (0: none, the queue is drained by hand); answers its stop. */
    start(pollMs: number) {
      const stop = pollMs > 0 ? ctx.worker.start(pollMs) : undefined;
      return async () => {
        await stop?.();
        await notified(ctx);
        ctx.sender.close();
      };
    },
  };
}
