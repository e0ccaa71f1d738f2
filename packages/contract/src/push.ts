import './zod-config.ts';
import { z } from 'zod';
import { PUSH_ENDPOINT_MAX_LENGTH } from './constants.ts';
import { E } from './error-codes.ts';

/**
 * Web Push (ADR 036): a browser's push subscription, as `PushSubscription.toJSON()`
 * gives it, and the member's notification settings.
 */

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** Whether an endpoint's host is this machine: allowed in tests only (a local push service). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOST.test(hostname);
}

/**
 * An https URL without credentials. Never http, even on this machine: pushes are sent over HTTPS
 * (RFC 8030 §7), and `web-push` could not deliver to it anyway.
 */
function isPushEndpoint(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return !url.username && !url.password && url.protocol === 'https:';
}

/**
 * The bytes of an unpadded base64url text (RFC 4648 §5), or undefined when it is not one: the
 * alphabet, no padding, no stray bits in the last character. Browsers give keys so.
 */
export function base64urlBytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  // A last character carrying bits beyond the bytes is a second spelling of the same bytes.
  const again = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return again === text ? bytes : undefined;
}

/** The subscription's P-256 public key: 65 bytes, uncompressed (0x04, x, y). */
const p256dhKey = z
  .string({ error: E.PUSH_KEY_INVALID })
  .max(100, E.PUSH_KEY_INVALID)
  .refine((text) => {
    const bytes = base64urlBytes(text);
    return bytes?.length === 65 && bytes[0] === 0x04;
  }, E.PUSH_KEY_INVALID);

/** The subscription's authentication secret: 16 bytes. */
const authSecret = z
  .string({ error: E.PUSH_AUTH_INVALID })
  .max(30, E.PUSH_AUTH_INVALID)
  .refine((text) => base64urlBytes(text)?.length === 16, E.PUSH_AUTH_INVALID);

const pushEndpoint = z
  .string({ error: E.PUSH_ENDPOINT_INVALID })
  .max(PUSH_ENDPOINT_MAX_LENGTH, E.PUSH_ENDPOINT_TOO_LONG)
  .refine(isPushEndpoint, E.PUSH_ENDPOINT_INVALID);

/** `POST /api/push/subscriptions`: the browser's subscription, as `toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpoint,
  /** When the push service ends it (ms since 1970), or null: most never say. */
  expirationTime: z
    .number({ error: E.PUSH_EXPIRATION_INVALID })
    .int(E.PUSH_EXPIRATION_INVALID)
    .min(0, E.PUSH_EXPIRATION_INVALID)
    .max(8.64e15, E.PUSH_EXPIRATION_INVALID)
    .nullable()
    .optional(),
  keys: z.object({ p256dh: p256dhKey, auth: authSecret }, { error: E.PUSH_KEY_INVALID }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE /api/push/subscriptions`: which one, by its endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpoint });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeSchema>;

/** `HH:MM`, 00:00 to 23:59, in the member's time zone. */
const localTime = z
  .string({ error: E.QUIET_HOURS_INVALID })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, E.QUIET_HOURS_INVALID);

/** An IANA time zone the runtime knows (`Europe/Paris`, `Africa/Dakar`, `UTC`). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const setting = z.boolean({ error: E.NOTIFICATION_SETTING_INVALID });

/**
 * What the member is told of while the app is closed, each a switch (ADR 036): new messages,
 * matches, likes (off unless asked for), calls, gifts; whether a message's text may show on the
 * lock screen (off: a lock screen is seen by others); quiet hours in their time zone (from
 * `start` to `end`, across midnight when `end` is earlier), and the e-mail digest. Sent whole.
 */
export const notificationSettingsSchema = z.strictObject({
  messages: setting,
  matches: setting,
  likes: setting,
  calls: setting,
  gifts: setting,
  showMessageText: setting,
  quietHours: z
    .strictObject({ start: localTime, end: localTime }, { error: E.QUIET_HOURS_INVALID })
    .refine((hours) => hours.start !== hours.end, E.QUIET_HOURS_INVALID)
    .nullable(),
  timeZone: z.string({ error: E.TIME_ZONE_INVALID }).refine(isTimeZone, E.TIME_ZONE_INVALID),
  emailDigest: setting,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A member who never chose: everything on but likes and the message text; UTC until told. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  messages: true,
  matches: true,
  likes: false,
  calls: true,
  gifts: true,
  showMessageText: false,
  quietHours: null,
  timeZone: 'UTC',
  emailDigest: true,
};

/**
 * The one-click unsubscribe link of the e-mail digest (RFC 8058): the token it carries, which
 * names the member and is signed by the server, so it needs no login.
 */
export const digestUnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: E.UNSUBSCRIBE_LINK_INVALID })
    .max(200, E.UNSUBSCRIBE_LINK_INVALID)
    .regex(/^[A-Za-z0-9_.-]+$/, E.UNSUBSCRIBE_LINK_INVALID),
});

/**
 * What a push is about; `call-ended` replaces a ringing call's notification (same tag);
 * `match-update` is news of a match that is no message: a reminder, a lapse, exclusive mode (ADR 069, 070).
 */
const PUSH_KINDS = [
  'message',
  'match',
  'like',
  'call',
  'call-ended',
  'gift',
  'test',
  'match-update',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * The JSON a push carries to the service worker (ADR 036), encrypted end to end (RFC 8291).
 * Written by the server in the member's language, so the worker only shows it. At most a few
 * hundred bytes: push services take 4 kB.
 */
export const pushPayloadSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  /** Notifications with the same tag replace each other: one per conversation, one per call. */
  tag: z.string().max(100),
  title: z.string().max(200),
  body: z.string().max(500),
  /** The app path a click opens: the conversation, the likes, the call. */
  url: z.string().startsWith('/').max(300),
  /** The other member's main photo as a signed link (blurred unless matched), or none. */
  icon: z.string().max(1000).nullable(),
  /** Unread conversations plus new likes, for `navigator.setAppBadge`. */
  badge: z.number().int().min(0),
  /** When it happened (ISO 8601), the notification's timestamp. */
  at: z.iso.datetime(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** `POST /api/push/test`: how many of the member's devices the test notification went to. */
export const pushTestResponseSchema = z.object({ devices: z.number().int().min(0) });
export type PushTestResponse = z.infer<typeof pushTestResponseSchema>;

/**
 * SENT to `/app/viewing` when a conversation opens (`with`: the other member) and when it closes
 * (`with`: null): while a socket shows it, its messages are not pushed (ADR 036).
 */
export const viewingFrameSchema = z.object({ with: z.uuid().nullable() });
export type ViewingFrame = z.infer<typeof viewingFrameSchema>;
