// Every setting of the server, once: the variable, how its text is read and checked, its default
// or what leaving it unset means, an example, what it does, and whether it is a secret. config.ts
// reads the environment through this table and maps it to `Config`; docs/configuration.md's
// table of settings is written from it (`npm run docs:config`, checked by config.test.ts).
import fs from 'node:fs';
import { z } from 'zod';

type Described = {
  /** A value to show, as docs/configuration.md writes it (markdown). */
  example: string;
  /** What the setting does, for docs/configuration.md (markdown). */
  doc: string;
  /** A credential: no message of the server prints it; the documentation marks it. */
  secret?: true;
};

/** One setting: `parse` reads and checks the variable's text; with its default or what unset means. */
export type Setting<S extends z.ZodType = z.ZodType> = Described & { parse: S } & (
    | { default: z.output<S>; unset?: never }
    | { unset: string; default?: never }
  );

/** Types the default by the parser's output. */
const setting = <S extends z.ZodType>(s: Setting<S>) => s;

/** An empty variable (`NAME=` in an env file) reads as unset. */
const optional = (text: z.ZodString) =>
  z.preprocess((v) => (v === '' ? undefined : v), text.optional());
const optionalText = optional(z.string());
const optionalUrl = (protocols: RegExp, example: string) =>
  optional(
    z
      .string()
      .refine(
        (v) => URL.canParse(v) && protocols.test(new URL(v).protocol),
        `must be a URL like ${example}`,
      ),
  );
const secretOfAtLeast = (length: number) =>
  optional(z.string().min(length, `must be at least ${length} characters`));

/** A whole number from `min`, up to `max` when given. */
const whole = (min: number, max?: number) =>
  max === undefined ? z.coerce.number().int().min(min) : z.coerce.number().int().min(min).max(max);
/** A number from `min`, decimals allowed, up to `max` when given. */
const decimal = (min: number, max?: number) =>
  max === undefined ? z.coerce.number().min(min) : z.coerce.number().min(min).max(max);
const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');
/** A price by mobile money: whole FCFA, as XOF has no decimals. */
const xofPrice = whole(100);

/** Unpadded base64url of exactly `bytes` bytes (a VAPID key as `web-push` and browsers give it). */
const base64urlOf = (bytes: number) => (v: string) =>
  /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').toString('base64url') === v
    ? Buffer.from(v, 'base64url').length === bytes
    : false;

/** The settings, in the order docs/configuration.md lists them. */
export const SETTINGS = {
  PORT: setting({
    parse: whole(0, 65535),
    default: 8080,
    example: '`3000`',
    doc: 'HTTP port.',
  }),
  HOST: setting({
    parse: z.string().min(1),
    default: '0.0.0.0',
    example: '`127.0.0.1`',
    doc: 'Interface to listen on.',
  }),
  METRICS_PORT: setting({
    parse: z.preprocess((v) => (v === '' ? undefined : v), whole(1, 65535).optional()),
    unset: 'no metrics served',
    example: '`9464`',
    doc: "Port of a second HTTP listener that serves the server's metrics in Prometheus' text format at `GET /metrics` (ADR 063; docs/operations.md lists them and the alerts to set). Never on `PORT`: there `/metrics` answers 404. Each node serves its own.",
  }),
  METRICS_HOST: setting({
    parse: z.string().min(1),
    default: '127.0.0.1',
    example: '`0.0.0.0`',
    doc: 'Interface the metrics listener binds: the loopback by default, for a Prometheus (or an agent) on the same machine. Another address needs `METRICS_TOKEN`.',
  }),
  METRICS_TOKEN: setting({
    parse: secretOfAtLeast(32),
    unset: 'no token asked (loopback only)',
    example: '64 random characters',
    doc: 'When set, a scrape must send `Authorization: Bearer <token>` (Prometheus: `authorization: { credentials: … }`); any other gets 401. Required when `METRICS_HOST` is not a loopback address. At least 32 characters.',
    secret: true,
  }),
  DATA_DIR: setting({
    parse: z.string().min(1),
    default: './data',
    example: '`/var/lib/mawadda`',
    doc: "Embedded database (`db/`), media (`media/`), chat media (`private-media/`), members' data exports (`exports/`, kept 24 h) unless `MEDIA_STORE_URL` names a bucket, mail outbox (`outbox/`) and the secrets made when none is configured (`secrets/`: the device-cookie secret, the VAPID keys, the unsubscribe-link secret).",
  }),
  PUBLIC_URL: setting({
    parse: optionalUrl(/^https?:$/, 'https://mawadda.example'),
    unset: '`http://localhost:$PORT`',
    example: '`https://mawadda.example`',
    doc: 'Address members reach; used in e-mailed links.',
  }),
  DATABASE_URL: setting({
    parse: optionalUrl(/^postgres(ql)?:$/, 'postgres://user:pass@host:5432/mawadda'),
    unset: 'embedded PGlite',
    example: '`postgres://mawadda:secret@db:5432/mawadda`',
    doc: 'PostgreSQL (15 or newer). Migrations run at start.',
    secret: true,
  }),
  REDIS_URL: setting({
    parse: optionalUrl(/^rediss?:$/, 'redis://127.0.0.1:6379'),
    unset: 'in process',
    example: '`redis://127.0.0.1:6379`',
    doc: 'Shares rate-limit counters, real-time deliveries (pub/sub) and presence between nodes. Without it everything is in process: run one node.',
    secret: true,
  }),
  REDIS_PREFIX: setting({
    parse: z.string().regex(/^[A-Za-z0-9:_-]{1,40}$/, 'letters, digits, : _ -'),
    default: 'mawadda:',
    example: '`mawadda-staging:`',
    doc: 'Put before every Redis key and pub/sub channel (rate limits, real-time backplane, presence), so several deployments can share one Redis. Every node of one deployment must use the same.',
  }),
  PRESENCE_TTL_SECONDS: setting({
    parse: decimal(1, 300),
    default: 15,
    example: '`30`',
    doc: 'With `REDIS_URL`: each node renews its presence every third of this; a node that stops (killed, cut off) is taken for dead after this long, and its members go offline within this plus a third of it (20 s by default). The same TTL bounds how long the calls of a dead node keep their members busy; a call whose other side was on a node that died ends for the side still connected within this and two renewals (a third of it each: 25 s by default).',
  }),
  CALL_RING_SECONDS: setting({
    parse: whole(1, 120),
    default: 30,
    example: '`45`',
    doc: 'An unanswered call rings this long, then ends as missed on both sides.',
  }),
  SMTP_URL: setting({
    parse: optionalUrl(/^smtps?:$/, 'smtp://user:pass@smtp.example:587'),
    unset: '`.eml` files in the outbox',
    example: '`smtps://user:pass@smtp.example:465`',
    doc: 'Mail server for password resets.',
    secret: true,
  }),
  MAIL_FROM: setting({
    parse: z.string().min(3),
    default: 'Mawadda <no-reply@mawadda.local>',
    example: '`Mawadda <hello@mawadda.example>`',
    doc: 'Sender of e-mails.',
  }),
  GOOGLE_CLIENT_ID: setting({
    parse: optionalText,
    unset: 'Google sign-in answers 503',
    example: '`1234-abc.apps.googleusercontent.com`',
    doc: 'OAuth client id; the audience Google ID tokens must carry.',
  }),
  SESSION_TTL_DAYS: setting({
    parse: whole(1, 365),
    default: 30,
    example: '`14`',
    doc: 'Lifetime of a session token.',
  }),
  SESSION_CACHE_SECONDS: setting({
    parse: whole(0, 300),
    default: 30,
    example: '`0`',
    doc: 'How long at most a node trusts a session it read before reading it again (ADR 013); each entry gets between half of it and all of it, so sessions cached together are not read again together. A logout or password reset ends it at once on every node; a revocation made by hand in the database takes up to this long. `0` reads the session on every request.',
  }),
  TRUST_PROXY: setting({
    parse: flag,
    default: false,
    example: '`true`',
    doc: "Read the client address from `X-Forwarded-For` (set behind a reverse proxy, or every member shares the proxy's address for rate limits).",
  }),
  COUNTRY_HEADER: setting({
    parse: optional(z.string().regex(/^[A-Za-z0-9-]+$/, 'must be a header name')),
    unset: 'no country is shown for signed-in devices',
    example: '`cf-ipcountry`',
    doc: "The request header in which the proxy in front names the country of the client's address (ISO 3166-1 alpha-2: Cloudflare's `CF-IPCountry`, CloudFront's `CloudFront-Viewer-Country`, nginx's GeoIP2 module): the members' list of signed-in devices and the new-device mail show it (ADR 075). Set it only behind a proxy that sets the header and overwrites one a client sent.",
  }),
  LOG_LEVEL: setting({
    parse: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: 'info',
    example: '`warn`',
    doc: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Logs are JSON lines with a `reqId`.',
  }),
  WEB_DIST_DIR: setting({
    parse: optionalText,
    unset: '`apps/web/dist`',
    example: '`/srv/mawadda/web`',
    doc: 'Built web app served at `/`.',
  }),
  DEMO_DATA: setting({
    parse: flag,
    default: true,
    example: '`false`',
    doc: 'On an empty embedded (PGlite) database, seed 300 invented demo members at start. Never touches PostgreSQL or a database that has members.',
  }),
  REQUEST_TIMEOUT_SECONDS: setting({
    parse: whole(5, 3600),
    default: 120,
    example: '`60`',
    doc: 'A request, body included, must arrive within this; a client trickling its body is answered 408 and disconnected. Two minutes lets six phone photos up on a slow mobile link.',
  }),
  MAX_CONNECTIONS: setting({
    parse: whole(1),
    default: 10_000,
    example: '`4000`',
    doc: "Open connections at most; beyond, new ones are dropped before they can exhaust file handles. Keep it under the process's `ulimit -n`.",
  }),
  MAX_CONNECTIONS_PER_ADDRESS: setting({
    parse: whole(0),
    default: 64,
    example: '`0`',
    doc: "Open connections per TCP peer; more get `503` with `Retry-After: 10`. `0` turns the cap off: do so behind a reverse proxy (every member then has the proxy's address) and cap at the proxy instead.",
  }),
  REGISTRATIONS_PER_HOUR_PER_ADDRESS: setting({
    parse: whole(1),
    default: 10,
    example: '`50`',
    doc: "Registration attempts one address may make in an hour, refused ones included (then 429). Raise it where many people share one address (a campus, a carrier's NAT); behind a proxy set `TRUST_PROXY=true` so the limit sees members' addresses.",
  }),
  PASSKEY_SIGN_INS_PER_MINUTE_PER_ADDRESS: setting({
    parse: whole(1),
    default: 30,
    example: '`120`',
    doc: "Passkey sign-in options one address may ask for in a minute (then 429, and the login page's passkey autofill stays quiet). Each login page shown asks once. Raise it where many people share one address (a carrier's NAT); behind a proxy set `TRUST_PROXY=true` so the limit sees members' addresses.",
  }),
  PROFILES_PER_DAY: setting({
    parse: whole(1),
    default: 300,
    example: '`500`',
    doc: "Other members' profiles one member may open in 24 hours; then `429` with `Retry-After`. A person reads a few dozen; a script reading everyone stops here.",
  }),
  SUGGESTION_PAGES_PER_DAY: setting({
    parse: whole(1),
    default: 100,
    example: '`50`',
    doc: 'Pages of suggestions (up to 100 members each) one member may load in 24 hours.',
  }),
  // Per minute, what no person reaches (the docs say why these numbers).
  PROFILES_PER_MINUTE: setting({
    parse: whole(1),
    default: 40,
    example: '`60`',
    doc: "Other members' profiles one member may open in a minute; then `429` `READING_TOO_FAST` with `Retry-After` (seconds left in the minute). The daily cap bounds how much a member reads, this how fast: a script read 300 profiles in 1.1 s. A person reading a profile (a bio, a few photos) takes seconds, and flipping through quickly opens 10 to 20 a minute: 40 is twice the fastest.",
  }),
  SUGGESTION_PAGES_PER_MINUTE: setting({
    parse: whole(1),
    default: 10,
    example: '`20`',
    doc: 'Pages of suggestions one member may load in a minute (the same refusal). A page holds 100 members, which a person scrolls in half a minute at the very least, and saving the filters starts again at page 0: a few pages a minute.',
  }),
  PHOTOS_PER_MINUTE: setting({
    parse: whole(1),
    default: 600,
    example: '`1000`',
    doc: 'Profile photos one member may fetch in a minute (the same refusal; the page shows the default picture instead). The busiest minute of a person: three pages of suggestions scrolled (one photo per member, 300) and twenty profiles opened (up to 6 photos each, 120), some 420; the browser keeps a photo it was shown, so going back costs nothing.',
  }),
  LIKES_PER_DAY: setting({
    parse: whole(1),
    default: 200,
    example: '`100`',
    doc: 'New likes (Lovelies included) one member may give in a calendar day (UTC); then `429` `LIKES_DAILY_LIMIT` with `Retry-After` (seconds to midnight UTC). A repeated like is not counted.',
  }),
  COMPLIMENTS_PER_DAY: setting({
    parse: whole(0),
    default: 3,
    example: '`5`',
    doc: 'Likes with a compliment (a note about one photo or answer, ADR 071) a member without a subscription may send in a calendar day (UTC); then `429` `COMPLIMENTS_DAILY_LIMIT` with `Retry-After`, and neither the like nor the note is stored. Each counts as a like too (`LIKES_PER_DAY`). `0`: compliments for subscribers only.',
  }),
  SUBSCRIBER_COMPLIMENTS_PER_DAY: setting({
    parse: whole(1),
    default: 10,
    example: '`20`',
    doc: '`COMPLIMENTS_PER_DAY` for a member whose subscription runs (at least `COMPLIMENTS_PER_DAY`).',
  }),
  FIRST_MESSAGES_PER_DAY: setting({
    parse: whole(1),
    default: 20,
    example: '`10`',
    doc: "Conversations one member may start in a calendar day (UTC): a message, a call or a wali question to a member with whom nothing was exchanged yet, either way (messages, gifts, calls and wali questions all count as exchanged); then `429` `NEW_CONVERSATIONS_DAILY_LIMIT` with `Retry-After` (a call: the broker's ERROR with that code). What continues a conversation already started is never limited by it.",
  }),
  REPORTS_PER_DAY: setting({
    parse: whole(1),
    default: 10,
    example: '`5`',
    doc: 'Reports one member may make in a calendar day (UTC); then `429` with `Retry-After`.',
  }),
  // The scam shield and a new account's limits (ADR 043).
  SCAM_SHIELD: setting({
    parse: flag,
    default: true,
    example: '`false`',
    doc: "The chat's scam shield (ADR 043): each message's text read for money, phone numbers, links, other apps and crypto; the receiver warned. `false` turns off the reading, the warnings, the escalation and a new account's refusal of links and numbers (its lower limits stay).",
  }),
  SHIELD_SLOW_AFTER_PER_HOUR: setting({
    parse: whole(1),
    default: 3,
    example: '`5`',
    doc: 'Messages setting the shield off in an hour (UTC) after which their sender is slowed for an hour.',
  }),
  SHIELD_SLOWED_MESSAGES_PER_MINUTE: setting({
    parse: whole(1),
    default: 2,
    example: '`1`',
    doc: 'Messages a minute a slowed sender may send (any message); then `429` `MESSAGES_SLOWED` with `Retry-After`.',
  }),
  SHIELD_REPORT_AFTER_PER_DAY: setting({
    parse: whole(1),
    default: 6,
    example: '`10`',
    doc: 'Messages setting the shield off in a day (UTC) after which the server reports their sender to the moderators, the messages attached (each later one added to that report). At least `SHIELD_SLOW_AFTER_PER_HOUR`.',
  }),
  NEW_ACCOUNT_HOURS: setting({
    parse: decimal(0, 30 * 24),
    default: 48,
    example: '`72`',
    doc: 'How long an account not verified is new: lower daily limits (below), and no links or phone numbers in messages (`403` `NEW_ACCOUNT_CONTACT_DETAILS`). `0`: no account is new.',
  }),
  NEW_ACCOUNT_LIKES_PER_DAY: setting({
    parse: whole(1),
    default: 30,
    example: '`20`',
    doc: '`LIKES_PER_DAY` for a new account (at most `LIKES_PER_DAY`).',
  }),
  NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY: setting({
    parse: whole(1),
    default: 5,
    example: '`3`',
    doc: '`FIRST_MESSAGES_PER_DAY` for a new account (at most `FIRST_MESSAGES_PER_DAY`).',
  }),
  VERIFICATION_RETRY_HOURS: setting({
    parse: decimal(0),
    default: 24,
    example: '`48`',
    doc: 'After a moderator refuses a verification selfie, how long the member waits before asking again (`429` `VERIFICATION_RETRY_LATER`, the date in `params.until`; ADR 044).',
  }),
  MEDIA_SWEEP_MINUTES: setting({
    parse: decimal(0),
    default: 10,
    example: '`1`',
    doc: 'How often the files of removed photos and deleted accounts still queued (a failing disk, a crash) are deleted again, expired data exports are removed and pending ones (asked for before a restart) are made. Orphan files (an upload whose change never committed) and `.partial` leftovers older than an hour are cleaned at start and daily. `0` turns the periodic sweep off.',
  }),
  // An S3-compatible bucket for every node's media (ADR 046).
  MEDIA_STORE_URL: setting({
    parse: optional(
      z
        .string()
        .regex(
          /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._-]+)*\/?$/,
          'must be s3://bucket or s3://bucket/prefix (a bucket name: lower-case letters, digits, . and -)',
        ),
    ),
    unset: 'the disk under `DATA_DIR`',
    example: '`s3://mawadda-media/prod`',
    doc: "An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Scaleway…) for every node's media (ADR 046): profile photos and their blurred copies (`<prefix>/media/`), chat photos, voice notes and verification selfies (`<prefix>/private-media/`), data exports (`<prefix>/exports/`). Keep the bucket private: members never see its URLs, the server checks their links and streams the files. Required to run several nodes (operations.md). Existing files on the disk are not moved: copy them under the same keys before switching.",
  }),
  MEDIA_STORE_ENDPOINT: setting({
    parse: optionalUrl(/^https?:$/, 'https://s3.eu-west-3.amazonaws.com'),
    unset: '`https://s3.$MEDIA_STORE_REGION.amazonaws.com`',
    example: '`https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`',
    doc: "The service's address, for anything but AWS.",
  }),
  MEDIA_STORE_REGION: setting({
    parse: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name like eu-west-3 (auto for R2)'),
    default: 'us-east-1',
    example: '`eu-west-3`, `fr-par`, `auto` (R2)',
    doc: 'The region requests are signed for.',
  }),
  MEDIA_STORE_ACCESS_KEY_ID: setting({
    parse: optionalText,
    unset: '',
    example: '`AKIA…`',
    doc: 'Required with `MEDIA_STORE_URL`. Give the key only `GetObject`, `PutObject`, `DeleteObject` and `ListBucket` on the bucket (and prefix).',
  }),
  MEDIA_STORE_SECRET_ACCESS_KEY: setting({
    parse: optionalText,
    unset: '',
    example: '',
    doc: 'Required with `MEDIA_STORE_URL`.',
    secret: true,
  }),
  MEDIA_STORE_FORCE_PATH_STYLE: setting({
    parse: flag,
    default: false,
    example: '`true`',
    doc: 'Address the bucket as `endpoint/bucket/key` (MinIO and most self-hosted services) rather than `bucket.endpoint/key` (AWS, R2, Scaleway).',
  }),
  MEDIA_LINK_SECRET: setting({
    parse: secretOfAtLeast(32),
    unset: 'random at each start',
    example: '64 random characters',
    doc: 'Signs the short-lived links to chat photos, voice notes and profile photos (HMAC-SHA256 over the prefix, the member and the expiry: the route decides per file, ADR 032). Required with `REDIS_URL`: every node must check the links the others made. Without it, one node makes its own at start, and links made before a restart stop working (the conversation, reloaded, gives new ones).',
    secret: true,
  }),
  DEVICE_COOKIE_SECRET: setting({
    parse: secretOfAtLeast(32),
    unset: 'made once, kept in `DATA_DIR/secrets/device-cookie`',
    example: '64 random characters',
    doc: "Signs the device cookies that let a member sign in from a browser used before while strangers' guesses lock the account (HMAC-SHA256, ADR 027). Set it, the same on every node, when nodes do not share `DATA_DIR`: a node that cannot check a cookie counts that sign-in as a stranger's. Changing it makes every browser a stranger again.",
    secret: true,
  }),
  TOTP_SECRET_KEY: setting({
    parse: secretOfAtLeast(32),
    unset: 'made once, kept in `DATA_DIR/secrets/totp`',
    example: '64 random characters',
    doc: "Seals the moderators' authenticator-app secrets in the database (AES-256-GCM with a key derived from it, ADR 074): a copy of the database alone gives nobody their codes. Set it, the same on every node, when nodes do not share `DATA_DIR`. Changing it makes every authenticator app unreadable: each moderator then signs in with a recovery code or a passkey and sets the app up again.",
    secret: true,
  }),
  MEDIA_LINK_MINUTES: setting({
    parse: whole(1, 24 * 60),
    default: 60,
    example: '`15`',
    doc: 'How long a chat media link works. An expired or altered link answers 403.',
  }),
  PHOTO_LINK_MINUTES: setting({
    parse: whole(4, 24 * 60),
    default: 60,
    example: '`20`',
    doc: 'How long a profile photo link works (4 to 1440). Every answer that shows members gives links signed for the member who asked; a link works for this long plus at most a quarter of it (expiries are rounded so that a photo shown twice is one URL, which the browser keeps), and an expired or altered one answers 403. Whatever its expiry, a link stops at once when its member may no longer see the photo (a block, a match ended with a member who blurs their photos): ADR 019.',
  }),
  STUN_URLS: setting({
    parse: z.string(),
    default: 'stun:stun.l.google.com:19302,stun:stun1.l.google.com:19302',
    example: '`stun:stun.example:3478`',
    doc: 'STUN servers given to members for calls (comma-separated; spec: public STUN servers). Empty: none.',
  }),
  TURN_URLS: setting({
    parse: optionalText,
    unset: 'STUN only',
    example: '`turn:turn.example:3478?transport=udp,turns:turn.example:5349`',
    doc: 'TURN relays for calls across networks that STUN cannot cross. Needs `TURN_SECRET`.',
  }),
  TURN_SECRET: setting({
    parse: secretOfAtLeast(16),
    unset: '',
    example: '32+ random characters',
    doc: 'The secret shared with the relay (coturn `static-auth-secret`): each member gets a username `<expiry>:<member id>` and the base64 HMAC-SHA1 of it as password, from `GET /api/calls/ice-servers`.',
    secret: true,
  }),
  TURN_CREDENTIAL_HOURS: setting({
    parse: decimal(1, 48),
    default: 6,
    example: '`12`',
    doc: 'How long those TURN credentials work (a call started before then keeps its allocation).',
  }),
  WS_MAX_FRAME_KB: setting({
    parse: whole(1, 16_384),
    default: 64,
    example: '`256`',
    doc: 'Largest STOMP frame (command, headers and body) a client may send on `/ws`. A larger one gets an ERROR frame and the socket closes.',
  }),
  WS_MAX_BUFFERED_KB: setting({
    parse: whole(16),
    default: 1024,
    example: '`4096`',
    doc: "Unsent bytes a socket may hold: a client that reads slower than it is written to is dropped, so it cannot grow the server's memory.",
  }),
  WS_FRAMES_PER_SECOND: setting({
    parse: decimal(1),
    default: 20,
    example: '`50`',
    doc: 'Frames a second one socket may send, sustained (bursts of three times that); a flooding client gets an ERROR and is closed, the others are not slowed.',
  }),
  WS_HEARTBEAT_SECONDS: setting({
    parse: decimal(0, 3600),
    default: 10,
    example: '`4`',
    doc: "The heart-beat the broker offers and asks for (STOMP negotiation takes the larger of the two sides'). A client silent past twice the negotiated interval is dropped and goes offline. `0` turns heart-beats off.",
  }),
  WS_SILENCE_SECONDS: setting({
    parse: decimal(1, 86_400),
    default: 60,
    example: '`120`',
    doc: 'A connected socket that sends nothing (no frame, no heart-beat) for this long is dropped, whatever heart-beat it negotiated (`heart-beat:0,0` included). At least twice `WS_HEARTBEAT_SECONDS`.',
  }),
  WS_SOCKETS_PER_MEMBER: setting({
    parse: whole(1, 100),
    default: 5,
    example: '`3`',
    doc: 'Live sockets (tabs, devices) one member may hold on one node; a further one closes their oldest with `REALTIME_REPLACED`, and that tab waits until it is used again.',
  }),
  WS_ROOM_FOR_NEW_MEMBERS_PERCENT: setting({
    parse: decimal(0, 90),
    default: 10,
    example: '`20`',
    doc: 'The last share of `MAX_CONNECTIONS` kept for members with no socket: once the process holds the rest, a member who already has a socket on the node only replaces it.',
  }),
  STRIPE_SECRET_KEY: setting({
    parse: optional(z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')),
    unset: 'Stripe off',
    example: '`sk_live_…`',
    doc: 'Stripe secret (or restricted) key for card payments by Stripe Checkout. Needs `STRIPE_WEBHOOK_SECRET`.',
    secret: true,
  }),
  STRIPE_WEBHOOK_SECRET: setting({
    parse: optional(
      z.string().startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_…)'),
    ),
    unset: '',
    example: '`whsec_…`',
    doc: 'Signing secret of the Stripe webhook endpoint `POST /api/payment/webhook/stripe` (event `checkout.session.completed`). A webhook whose signature does not match, or is more than five minutes old, is refused; a valid one only makes the server read the session again from Stripe.',
    secret: true,
  }),
  PAYDUNYA_MASTER_KEY: setting({
    parse: optionalText,
    unset: 'PayDunya off',
    example: '`wQzk9ZwR-…`',
    doc: 'PayDunya master key, for mobile-money payments in FCFA (XOF) by PayDunya checkout invoices. Needs `PAYDUNYA_PRIVATE_KEY` and `PAYDUNYA_TOKEN`. PayDunya posts its IPN to `$PUBLIC_URL/api/subscription/paydunya/ipn` (plans and gifts alike), so `PUBLIC_URL` must be reachable from the internet. Each IPN carries its SHA-512, compared in constant time; the invoice is then confirmed with PayDunya before anything is granted.',
    secret: true,
  }),
  PAYDUNYA_PRIVATE_KEY: setting({
    parse: optionalText,
    unset: '',
    example: '`live_private_…`',
    doc: 'PayDunya private key (`test_private_…` in test mode).',
    secret: true,
  }),
  PAYDUNYA_TOKEN: setting({
    parse: optionalText,
    unset: '',
    example: '`IivOiOxGJuWhc5znlIiK`',
    doc: 'PayDunya API token.',
    secret: true,
  }),
  PAYDUNYA_MODE: setting({
    parse: z.enum(['test', 'live'], { error: 'must be test or live' }),
    default: 'test',
    example: '`live`',
    doc: "`test` uses PayDunya's sandbox API (no money moves), `live` the real one. The keys must be of the same mode.",
  }),
  XOF_PRICE_WEEKLY: setting({
    parse: xofPrice,
    default: 3000,
    example: '`2500`',
    doc: "Price of the weekly plan by mobile money, in FCFA (card prices are the spec's: $4.99, $9.99, $79.99).",
  }),
  XOF_PRICE_MONTHLY: setting({
    parse: xofPrice,
    default: 6000,
    example: '`5000`',
    doc: 'Price of the monthly plan by mobile money, in FCFA.',
  }),
  XOF_PRICE_ANNUAL: setting({
    parse: xofPrice,
    default: 48_000,
    example: '`40000`',
    doc: 'Price of the annual plan by mobile money, in FCFA.',
  }),
  // Round amounts as one pays them in Dakar, Abidjan or Bamako, not the dollar prices converted.
  XOF_PRICE_GIFT_TULIP_BOUQUET: setting({
    parse: xofPrice,
    default: 1000,
    example: '`1500`',
    doc: "Price of the tulip bouquet by mobile money, in whole FCFA (at least 100; card prices are the catalogue's, in dollars). `GET /api/gifts` gives each gift's as `xof` (ADR 059).",
  }),
  XOF_PRICE_GIFT_PLUSH_ELEPHANT: setting({
    parse: xofPrice,
    default: 2000,
    example: '`2500`',
    doc: 'Price of the plush elephant by mobile money, in FCFA.',
  }),
  XOF_PRICE_GIFT_GIANT_HEART_PLUSH: setting({
    parse: xofPrice,
    default: 3000,
    example: '`3500`',
    doc: 'Price of the giant heart plush by mobile money, in FCFA.',
  }),
  XOF_PRICE_GIFT_GOLD_BRACELET: setting({
    parse: xofPrice,
    default: 5000,
    example: '`6000`',
    doc: 'Price of the gold bracelet by mobile money, in FCFA.',
  }),
  XOF_PRICE_GIFT_SYMBOLIC_LINK: setting({
    parse: xofPrice,
    default: 500,
    example: '`300`',
    doc: 'Price of the symbolic link by mobile money, in FCFA.',
  }),
  XOF_PRICE_GIFT_CHOCOLATES: setting({
    parse: xofPrice,
    default: 1000,
    example: '`1500`',
    doc: 'Price of the chocolates by mobile money, in FCFA.',
  }),
  XOF_PRICE_GIFT_FLOWER_UNDER_GLASS: setting({
    parse: xofPrice,
    default: 2500,
    example: '`3000`',
    doc: 'Price of the flower under glass by mobile money, in FCFA.',
  }),
  XOF_PRICE_GIFT_SCENTED_CANDLE: setting({
    parse: xofPrice,
    default: 1500,
    example: '`2000`',
    doc: 'Price of the scented candle by mobile money, in FCFA.',
  }),
  OPEN_CHECKOUTS_PER_MEMBER: setting({
    parse: whole(1),
    default: 3,
    example: '`5`',
    doc: 'Checkouts (gifts and plans, any method) one member may have open at once: orders still pending that were opened less than `CHECKOUT_MINUTES` ago. One more is refused with `429` `CHECKOUTS_OPEN_TOO_MANY` and records nothing; paying or waiting frees a place (ADR 026).',
  }),
  // Stripe takes an expiry 30 minutes to 24 hours ahead of its own clock: a minute of margin.
  CHECKOUT_MINUTES: setting({
    parse: whole(31, 24 * 60),
    default: 60,
    example: '`45`',
    doc: 'How long a checkout stays open: Stripe Checkout sessions are created to expire then (Stripe accepts 30 minutes to 24 hours; 31 to 1440 here), and past it a pending order no longer counts against `OPEN_CHECKOUTS_PER_MEMBER`. PayDunya invoices and the test checkout have no expiry of ours.',
  }),
  VAPID_PUBLIC_KEY: setting({
    parse: optional(
      z
        .string()
        .refine(
          (v) => base64urlOf(65)(v) && v.startsWith('B'),
          'must be an uncompressed P-256 public key in base64url (87 characters, as `npx web-push generate-vapid-keys` prints)',
        ),
    ),
    unset: 'made once, kept in `DATA_DIR/secrets/vapid.json`',
    example: '87 base64url characters, starting with `B`',
    doc: 'The VAPID public key (RFC 8292) Web Push requests are signed with: an uncompressed P-256 point in base64url (87 characters), as `npx web-push generate-vapid-keys` prints it. Browsers subscribe with it (`GET /api/config` gives it), and a subscription works only with the key it was made for: changing it silences every device until the app subscribes it again. Needs `VAPID_PRIVATE_KEY`; the two must be a pair (checked at start). Set both, the same on every node, when nodes do not share `DATA_DIR`.',
  }),
  VAPID_PRIVATE_KEY: setting({
    parse: optional(
      z
        .string()
        .refine(base64urlOf(32), 'must be a P-256 private key in base64url (43 characters)'),
    ),
    unset: 'made once with the public key',
    example: '43 base64url characters',
    doc: "The private half (P-256, 32 bytes, base64url). Keep it secret: with it anyone can push to the members' devices.",
    secret: true,
  }),
  VAPID_SUBJECT: setting({
    parse: optional(
      z
        .string()
        .refine(
          (v) => /^mailto:[^@\s]+@[^@\s]+$/.test(v) || (URL.canParse(v) && v.startsWith('https:')),
          'must be a mailto: address or an https: URL (the push services contact it)',
        ),
    ),
    unset: '`mailto:` and the address of `MAIL_FROM`',
    example: '`mailto:push@mawadda.example`, `https://mawadda.example/contact`',
    doc: 'The contact push services are given in every VAPID JWT (`mailto:` or `https:`), so they can reach the operator about what is sent.',
  }),
  PUSH_SUBSCRIPTIONS_PER_MEMBER: setting({
    parse: whole(1, 100),
    default: 10,
    example: '`5`',
    doc: 'Devices (push subscriptions) one member may hold, 1 to 100; subscribing one more drops their oldest. A subscription also ends with the session that made it (logout, password reset, suspension, ban), with the account, and when the push service says it is gone.',
  }),
  PUSH_LOOPBACK_ENDPOINTS: setting({
    parse: flag,
    default: false,
    example: '`true`',
    doc: 'Accept push subscriptions whose endpoint is on this machine (`localhost`, `127.0.0.0/8`, `[::1]`; https only, as every endpoint): for a local push service in tests and journeys only. Off, such an endpoint, and one at a bare IP address, is refused with `400 PUSH_ENDPOINT_INVALID`, and the sender refuses to connect to a host name that resolves to a loopback, private or link-local address (the subscription is then deleted), so a member cannot make the server post into its own network. On, loopback addresses are allowed (private ranges still are not).',
  }),
  PUSH_POLL_MS: setting({
    parse: whole(0, 60_000),
    default: 1000,
    example: '`500`',
    doc: "How often each node's push loops look for events to push in the outbox (ADR 064) and for pushes in the queue (ADR 037), 0 to 60000. An event recorded on a node is taken, and its push sent, at once by that node; this bounds how late an event another node recorded, one a stopped node had taken (after its 10 s lease) or a retry that fell due is seen. `0` turns the loops off: tests take and send with `app.push.drain()`.",
  }),
  PUSH_BATCH: setting({
    parse: whole(1, 1000),
    default: 100,
    example: '`200`',
    doc: 'Pushes one node claims and sends at once (in parallel, on keep-alive connections), 1 to 1000; the loop claims again at once while it gets full batches.',
  }),
  PUSH_PENDING_PER_MEMBER: setting({
    parse: whole(1, 1000),
    default: 20,
    example: '`50`',
    doc: 'Pushes that may wait for one member (all their devices), 1 to 1000. A new message of a conversation replaces the one still waiting for it (one per tag), so the cap is met only by a flood of different senders; beyond it, new pushes are dropped (the app shows everything when opened).',
  }),
  PUSH_MAX_ATTEMPTS: setting({
    parse: whole(1, 20),
    default: 6,
    example: '`8`',
    doc: 'Tries of one push when the push service answers 429 or 5xx or cannot be reached, 1 to 20; between them the push waits `Retry-After` when given, else 5 s doubled at each try (at most an hour). A push past its TTL (45 s for a ringing call, 12 h for a message) is dropped rather than sent late.',
  }),
  PUSH_CA_FILE: setting({
    parse: optional(
      z
        .string()
        .refine(
          (v) => fs.existsSync(v),
          'must be a readable PEM file of the certificates to trust for push services',
        ),
    ),
    unset: '',
    example: '`/etc/mawadda/push-ca.pem`',
    doc: "A PEM file of certificates the sender trusts for push services besides Node's usual roots: for a local push service with a self-signed certificate (the journeys' server, `test/fixtures/push-service.cert.pem`). Production needs none (FCM, Mozilla and Apple have public certificates). `NODE_EXTRA_CA_CERTS` works too when this is unset (Node adds it to its roots; a `PUSH_CA_FILE` replaces them with Node's bundled roots plus the file).",
  }),
  DIGEST_DELAY_MINUTES: setting({
    parse: whole(5, 7 * 24 * 60),
    default: 120,
    example: '`60`',
    doc: 'The e-mail digest (ADR 038): a member with no device that can be pushed to, who turned the digest off in none of their settings, is mailed the unread messages and new matches that waited this long (5 minutes to 7 days) while they did not open the app, at most once in 24 hours.',
  }),
  DIGEST_EVERY_MINUTES: setting({
    parse: decimal(0, 24 * 60),
    default: 5,
    example: '`15`',
    doc: 'How often each node looks for members due a digest (decimals allowed, up to a day); `0` turns the digest off on this node. Several nodes may all run it: the claim in the database sends each digest once.',
  }),
  MATCH_REMINDERS_EVERY_MINUTES: setting({
    parse: decimal(0, 24 * 60),
    default: 10,
    example: '`30`',
    doc: 'How often each node looks for matches due a reminder or a lapse (ADR 069, 070): her first word after 72 hours, the lapse after 7 days, a silence of 5 days; `0` turns it off on this node. Several nodes may all run it: the row recording each reminder sends it once.',
  }),
  UNSUBSCRIBE_SECRET: setting({
    parse: secretOfAtLeast(32),
    unset: 'made once, kept in `DATA_DIR/secrets/unsubscribe`',
    example: '64 random characters',
    doc: 'Signs the one-click unsubscribe links of the digest (HMAC-SHA256 of the member id and the purpose: nothing is stored). At least 32 characters. Set it, the same on every node, when nodes do not share `DATA_DIR`: a link signed by one node is refused by another (`400 UNSUBSCRIBE_LINK_INVALID`). Changing it breaks the links of the mails already sent.',
    secret: true,
  }),
  NODE_ENV: setting({
    parse: z.enum(['development', 'production', 'test']),
    default: 'development',
    example: '`production`',
    doc: 'Informational for now.',
  }),
};

/** The environment as the table reads it: each variable's parsed value. */
export type Settings = {
  [Name in keyof typeof SETTINGS]: z.output<(typeof SETTINGS)[Name]['parse']>;
};
