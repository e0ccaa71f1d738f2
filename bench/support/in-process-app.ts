import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { createOutboxMailer } from '../../apps/server/src/lib/mailer.ts';
import { createDiskMediaStore } from '../../apps/server/src/lib/media-store.ts';
import { createMemoryRateLimitStore } from '../../apps/server/src/lib/rate-limiter.ts';
import { createMemoryCallStore } from '../../apps/server/src/modules/calls/call-store.ts';
// The push module's decoration (`app.push`, ADR 062) is declared in its module file, which the
// app's emitted types do not import: imported here for the benches that read it.
import '../../apps/server/src/modules/push/index.ts';
import { createLocalBackplane } from '../../apps/server/src/modules/realtime/backplane.ts';
import { createMemoryPresenceStore } from '../../apps/server/src/modules/realtime/presence-store.ts';

/**
 * The real app in the bench's own process, on one node: files and mail under `dir`, limits,
 * presence and calls in memory, the real clock. `env` adds to the configuration's defaults.
 */
export function inProcessApp(options: {
  db: Database;
  dir: string;
  env?: Record<string, string>;
  logger?: pino.Logger;
}) {
  const { dir } = options;
  return buildApp({
    config: loadConfig({
      PUBLIC_URL: 'http://localhost',
      WEB_DIST_DIR: dir,
      DATA_DIR: dir,
      ...options.env,
    }),
    db: options.db,
    mediaStore: createDiskMediaStore(path.join(dir, 'media')),
    privateMediaStore: createDiskMediaStore(path.join(dir, 'private-media')),
    exportStore: createDiskMediaStore(path.join(dir, 'exports')),
    mailer: createOutboxMailer(
      path.join(dir, 'outbox'),
      'bench@localhost',
      pino({ level: 'silent' }),
    ),
    limiter: createMemoryRateLimitStore(systemClock),
    clock: systemClock,
    realtime: {
      backplane: createLocalBackplane(),
      presence: createMemoryPresenceStore(),
      calls: createMemoryCallStore(),
    },
    googleVerifier: undefined,
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
