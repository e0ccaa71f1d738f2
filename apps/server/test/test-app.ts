import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { JWTVerifyGetKey } from 'jose';
import { afterAll } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { Mailer, MailMessage } from '../src/lib/mailer.ts';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from '../src/lib/rate-limiter.ts';
import { createGoogleVerifier } from '../src/modules/auth/google-verifier.ts';
import { createDiskMediaStore, type MediaStore } from '../src/modules/media/media-store.ts';
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

export function createMemoryMailer(): MemoryMailer {
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
};

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
    database?: DatabaseHandle;
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase());
  const clock = createTestClock();
  const mailer = createMemoryMailer();
  const redisUrl = process.env.TEST_REDIS_URL;
  const redis = redisUrl ? new Redis(redisUrl) : undefined;
  const limiter = redis
    ? createRedisRateLimitStore(redis, `test:${crypto.randomUUID()}:`)
    : createMemoryRateLimitStore(clock);
  const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-media-'));
  const app = await buildApp({
    config: {
      publicUrl: 'http://mawadda.test',
      sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
      trustProxy: false,
      webDistDir: options.webDistDir ?? path.join(mediaDir, 'no-web-build'),
      googleClientId: options.googleKeys ? TEST_GOOGLE_CLIENT_ID : undefined,
    },
    db: database.db,
    mediaStore: (options.mediaStore ?? createDiskMediaStore)(mediaDir),
    mailer,
    limiter,
    clock,
    googleVerifier: options.googleKeys
      ? createGoogleVerifier({ clientId: TEST_GOOGLE_CLIENT_ID, clock, keys: options.googleKeys })
      : undefined,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  afterAll(async () => {
    await app.close();
    await limiter.close();
    await redis?.quit();
    if (!options.database) await database.close();
    await fs.rm(mediaDir, { recursive: true, force: true });
  });
  return { app, database, clock, mailer, limiter, mediaDir };
}
