import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { GiftNumber, SubscriptionPlan } from '@mawadda/contract';
import { z } from 'zod';
import type { S3Location } from './lib/s3-media-store.ts';

/** The STOMP broker's limits (`modules/realtime`): settings, so they live here. */
export type BrokerLimits = {
  maxFrameBytes: number;
  maxHeaders: number;
  maxSubscriptions: number;
  /** A socket holding more unsent bytes than this is a slow reader: it is dropped. */
  maxBufferedBytes: number;
  /** Sustained frames a second a connection may send, and the burst above it. */
  framesPerSecond: number;
  frameBurst: number;
  /** What the server offers and asks for in heart-beat negotiation; 0 turns them off. */
  heartBeatMs: number;
  /** A socket that has not sent CONNECT by then is closed. */
  connectTimeoutMs: number;
  /** A member cut off for flooding may not connect again for this long. */
  floodCooldownMs: number;
  /**
   * A connected socket that sends nothing (no frame, no heart-beat) for this long is dropped,
   * whatever heart-beat it negotiated: `heart-beat:0,0` must not hold a socket for ever.
   */
  maxSilenceMs: number;
  /** Live sockets one member may hold on this node: a further CONNECT closes their oldest. */
  socketsPerMember: number;
  /**
   * From this many open connections of the process (the cap's count, not only sockets), a member
   * who already holds a socket may not add one (their new one replaces their oldest): what is
   * left under the cap is kept for members who have none.
   */
  crowdedAt: number;
};

export const DEFAULT_BROKER_LIMITS: BrokerLimits = {
  maxFrameBytes: 64 * 1024,
  maxHeaders: 32,
  maxSubscriptions: 32,
  maxBufferedBytes: 1024 * 1024,
  framesPerSecond: 20,
  frameBurst: 60,
  heartBeatMs: 10_000,
  connectTimeoutMs: 10_000,
  floodCooldownMs: 10_000,
  maxSilenceMs: 60_000,
  socketsPerMember: 5,
  crowdedAt: 9_000,
};

/** The chat's scam shield (ADR 043). */
export type ScamShieldConfig = {
  /** Off: messages are not read by the rules (the bench compares the two). */
  enabled: boolean;
  /** A sender whose messages set it off this many times in an hour (UTC) is slowed. */
  slowAfterPerHour: number;
  /** The messages a minute a slowed sender may send, until the end of that hour. */
  slowedPerMinute: number;
  /** From this many in a day (UTC), the server reports the sender, the messages attached. */
  reportAfterPerDay: number;
};

/** A new account, not verified: its first hours, and its lower daily limits (ADR 043). */
export type NewAccountConfig = {
  /** How long an account is new; 0: never. */
  ms: number;
  likesPerDay: number;
  firstMessagesPerDay: number;
};

/** STUN and TURN for calls (`modules/calls`). */
export type IceConfig = {
  stunUrls: string[];
  /** TURN relays and the secret they share with us (coturn `use-auth-secret`), when set. */
  turn: { urls: string[]; secret: string; ttlMs: number } | undefined;
};

const optionalUrl = (protocols: RegExp, example: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((v) => URL.canParse(v) && protocols.test(new URL(v).protocol), {
        message: `must be a URL like ${example}`,
      })
      .optional(),
  );

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** A price by mobile money: whole FCFA, as XOF has no decimals. */
const xofPrice = (fallback: number) => z.coerce.number().int().min(100).default(fallback);

/** Unpadded base64url of exactly `bytes` bytes (a VAPID key as `web-push` and browsers give it). */
const base64urlOf = (bytes: number) => (v: string) =>
  /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').toString('base64url') === v
    ? Buffer.from(v, 'base64url').length === bytes
    : false;

/** The public key of a P-256 private key (both base64url), or undefined if it is none. */
function publicKeyOf(privateKey: string): string | undefined {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return undefined;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: optionalUrl(/^https?:$/, 'https://mawadda.example'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'postgres://user:pass@host:5432/mawadda'),
  REDIS_URL: optionalUrl(/^rediss?:$/, 'redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, 'letters, digits, : _ -')
    .default('mawadda:'),
  PRESENCE_TTL_SECONDS: z.coerce.number().min(1).max(300).default(15),
  CALL_RING_SECONDS: z.coerce.number().int().min(1).max(120).default(30),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'smtp://user:pass@smtp.example:587'),
  MAIL_FROM: z.string().min(3).default('Mawadda <no-reply@mawadda.local>'),
  GOOGLE_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  DEMO_DATA: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(64),
  REGISTRATIONS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  PROFILES_PER_DAY: z.coerce.number().int().min(1).default(300),
  SUGGESTION_PAGES_PER_DAY: z.coerce.number().int().min(1).default(100),
  // Per minute, what no person reaches (docs/configuration.md says why these numbers).
  PROFILES_PER_MINUTE: z.coerce.number().int().min(1).default(40),
  SUGGESTION_PAGES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  PHOTOS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  LIKES_PER_DAY: z.coerce.number().int().min(1).default(200),
  FIRST_MESSAGES_PER_DAY: z.coerce.number().int().min(1).default(20),
  REPORTS_PER_DAY: z.coerce.number().int().min(1).default(10),
  // The scam shield (ADR 043).
  SCAM_SHIELD: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  SHIELD_SLOW_AFTER_PER_HOUR: z.coerce.number().int().min(1).default(3),
  SHIELD_SLOWED_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(2),
  SHIELD_REPORT_AFTER_PER_DAY: z.coerce.number().int().min(1).default(6),
  NEW_ACCOUNT_HOURS: z.coerce
    .number()
    .min(0)
    .max(30 * 24)
    .default(48),
  NEW_ACCOUNT_LIKES_PER_DAY: z.coerce.number().int().min(1).default(30),
  NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY: z.coerce.number().int().min(1).default(5),
  VERIFICATION_RETRY_HOURS: z.coerce.number().min(0).default(24),
  MEDIA_SWEEP_MINUTES: z.coerce.number().min(0).default(10),
  // An S3-compatible bucket for every node's media (ADR 046); unset: the disk under DATA_DIR.
  MEDIA_STORE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(
        /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._-]+)*\/?$/,
        'must be s3://bucket or s3://bucket/prefix (a bucket name: lower-case letters, digits, . and -)',
      )
      .optional(),
  ),
  MEDIA_STORE_ENDPOINT: optionalUrl(/^https?:$/, 'https://s3.eu-west-3.amazonaws.com'),
  MEDIA_STORE_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name like eu-west-3 (auto for R2)')
    .default('us-east-1'),
  MEDIA_STORE_ACCESS_KEY_ID: optionalText,
  MEDIA_STORE_SECRET_ACCESS_KEY: optionalText,
  MEDIA_STORE_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  MEDIA_LINK_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  DEVICE_COOKIE_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  MEDIA_LINK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  PHOTO_LINK_MINUTES: z.coerce
    .number()
    .int()
    .min(4)
    .max(24 * 60)
    .default(60),
  STUN_URLS: z.string().default('stun:stun.l.google.com:19302,stun:stun1.l.google.com:19302'),
  TURN_URLS: z.string().default(''),
  TURN_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  TURN_CREDENTIAL_HOURS: z.coerce.number().min(1).max(48).default(6),
  OPEN_CHECKOUTS_PER_MEMBER: z.coerce.number().int().min(1).default(3),
  // Stripe takes an expiry 30 minutes to 24 hours ahead of its own clock; a minute of margin.
  CHECKOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(31)
    .max(24 * 60)
    .default(60),
  XOF_PRICE_WEEKLY: xofPrice(3000),
  XOF_PRICE_MONTHLY: xofPrice(6000),
  XOF_PRICE_ANNUAL: xofPrice(48_000),
  // Round amounts as one pays them in Dakar, Abidjan or Bamako, not the dollar prices converted.
  XOF_PRICE_GIFT_TULIP_BOUQUET: xofPrice(1000),
  XOF_PRICE_GIFT_PLUSH_ELEPHANT: xofPrice(2000),
  XOF_PRICE_GIFT_GIANT_HEART_PLUSH: xofPrice(3000),
  XOF_PRICE_GIFT_GOLD_BRACELET: xofPrice(5000),
  XOF_PRICE_GIFT_SYMBOLIC_LINK: xofPrice(500),
  XOF_PRICE_GIFT_CHOCOLATES: xofPrice(1000),
  XOF_PRICE_GIFT_FLOWER_UNDER_GLASS: xofPrice(2500),
  XOF_PRICE_GIFT_SCENTED_CANDLE: xofPrice(1500),
  WS_MAX_FRAME_KB: z.coerce.number().int().min(1).max(16_384).default(64),
  WS_MAX_BUFFERED_KB: z.coerce.number().int().min(16).default(1024),
  WS_FRAMES_PER_SECOND: z.coerce.number().min(1).default(20),
  WS_HEARTBEAT_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  WS_SILENCE_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  WS_SOCKETS_PER_MEMBER: z.coerce.number().int().min(1).max(100).default(5),
  WS_ROOM_FOR_NEW_MEMBERS_PERCENT: z.coerce.number().min(0).max(90).default(10),
  STRIPE_SECRET_KEY: optionalText.refine((v) => !v || /^(sk|rk)_/.test(v), {
    message: 'must be a Stripe secret key (sk_… or rk_…)',
  }),
  STRIPE_WEBHOOK_SECRET: optionalText.refine((v) => !v || v.startsWith('whsec_'), {
    message: 'must be a Stripe webhook signing secret (whsec_…)',
  }),
  PAYDUNYA_MASTER_KEY: optionalText,
  PAYDUNYA_PRIVATE_KEY: optionalText,
  PAYDUNYA_TOKEN: optionalText,
  PAYDUNYA_MODE: z.enum(['test', 'live'], { error: 'must be test or live' }).default('test'),
  VAPID_PUBLIC_KEY: optionalText.refine((v) => !v || (base64urlOf(65)(v) && v.startsWith('B')), {
    message:
      'must be an uncompressed P-256 public key in base64url (87 characters, as `npx web-push generate-vapid-keys` prints)',
  }),
  VAPID_PRIVATE_KEY: optionalText.refine((v) => !v || base64urlOf(32)(v), {
    message: 'must be a P-256 private key in base64url (43 characters)',
  }),
  VAPID_SUBJECT: optionalText.refine(
    (v) => !v || /^mailto:[^@\s]+@[^@\s]+$/.test(v) || (URL.canParse(v) && v.startsWith('https:')),
    { message: 'must be a mailto: address or an https: URL (the push services contact it)' },
  ),
  PUSH_SUBSCRIPTIONS_PER_MEMBER: z.coerce.number().int().min(1).max(100).default(10),
  PUSH_LOOPBACK_ENDPOINTS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  DIGEST_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(120),
  DIGEST_EVERY_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(5),
  UNSUBSCRIBE_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  PUSH_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  PUSH_BATCH: z.coerce.number().int().min(1).max(1000).default(100),
  PUSH_PENDING_PER_MEMBER: z.coerce.number().int().min(1).max(1000).default(20),
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  PUSH_CA_FILE: optionalText.refine((v) => !v || fs.existsSync(v), {
    message: 'must be a readable PEM file of the certificates to trust for push services',
  }),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Put before every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  /**
   * With several nodes, a node that stops renewing its presence for this long is dead: its
   * members go offline within this plus a third of it.
   */
  presenceTtlMs: number;
  /** An unanswered call ends as missed after this (spec: 30 s). */
  callRingMs: number;
  /** Plan prices by mobile money, in FCFA (card prices are the spec's, in cents). */
  xofPrices: Record<SubscriptionPlan, number>;
  /** Gift prices by mobile money, in FCFA, by gift number (card prices are the catalogue's). */
  xofGiftPrices: Record<GiftNumber, number>;
  /** Checkouts one member may have open at once (orders pending, opened within `checkoutMs`). */
  openCheckoutsPerMember: number;
  /** How long a checkout stays open at the provider (Stripe's session expiry). */
  checkoutMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientId: string | undefined;
  sessionTtlMs: number;
  /** How long a node trusts a session it read without reading it again; 0 reads every time. */
  sessionCacheMs: number;
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string;
  /** Seed demo members into an empty embedded database at start. */
  demoData: boolean;
  /** A request, body included, must arrive within this; a trickled body is cut off. */
  requestTimeoutMs: number;
  /** Open connections at most, so a flood cannot exhaust the process's file handles. */
  maxConnections: number;
  /** Open connections per TCP peer address; 0 turns the cap off (behind a proxy that caps). */
  maxConnectionsPerAddress: number;
  /** Registration attempts one address may make in an hour, refused ones included. */
  registrationsPerHourPerAddress: number;
  /** Other members' profiles one member may open in 24 hours. */
  profilesPerDay: number;
  /** Pages of suggestions one member may load in 24 hours. */
  suggestionPagesPerDay: number;
  /** Other members' profiles one member may open in a minute: faster is a script. */
  profilesPerMinute: number;
  /** Pages of suggestions one member may load in a minute. */
  suggestionPagesPerMinute: number;
  /** Profile photos one member may fetch in a minute. */
  photosPerMinute: number;
  /** New likes (and Lovelies) one member may give in a calendar day (UTC). */
  likesPerDay: number;
  /** Conversations one member may start (a first message either way) in a calendar day (UTC). */
  firstMessagesPerDay: number;
  /** Reports one member may make in a calendar day (UTC). */
  reportsPerDay: number;
  /** The scam shield of the chat (ADR 043). */
  scamShield: ScamShieldConfig;
  /** What a new account, not verified, may do less of (ADR 043). */
  newAccount: NewAccountConfig;
  /** How long after a refused verification selfie a member may send another (issue 21). */
  verificationRetryMs: number;
  /** How often queued media deletions are retried; 0 turns the periodic sweep off (tests). */
  mediaSweepMs: number;
  /**
   * The bucket every node keeps media in (photos, chat media, selfies, data exports); undefined:
   * the disk under `dataDir`, for one node.
   */
  objectStore: S3Location | undefined;
  /** Signs the links to chat media and profile photos; every node must share it. */
  mediaLinkSecret: Buffer;
  mediaLinkTtlMs: number;
  /**
   * Signs the device cookies of sign-ins (ADR 027); every node must share it. Unset: the app
   * keeps one of its own under DATA_DIR.
   */
  deviceCookieSecret: Buffer | undefined;
  /** How long a profile photo link works (signed with the same secret). */
  photoLinkTtlMs: number;
  /** STUN servers and TURN relays given to members for calls. */
  ice: IceConfig;
  /** The STOMP broker's limits per WebSocket connection. */
  broker: BrokerLimits;
  /** Stripe Checkout (card payments), when its keys are set. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** PayDunya checkout invoices (mobile money), when its keys are set. */
  paydunya:
    | { masterKey: string; privateKey: string; token: string; mode: 'test' | 'live' }
    | undefined;
  /**
   * The VAPID key pair (RFC 8292) that signs Web Push requests, base64url. Unset: the app keeps
   * one of its own under DATA_DIR.
   */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** The contact push services are given in each VAPID JWT (`mailto:` or `https:`). */
  vapidSubject: string;
  /** Push subscriptions (devices) one member may hold: a new one beyond drops their oldest. */
  pushSubscriptionsPerMember: number;
  /** Accept push endpoints on this machine (a local push service): tests only. */
  pushLoopbackEndpoints: boolean;
  /**
   * The e-mail digest (ADR 038): what a member without push has waited this long for (an unread
   * message, a match) is mailed to them, at most once a day.
   */
  digestDelayMs: number;
  /** How often each node looks for members due a digest; 0 turns it off (tests drive it). */
  digestEveryMs: number;
  /**
   * Signs the digest's one-click unsubscribe links; every node must share it. Unset: the app
   * keeps one of its own under DATA_DIR.
   */
  unsubscribeSecret: Buffer | undefined;
  /** The push delivery queue (ADR 037). */
  pushDelivery: {
    /** How often a node looks for pushes other nodes queued; 0: no loop (tests drain it). */
    pollMs: number;
    /** Pushes a node claims and sends at once. */
    batch: number;
    /** Pushes waiting for one member at most; more are dropped (one per tag is kept). */
    pendingPerMember: number;
    /** Tries of one push (429, 5xx, network) before it is dropped. */
    maxAttempts: number;
    /** Certificates trusted for push services beside the usual ones (a local one in tests). */
    caFile: string | undefined;
  };
};

/** A comma-separated list, blanks left out. */
const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Reads the environment once; a wrong value throws an error naming every bad variable. */
/** The bucket of `MEDIA_STORE_*`, when MEDIA_STORE_URL names one; the keys go with it. */
function objectStoreOf(e: z.infer<typeof envSchema>): S3Location | undefined {
  if (!e.MEDIA_STORE_URL) {
    if (e.MEDIA_STORE_ENDPOINT || e.MEDIA_STORE_ACCESS_KEY_ID || e.MEDIA_STORE_SECRET_ACCESS_KEY) {
      throw new Error(
        'Invalid configuration:\n  MEDIA_STORE_URL: required with the other MEDIA_STORE_ settings (s3://bucket/prefix; unset, media stay on the disk)',
      );
    }
    return undefined;
  }
  if (!e.MEDIA_STORE_ACCESS_KEY_ID || !e.MEDIA_STORE_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid configuration:\n  MEDIA_STORE_ACCESS_KEY_ID and MEDIA_STORE_SECRET_ACCESS_KEY: required with MEDIA_STORE_URL (the bucket is private)',
    );
  }
  const [bucket = '', ...folders] = e.MEDIA_STORE_URL.slice('s3://'.length).split('/');
  const prefix = folders.filter(Boolean).join('/');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: e.MEDIA_STORE_ENDPOINT ?? `https://s3.${e.MEDIA_STORE_REGION}.amazonaws.com`,
    region: e.MEDIA_STORE_REGION,
    accessKeyId: e.MEDIA_STORE_ACCESS_KEY_ID,
    secretAccessKey: e.MEDIA_STORE_SECRET_ACCESS_KEY,
    forcePathStyle: e.MEDIA_STORE_FORCE_PATH_STYLE === 'true',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const turnUrls = list(e.TURN_URLS);
  if (turnUrls.length > 0 !== Boolean(e.TURN_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  TURN_URLS and TURN_SECRET: set both (a TURN relay and the secret it shares with us) or neither',
    );
  }
  if (e.REDIS_URL && !e.MEDIA_LINK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  MEDIA_LINK_SECRET: required with REDIS_URL (every node must sign chat media links with the same secret)',
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both (payments are granted on verified webhooks) or neither',
    );
  }
  if (e.WS_HEARTBEAT_SECONDS > 0 && e.WS_SILENCE_SECONDS < 2 * e.WS_HEARTBEAT_SECONDS) {
    throw new Error(
      'Invalid configuration:\n  WS_SILENCE_SECONDS: must be at least twice WS_HEARTBEAT_SECONDS (a client sending its heart-beats must never look silent)',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (one key pair) or neither',
    );
  }
  if (e.VAPID_PRIVATE_KEY && publicKeyOf(e.VAPID_PRIVATE_KEY) !== e.VAPID_PUBLIC_KEY) {
    throw new Error(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: not a pair (the public key is not the private key's)",
    );
  }
  if (e.SHIELD_REPORT_AFTER_PER_DAY < e.SHIELD_SLOW_AFTER_PER_HOUR) {
    throw new Error(
      'Invalid configuration:\n  SHIELD_REPORT_AFTER_PER_DAY: must be at least SHIELD_SLOW_AFTER_PER_HOUR (a sender is slowed before being reported)',
    );
  }
  if (e.NEW_ACCOUNT_LIKES_PER_DAY > e.LIKES_PER_DAY) {
    throw new Error(
      'Invalid configuration:\n  NEW_ACCOUNT_LIKES_PER_DAY: must be at most LIKES_PER_DAY (a new account may do less, not more)',
    );
  }
  if (e.NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY > e.FIRST_MESSAGES_PER_DAY) {
    throw new Error(
      'Invalid configuration:\n  NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY: must be at most FIRST_MESSAGES_PER_DAY (a new account may do less, not more)',
    );
  }
  const objectStore = objectStoreOf(e);
  const paydunyaKeys = [e.PAYDUNYA_MASTER_KEY, e.PAYDUNYA_PRIVATE_KEY, e.PAYDUNYA_TOKEN];
  if (paydunyaKeys.some(Boolean) && !paydunyaKeys.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\n  PAYDUNYA_MASTER_KEY, PAYDUNYA_PRIVATE_KEY and PAYDUNYA_TOKEN: set all three or none',
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    presenceTtlMs: e.PRESENCE_TTL_SECONDS * 1000,
    callRingMs: e.CALL_RING_SECONDS * 1000,
    xofPrices: {
      WEEKLY: e.XOF_PRICE_WEEKLY,
      MONTHLY: e.XOF_PRICE_MONTHLY,
      ANNUAL: e.XOF_PRICE_ANNUAL,
    },
    xofGiftPrices: {
      1: e.XOF_PRICE_GIFT_TULIP_BOUQUET,
      2: e.XOF_PRICE_GIFT_PLUSH_ELEPHANT,
      3: e.XOF_PRICE_GIFT_GIANT_HEART_PLUSH,
      4: e.XOF_PRICE_GIFT_GOLD_BRACELET,
      5: e.XOF_PRICE_GIFT_SYMBOLIC_LINK,
      6: e.XOF_PRICE_GIFT_CHOCOLATES,
      7: e.XOF_PRICE_GIFT_FLOWER_UNDER_GLASS,
      8: e.XOF_PRICE_GIFT_SCENTED_CANDLE,
    },
    openCheckoutsPerMember: e.OPEN_CHECKOUTS_PER_MEMBER,
    checkoutMs: e.CHECKOUT_MINUTES * 60 * 1000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist,
    demoData: e.DEMO_DATA === 'true',
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    maxConnections: e.MAX_CONNECTIONS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    registrationsPerHourPerAddress: e.REGISTRATIONS_PER_HOUR_PER_ADDRESS,
    profilesPerDay: e.PROFILES_PER_DAY,
    suggestionPagesPerDay: e.SUGGESTION_PAGES_PER_DAY,
    profilesPerMinute: e.PROFILES_PER_MINUTE,
    suggestionPagesPerMinute: e.SUGGESTION_PAGES_PER_MINUTE,
    photosPerMinute: e.PHOTOS_PER_MINUTE,
    likesPerDay: e.LIKES_PER_DAY,
    firstMessagesPerDay: e.FIRST_MESSAGES_PER_DAY,
    reportsPerDay: e.REPORTS_PER_DAY,
    scamShield: {
      enabled: e.SCAM_SHIELD === 'true',
      slowAfterPerHour: e.SHIELD_SLOW_AFTER_PER_HOUR,
      slowedPerMinute: e.SHIELD_SLOWED_MESSAGES_PER_MINUTE,
      reportAfterPerDay: e.SHIELD_REPORT_AFTER_PER_DAY,
    },
    newAccount: {
      ms: e.NEW_ACCOUNT_HOURS * 60 * 60 * 1000,
      likesPerDay: e.NEW_ACCOUNT_LIKES_PER_DAY,
      firstMessagesPerDay: e.NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY,
    },
    verificationRetryMs: e.VERIFICATION_RETRY_HOURS * 60 * 60 * 1000,
    mediaSweepMs: e.MEDIA_SWEEP_MINUTES * 60 * 1000,
    // One node without a secret makes its own: links made before a restart then stop working,
    // and the conversation, reloaded, gives new ones.
    objectStore,
    mediaLinkSecret: e.MEDIA_LINK_SECRET ? Buffer.from(e.MEDIA_LINK_SECRET) : randomBytes(32),
    mediaLinkTtlMs: e.MEDIA_LINK_MINUTES * 60 * 1000,
    deviceCookieSecret: e.DEVICE_COOKIE_SECRET ? Buffer.from(e.DEVICE_COOKIE_SECRET) : undefined,
    photoLinkTtlMs: e.PHOTO_LINK_MINUTES * 60 * 1000,
    ice: {
      stunUrls: list(e.STUN_URLS),
      turn:
        turnUrls.length > 0 && e.TURN_SECRET
          ? { urls: turnUrls, secret: e.TURN_SECRET, ttlMs: e.TURN_CREDENTIAL_HOURS * 3_600_000 }
          : undefined,
    },
    broker: {
      ...DEFAULT_BROKER_LIMITS,
      maxFrameBytes: e.WS_MAX_FRAME_KB * 1024,
      maxBufferedBytes: e.WS_MAX_BUFFERED_KB * 1024,
      framesPerSecond: e.WS_FRAMES_PER_SECOND,
      frameBurst: Math.ceil(e.WS_FRAMES_PER_SECOND * 3),
      heartBeatMs: e.WS_HEARTBEAT_SECONDS * 1000,
      maxSilenceMs: e.WS_SILENCE_SECONDS * 1000,
      socketsPerMember: e.WS_SOCKETS_PER_MEMBER,
      crowdedAt: Math.floor((e.MAX_CONNECTIONS * (100 - e.WS_ROOM_FOR_NEW_MEMBERS_PERCENT)) / 100),
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    paydunya:
      e.PAYDUNYA_MASTER_KEY && e.PAYDUNYA_PRIVATE_KEY && e.PAYDUNYA_TOKEN
        ? {
            masterKey: e.PAYDUNYA_MASTER_KEY,
            privateKey: e.PAYDUNYA_PRIVATE_KEY,
            token: e.PAYDUNYA_TOKEN,
            mode: e.PAYDUNYA_MODE,
          }
        : undefined,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? defaultVapidSubject(e.MAIL_FROM),
    pushSubscriptionsPerMember: e.PUSH_SUBSCRIPTIONS_PER_MEMBER,
    pushLoopbackEndpoints: e.PUSH_LOOPBACK_ENDPOINTS === 'true',
    digestDelayMs: e.DIGEST_DELAY_MINUTES * 60 * 1000,
    digestEveryMs: e.DIGEST_EVERY_MINUTES * 60 * 1000,
    unsubscribeSecret: e.UNSUBSCRIBE_SECRET ? Buffer.from(e.UNSUBSCRIBE_SECRET) : undefined,
    pushDelivery: {
      pollMs: e.PUSH_POLL_MS,
      batch: e.PUSH_BATCH,
      pendingPerMember: e.PUSH_PENDING_PER_MEMBER,
      maxAttempts: e.PUSH_MAX_ATTEMPTS,
      caFile: e.PUSH_CA_FILE,
    },
  };
}

/** `mailto:` the sender address of MAIL_FROM (`Mawadda <no-reply@mawadda.local>`). */
function defaultVapidSubject(mailFrom: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
