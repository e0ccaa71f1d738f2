import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { JWTVerifyGetKey } from 'jose';
import { afterAll } from 'vitest';
import { type App, type AppDependencies, buildApp } from '../src/app.ts';
import {
  type BrokerLimits,
  DEFAULT_BROKER_LIMITS,
  type IceConfig,
  loadConfig,
} from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { Mailer, MailMessage } from '../src/lib/mailer.ts';
import { createDiskMediaStore, type MediaStore } from '../src/lib/media-store.ts';
import { createPasswordHashing } from '../src/lib/passwords.ts';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from '../src/lib/rate-limiter.ts';
import { type S3Location, s3MediaStoreIn } from '../src/lib/s3-media-store.ts';
import { createGoogleVerifier } from '../src/modules/auth/google-verifier.ts';
import { createMemoryCallStore } from '../src/modules/calls/call-store.ts';
import { createLocalBackplane } from '../src/modules/realtime/backplane.ts';
import { createMemoryPresenceStore } from '../src/modules/realtime/presence-store.ts';
import { openTestDatabase } from './test-database.ts';

export type TestClock = Clock & { advance(ms: number): void };

export function createTestClock(start = new Date('2026-11-22T10:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export type MemoryMailer = Mailer & { sent: MailMessage[] };

function createMemoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  return { sent, send: async (m) => void sent.push(m), close: async () => {} };
}

export const TEST_GOOGLE_CLIENT_ID = 'mawadda-test.apps.googleusercontent.com';

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  clock: TestClock;
  mailer: MemoryMailer;
  limiter: RateLimitStore;
  mediaDir: string;
  privateMediaDir: string;
  exportsDir: string;
};

/**
 * Argon2id at 1 MiB and one pass: a test's members register and log in through the API by the
 * hundred, and at OWASP's cost the hashing alone took a quarter of the server suite (ADR 035).
 * lib/passwords.test.ts checks that the app's own default is OWASP's.
 */
const testPasswordHashing = createPasswordHashing({
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
});

/**
 * The real app on a database of this file's own, with a test clock, a mailer that keeps what it
 * sends and media in a temporary folder. Everything is closed after the file's tests.
 */
export async function createTestApp(
  options: {
    googleKeys?: JWTVerifyGetKey;
    webDistDir?: string;
    logger?: FastifyBaseLogger;
    mediaStore?: (root: string) => MediaStore;
    /** Every store in this bucket (`test/s3-server.ts`) rather than in temporary folders. */
    objectStore?: S3Location;
    database?: DatabaseHandle;
    publicUrl?: string;
    realtime?: AppDependencies['realtime'];
    broker?: Partial<BrokerLimits>;
    ice?: IceConfig;
    paymentProviders?: AppDependencies['paymentProviders'];
    /** Provider keys (Stripe, PayDunya) and other settings a test sets. */
    config?: Partial<
      Pick<
        AppDependencies['config'],
        | 'stripe'
        | 'paydunya'
        | 'likesPerDay'
        | 'compliments'
        | 'firstMessagesPerDay'
        | 'reportsPerDay'
        | 'scamShield'
        | 'newAccount'
        | 'profilesPerMinute'
        | 'suggestionPagesPerMinute'
        | 'photosPerMinute'
        | 'passkeySignInsPerMinutePerAddress'
        | 'mediaSweepMs'
        | 'mediaLinkSecret'
        | 'metrics'
        | 'countryHeader'
      >
    >;
    /** The push queue's bounds (the loop stays off: tests drain the queue themselves). */
    pushDelivery?: Partial<AppDependencies['config']['pushDelivery']>;
    /** How long an unanswered call rings (30 s in production). */
    callRingMs?: number;
    /**
     * Counts limits in process even when TEST_REDIS_URL is set: Redis ends a window by its own
     * clock, so a test that moves the test clock across an hour or a day needs the memory store.
     */
    limitsOnTestClock?: boolean;
    connections?: Partial<
      Pick<
        AppDependencies['config'],
        'requestTimeoutMs' | 'maxConnections' | 'maxConnectionsPerAddress'
      >
    >;
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase());
  const clock = createTestClock();
  const mailer = createMemoryMailer();
  const redisUrl = process.env.TEST_REDIS_URL;
  const redis = redisUrl && !options.limitsOnTestClock ? new Redis(redisUrl) : undefined;
  const limiter = redis
    ? createRedisRateLimitStore(redis, `test:${crypto.randomUUID()}:`)
    : createMemoryRateLimitStore(clock);
  const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-media-'));
  // Beside the public media folder, never inside it: nothing private may be served as a file.
  const privateMediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-private-media-'));
  const exportsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-exports-'));
  const defaults = loadConfig({
    PUBLIC_URL: options.publicUrl ?? 'http://mawadda.test',
    DATA_DIR: mediaDir,
    // Tests sweep the media deletion queue themselves (app.mediaJanitor).
    MEDIA_SWEEP_MINUTES: '0',
    // Push subscriptions may point at the local push service (test/push-service.ts), whose
    // certificate the sender trusts; tests send what is queued with `app.push.drain()`.
    PUSH_LOOPBACK_ENDPOINTS: 'true',
    PUSH_CA_FILE: path.join(import.meta.dirname, 'fixtures', 'push-service.cert.pem'),
    PUSH_POLL_MS: '0',
    // Tests run the e-mail digest themselves (app.digest.run).
    DIGEST_EVERY_MINUTES: '0',
    MATCH_REMINDERS_EVERY_MINUTES: '0',
  });
  const app = await buildApp({
    config: {
      // The production defaults, but for what a test controls.
      ...defaults,
      pushDelivery: { ...defaults.pushDelivery, ...options.pushDelivery },
      webDistDir: options.webDistDir ?? path.join(mediaDir, 'no-web-build'),
      googleClientId: options.googleKeys ? TEST_GOOGLE_CLIENT_ID : undefined,
      ...options.connections,
      broker: { ...DEFAULT_BROKER_LIMITS, ...options.broker },
      ...(options.ice ? { ice: options.ice } : {}),
      ...(options.callRingMs ? { callRingMs: options.callRingMs } : {}),
      ...options.config,
    },
    db: database.db,
    passwordHashing: testPasswordHashing,
    ...(options.objectStore
      ? {
          mediaStore: s3MediaStoreIn(options.objectStore, 'media'),
          privateMediaStore: s3MediaStoreIn(options.objectStore, 'private-media'),
          exportStore: s3MediaStoreIn(options.objectStore, 'exports'),
        }
      : {
          mediaStore: (options.mediaStore ?? createDiskMediaStore)(mediaDir),
          privateMediaStore: createDiskMediaStore(privateMediaDir),
          exportStore: createDiskMediaStore(exportsDir),
        }),
    mailer,
    limiter,
    clock,
    realtime: options.realtime ?? {
      backplane: createLocalBackplane(),
      presence: createMemoryPresenceStore(),
      calls: createMemoryCallStore(),
    },
    googleVerifier: options.googleKeys
      ? createGoogleVerifier({ clientId: TEST_GOOGLE_CLIENT_ID, clock, keys: options.googleKeys })
      : undefined,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.paymentProviders ? { paymentProviders: options.paymentProviders } : {}),
  });
  afterAll(async () => {
    await app.close();
    await limiter.close();
    await redis?.quit();
    if (!options.database) await database.close();
    await fs.rm(mediaDir, { recursive: true, force: true });
    await fs.rm(privateMediaDir, { recursive: true, force: true });
    await fs.rm(exportsDir, { recursive: true, force: true });
  });
  return { app, database, clock, mailer, limiter, mediaDir, privateMediaDir, exportsDir };
}

/** Starts a test app listening on a free loopback port, for tests that open sockets; its URL. */
export async function listenOnLoopback(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
