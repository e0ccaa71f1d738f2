import { createECDH, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { GiftNumber, SubscriptionPlan } from '@mawadda/contract';
import { z } from 'zod';
import { SETTINGS, type Setting, type Settings } from './config-settings.ts';
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

/**
 * The settings as the server uses them, in its units (milliseconds, buffers, lists). What each
 * does is said once, in config-settings.ts (and docs/configuration.md, written from it); a comment
 * here says only what a field adds: several settings read together, or what stands in when unset.
 */
export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  presenceTtlMs: number;
  callRingMs: number;
  /** Plan prices by mobile money, in FCFA (card prices are the spec's, in cents). */
  xofPrices: Record<SubscriptionPlan, number>;
  /** Gift prices by mobile money, in FCFA, by gift number (card prices are the catalogue's). */
  xofGiftPrices: Record<GiftNumber, number>;
  openCheckoutsPerMember: number;
  checkoutMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientId: string | undefined;
  sessionTtlMs: number;
  sessionCacheMs: number;
  trustProxy: boolean;
  /** The proxy's header naming the client's country, lowercase (ADR 075); none: no country. */
  countryHeader: string | undefined;
  logLevel: string;
  webDistDir: string;
  demoData: boolean;
  requestTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
  /** The listener of `/metrics` (ADR 063); no port: none. */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  registrationsPerHourPerAddress: number;
  passkeySignInsPerMinutePerAddress: number;
  profilesPerDay: number;
  suggestionPagesPerDay: number;
  profilesPerMinute: number;
  suggestionPagesPerMinute: number;
  photosPerMinute: number;
  likesPerDay: number;
  /** Compliments a day (ADR 071): without a subscription, and with one. */
  compliments: { perDay: number; subscriberPerDay: number };
  firstMessagesPerDay: number;
  reportsPerDay: number;
  scamShield: ScamShieldConfig;
  newAccount: NewAccountConfig;
  verificationRetryMs: number;
  mediaSweepMs: number;
  /** The bucket every node keeps media in; undefined: the disk under `dataDir`, for one node. */
  objectStore: S3Location | undefined;
  /** MEDIA_LINK_SECRET, or one made at start (one node). */
  mediaLinkSecret: Buffer;
  mediaLinkTtlMs: number;
  /** Unset: the app keeps one of its own under DATA_DIR. */
  deviceCookieSecret: Buffer | undefined;
  totpSecretKey: Buffer | undefined;
  photoLinkTtlMs: number;
  ice: IceConfig;
  broker: BrokerLimits;
  /** Stripe Checkout (card payments), when its keys are set. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** PayDunya checkout invoices (mobile money), when its keys are set. */
  paydunya:
    | { masterKey: string; privateKey: string; token: string; mode: 'test' | 'live' }
    | undefined;
  /** The VAPID key pair (RFC 8292), base64url. Unset: the app keeps one under DATA_DIR. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  pushSubscriptionsPerMember: number;
  pushLoopbackEndpoints: boolean;
  digestDelayMs: number;
  digestEveryMs: number;
  /** How often this node looks for matches due a reminder or a lapse (ADR 069, 070); 0: never. */
  matchRemindersEveryMs: number;
  /** Unset: the app keeps one of its own under DATA_DIR. */
  unsubscribeSecret: Buffer | undefined;
  /** The push delivery queue (ADR 037). */
  pushDelivery: {
    pollMs: number;
    batch: number;
    pendingPerMember: number;
    maxAttempts: number;
    caFile: string | undefined;
  };
};

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

/** The table's parsers in one schema, each with its default (zod's default skips the parser). */
const envSchema = z.object(
  Object.fromEntries(
    Object.entries(SETTINGS).map(([name, s]: [string, Setting]) => [
      name,
      s.default === undefined ? s.parse : s.parse.default(s.default as never),
    ]),
  ),
) as unknown as z.ZodType<Settings>;

/** A comma-separated list, blanks left out. */
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/** This machine only: what a metrics listener may show without a token. */
const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Settings that hold only together, each with what its message says when they do not. */
const COMBINATIONS: { broken: (e: Settings) => boolean; says: string }[] = [
  {
    broken: (e) => list(e.TURN_URLS).length > 0 !== Boolean(e.TURN_SECRET),
    says: 'TURN_URLS and TURN_SECRET: set both (a TURN relay and the secret it shares with us) or neither',
  },
  {
    broken: (e) => Boolean(e.REDIS_URL) && !e.MEDIA_LINK_SECRET,
    says: 'MEDIA_LINK_SECRET: required with REDIS_URL (every node must sign chat media links with the same secret)',
  },
  {
    broken: (e) => Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET),
    says: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both (payments are granted on verified webhooks) or neither',
  },
  {
    broken: (e) => e.WS_HEARTBEAT_SECONDS > 0 && e.WS_SILENCE_SECONDS < 2 * e.WS_HEARTBEAT_SECONDS,
    says: 'WS_SILENCE_SECONDS: must be at least twice WS_HEARTBEAT_SECONDS (a client sending its heart-beats must never look silent)',
  },
  {
    broken: (e) => Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY),
    says: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (one key pair) or neither',
  },
  {
    broken: (e) =>
      Boolean(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) &&
      publicKeyOf(e.VAPID_PRIVATE_KEY ?? '') !== e.VAPID_PUBLIC_KEY,
    says: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: not a pair (the public key is not the private key's)",
  },
  {
    broken: (e) => !isLoopback(e.METRICS_HOST) && !e.METRICS_TOKEN,
    says: 'METRICS_TOKEN: required when METRICS_HOST is not a loopback address (the metrics name every route and the load: never show them to anyone who asks)',
  },
  {
    broken: (e) => e.SHIELD_REPORT_AFTER_PER_DAY < e.SHIELD_SLOW_AFTER_PER_HOUR,
    says: 'SHIELD_REPORT_AFTER_PER_DAY: must be at least SHIELD_SLOW_AFTER_PER_HOUR (a sender is slowed before being reported)',
  },
  {
    broken: (e) => e.NEW_ACCOUNT_LIKES_PER_DAY > e.LIKES_PER_DAY,
    says: 'NEW_ACCOUNT_LIKES_PER_DAY: must be at most LIKES_PER_DAY (a new account may do less, not more)',
  },
  {
    broken: (e) => e.SUBSCRIBER_COMPLIMENTS_PER_DAY < e.COMPLIMENTS_PER_DAY,
    says: 'SUBSCRIBER_COMPLIMENTS_PER_DAY: must be at least COMPLIMENTS_PER_DAY (a subscriber may send more, not fewer)',
  },
  {
    broken: (e) => e.NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY > e.FIRST_MESSAGES_PER_DAY,
    says: 'NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY: must be at most FIRST_MESSAGES_PER_DAY (a new account may do less, not more)',
  },
  {
    broken: (e) =>
      !e.MEDIA_STORE_URL &&
      Boolean(
        e.MEDIA_STORE_ENDPOINT || e.MEDIA_STORE_ACCESS_KEY_ID || e.MEDIA_STORE_SECRET_ACCESS_KEY,
      ),
    says: 'MEDIA_STORE_URL: required with the other MEDIA_STORE_ settings (s3://bucket/prefix; unset, media stay on the disk)',
  },
  {
    broken: (e) =>
      Boolean(e.MEDIA_STORE_URL) &&
      !(e.MEDIA_STORE_ACCESS_KEY_ID && e.MEDIA_STORE_SECRET_ACCESS_KEY),
    says: 'MEDIA_STORE_ACCESS_KEY_ID and MEDIA_STORE_SECRET_ACCESS_KEY: required with MEDIA_STORE_URL (the bucket is private)',
  },
  {
    broken: (e) => {
      const keys = [e.PAYDUNYA_MASTER_KEY, e.PAYDUNYA_PRIVATE_KEY, e.PAYDUNYA_TOKEN];
      return keys.some(Boolean) && !keys.every(Boolean);
    },
    says: 'PAYDUNYA_MASTER_KEY, PAYDUNYA_PRIVATE_KEY and PAYDUNYA_TOKEN: set all three or none',
  },
];

/**
 * Reads and checks every setting once: a wrong value, or settings that do not go together, throw
 * one error naming each variable at fault. No message prints a value (some are secrets).
 */
function readSettings(env: NodeJS.ProcessEnv): Settings {
  const parsed = envSchema.safeParse(env);
  const faults = parsed.success
    ? COMBINATIONS.filter((c) => c.broken(parsed.data)).map((c) => c.says)
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (!parsed.success || faults.length > 0) {
    throw new Error(`Invalid configuration:\n${faults.map((line) => `  ${line}`).join('\n')}`);
  }
  return parsed.data;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** `mailto:` the sender address of MAIL_FROM (`Mawadda <no-reply@mawadda.local>`). */
function defaultVapidSubject(mailFrom: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** The process, its services and its sessions. */
function serverOf(e: Settings) {
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
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * HOUR,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    countryHeader: e.COUNTRY_HEADER?.toLowerCase(),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist,
    demoData: e.DEMO_DATA,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    maxConnections: e.MAX_CONNECTIONS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
  };
}

/** What one member may do in a minute, a day, or as a new account; the scam shield. */
function limitsOf(e: Settings) {
  return {
    registrationsPerHourPerAddress: e.REGISTRATIONS_PER_HOUR_PER_ADDRESS,
    passkeySignInsPerMinutePerAddress: e.PASSKEY_SIGN_INS_PER_MINUTE_PER_ADDRESS,
    profilesPerDay: e.PROFILES_PER_DAY,
    suggestionPagesPerDay: e.SUGGESTION_PAGES_PER_DAY,
    profilesPerMinute: e.PROFILES_PER_MINUTE,
    suggestionPagesPerMinute: e.SUGGESTION_PAGES_PER_MINUTE,
    photosPerMinute: e.PHOTOS_PER_MINUTE,
    likesPerDay: e.LIKES_PER_DAY,
    compliments: {
      perDay: e.COMPLIMENTS_PER_DAY,
      subscriberPerDay: e.SUBSCRIBER_COMPLIMENTS_PER_DAY,
    },
    firstMessagesPerDay: e.FIRST_MESSAGES_PER_DAY,
    reportsPerDay: e.REPORTS_PER_DAY,
    scamShield: {
      enabled: e.SCAM_SHIELD,
      slowAfterPerHour: e.SHIELD_SLOW_AFTER_PER_HOUR,
      slowedPerMinute: e.SHIELD_SLOWED_MESSAGES_PER_MINUTE,
      reportAfterPerDay: e.SHIELD_REPORT_AFTER_PER_DAY,
    },
    newAccount: {
      ms: e.NEW_ACCOUNT_HOURS * HOUR,
      likesPerDay: e.NEW_ACCOUNT_LIKES_PER_DAY,
      firstMessagesPerDay: e.NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY,
    },
    verificationRetryMs: e.VERIFICATION_RETRY_HOURS * HOUR,
  };
}

/** The bucket of `MEDIA_STORE_*`, when MEDIA_STORE_URL names one (its keys are then set). */
function objectStoreOf(e: Settings): S3Location | undefined {
  if (!e.MEDIA_STORE_URL) return undefined;
  const [bucket = '', ...folders] = e.MEDIA_STORE_URL.slice('s3://'.length).split('/');
  const prefix = folders.filter(Boolean).join('/');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: e.MEDIA_STORE_ENDPOINT ?? `https://s3.${e.MEDIA_STORE_REGION}.amazonaws.com`,
    region: e.MEDIA_STORE_REGION,
    accessKeyId: e.MEDIA_STORE_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.MEDIA_STORE_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: e.MEDIA_STORE_FORCE_PATH_STYLE,
  };
}

/** Where media are kept, and the links that reach them. */
function mediaOf(e: Settings) {
  return {
    mediaSweepMs: e.MEDIA_SWEEP_MINUTES * MINUTE,
    objectStore: objectStoreOf(e),
    // One node without a secret makes its own: links made before a restart then stop working,
    // and the conversation, reloaded, gives new ones.
    mediaLinkSecret: e.MEDIA_LINK_SECRET ? Buffer.from(e.MEDIA_LINK_SECRET) : randomBytes(32),
    mediaLinkTtlMs: e.MEDIA_LINK_MINUTES * MINUTE,
    deviceCookieSecret: e.DEVICE_COOKIE_SECRET ? Buffer.from(e.DEVICE_COOKIE_SECRET) : undefined,
    totpSecretKey: e.TOTP_SECRET_KEY ? Buffer.from(e.TOTP_SECRET_KEY) : undefined,
    photoLinkTtlMs: e.PHOTO_LINK_MINUTES * MINUTE,
  };
}

/** Calls and the STOMP broker. */
function realTimeOf(e: Settings) {
  const turnUrls = list(e.TURN_URLS);
  return {
    callRingMs: e.CALL_RING_SECONDS * 1000,
    ice: {
      stunUrls: list(e.STUN_URLS),
      turn:
        turnUrls.length > 0 && e.TURN_SECRET
          ? { urls: turnUrls, secret: e.TURN_SECRET, ttlMs: e.TURN_CREDENTIAL_HOURS * HOUR }
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
  };
}

/** Prices by mobile money, checkouts, and the two payment providers when their keys are set. */
function paymentsOf(e: Settings) {
  return {
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
    checkoutMs: e.CHECKOUT_MINUTES * MINUTE,
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
  };
}

/** Web Push, its delivery queue and the e-mail digest for members without it. */
function notificationsOf(e: Settings) {
  return {
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? defaultVapidSubject(e.MAIL_FROM),
    pushSubscriptionsPerMember: e.PUSH_SUBSCRIPTIONS_PER_MEMBER,
    pushLoopbackEndpoints: e.PUSH_LOOPBACK_ENDPOINTS,
    digestDelayMs: e.DIGEST_DELAY_MINUTES * MINUTE,
    digestEveryMs: e.DIGEST_EVERY_MINUTES * MINUTE,
    matchRemindersEveryMs: e.MATCH_REMINDERS_EVERY_MINUTES * MINUTE,
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

/** Reads the environment once (config-settings.ts), at start; see `readSettings` for errors. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = readSettings(env);
  return {
    ...serverOf(e),
    ...limitsOf(e),
    ...mediaOf(e),
    ...realTimeOf(e),
    ...paymentsOf(e),
    ...notificationsOf(e),
  };
}
