import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/database.ts';
import { systemClock } from './lib/clock.ts';
import { createLogger } from './lib/logger.ts';
import { createOutboxMailer, createSmtpMailer } from './lib/mailer.ts';
import { createDiskMediaStore } from './lib/media-store.ts';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from './lib/rate-limiter.ts';
import { s3MediaStoreIn } from './lib/s3-media-store.ts';
import { createGoogleVerifier } from './modules/auth/index.ts';
import { createMemoryCallStore, createRedisCallStore } from './modules/calls/index.ts';
import { seedDemoData } from './modules/demo/index.ts';
import {
  createLocalBackplane,
  createMemoryPresenceStore,
  createRedisBackplane,
  createRedisPresenceStore,
} from './modules/realtime/index.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const logger = createLogger(config.logLevel);

const database = await openDatabase({
  ...config,
  onConnectionLost: (err) => logger.warn({ err }, 'PostgreSQL closed an idle connection'),
});
await migrateDatabase(database.db);

/** One folder of the disk, or one prefix of the bucket every node shares (ADR 046). */
const storeFor = (folder: 'media' | 'private-media' | 'exports') =>
  config.objectStore
    ? s3MediaStoreIn(config.objectStore, folder)
    : createDiskMediaStore(path.join(config.dataDir, folder));
const mediaStore = storeFor('media');
const mediaWhere = config.objectStore
  ? `s3://${config.objectStore.bucket}/${config.objectStore.prefix}`
  : 'disk';
// Demo members only ever go into the embedded database, and only while it is empty.
if (config.demoData && database.engine === 'pglite') {
  await seedDemoData({ db: database.db, mediaStore, log: logger });
}

/**
 * A Redis connection's errors as log lines, once an outage: ioredis retries on its own, and
 * without a listener prints each failed attempt unstructured.
 */
function logRedisOutages(connection: Redis, name: string) {
  let down = false;
  connection.on('error', (err) => {
    if (!down) logger.warn({ err, connection: name }, 'Redis unreachable: retrying');
    down = true;
  });
  connection.on('ready', () => {
    if (down) logger.info({ connection: name }, 'Redis reachable again');
    down = false;
  });
  return connection;
}

const redis = config.redisUrl
  ? logRedisOutages(new Redis(config.redisUrl, { lazyConnect: false }), 'commands')
  : undefined;
const limiter: RateLimitStore = redis
  ? createRedisRateLimitStore(redis, `${config.redisPrefix}ratelimit:`)
  : createMemoryRateLimitStore(systemClock);
const realtime = redis
  ? {
      backplane: await createRedisBackplane(
        redis,
        logRedisOutages(redis.duplicate(), 'subscriber'),
        config.redisPrefix,
      ),
      presence: createRedisPresenceStore(redis, {
        ttlMs: config.presenceTtlMs,
        prefix: `${config.redisPrefix}presence:`,
      }),
      calls: createRedisCallStore(redis, {
        ttlMs: config.presenceTtlMs,
        prefix: `${config.redisPrefix}call:`,
      }),
    }
  : {
      backplane: createLocalBackplane(),
      presence: createMemoryPresenceStore(),
      calls: createMemoryCallStore(),
    };
const mailer = config.smtpUrl
  ? createSmtpMailer(config.smtpUrl, config.mailFrom)
  : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, logger);

const app = await buildApp({
  config,
  db: database.db,
  mediaStore,
  privateMediaStore: storeFor('private-media'),
  exportStore: storeFor('exports'),
  mailer,
  limiter,
  clock: systemClock,
  realtime,
  googleVerifier: config.googleClientId
    ? createGoogleVerifier({ clientId: config.googleClientId, clock: systemClock })
    : undefined,
  logger,
});

// SIGTERM: stop accepting, tell sockets to reconnect elsewhere, let requests in flight finish,
// then close what the app used (10 s at most). The app's own close hooks (presence) still use
// Redis: it closes after them.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'Shutting down after an error');
  else app.log.info(`${signal} received, shutting down`);
  await app.close();
  await limiter.close();
  await realtime.backplane.close();
  await redis?.quit();
  await mailer.close();
  await database.close();
});

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Mawadda is running at ${config.publicUrl} (database: ${database.engine}, data: ${config.dataDir}, media: ${mediaWhere})`,
);
