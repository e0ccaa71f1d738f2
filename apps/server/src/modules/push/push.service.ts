import { createPublicKey } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  isLoopbackHost,
  type NotificationSettings,
  type PushSubscriptionRequest,
} from '@mawadda/contract';
import type { Database } from '../../db/database.ts';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalidFields } from '../../lib/http-error.ts';
import { fieldError } from '../../lib/validation.ts';
import {
  deleteEndpoint,
  deleteSessionSubscriptions,
  deleteSubscription,
  deliverableSubscriptions,
  findSettings,
  type NewSettingsRow,
  saveSettings,
  saveSubscription,
} from './push.repository.ts';
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

/**
 * Web Push subscriptions and notification settings (issue 19, ADR 036): each device's
 * subscription, tied to the session that made it, and what the member wants to be told of.
 * The sending (events, queue, retries) builds on `subscriptionsOf`, `endpointGone` and `vapid`.
 */
export function createPushService(deps: {
  db: Database;
  clock: Clock;
  vapid: VapidDetails;
  subscriptionsPerMember: number;
  /** Accept endpoints on this machine (a local push service): tests only. */
  loopbackEndpoints: boolean;
}) {
  const { db, clock } = deps;

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

    /** `language`: the one the device's request named, kept for what is written to the member. */
    async subscribe(
      session: { id: string; memberId: string },
      subscription: PushSubscriptionRequest,
      language?: MailLanguage,
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
    subscriptionsOf: (memberId: string) => deliverableSubscriptions(db, memberId, clock.now()),

    /** The member unsubscribed from the e-mail digest (its one-click link): the rest is kept. */
    stopEmailDigest: (memberId: string) => changeSettings(memberId, { emailDigest: false }),

    /** The push service answered 404 or 410: the subscription is gone for good. */
    endpointGone: (endpoint: string) => deleteEndpoint(db, endpoint),

    async settings(memberId: string): Promise<NotificationSettings> {
      const row = await findSettings(db, memberId);
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
  };
}
