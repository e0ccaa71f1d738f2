import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pushPayloadSchema } from '@mawadda/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { bearer, seedLikes, seedMembers, sessionFor } from './fixtures.ts';
import { startTestPushService, type TestPushService } from './push-service.ts';
import { freePort, startServerProcess } from './server-process.ts';
import { createPostgresTestDatabase } from './test-database.ts';

/**
 * Nothing acknowledged lives only in memory (ADR 064): the server process is killed with SIGKILL
 * the moment ten messages were acknowledged, each from another sender to one member with a
 * phone; started again, it sends each of the ten pushes, once. The push service is down while the
 * first process runs (its connections refused), so whatever that process had reached (nothing,
 * the queue, a failed send) is sent by the second, and no push can have arrived before the kill.
 */

const postgres = await createPostgresTestDatabase();
if (!postgres) throw new Error('A killed server process needs TEST_DATABASE_URL');

const SENDERS = 10;
let dataDir: string;
let handle: DatabaseHandle;
let push: TestPushService;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-push-kill-'));
  handle = await openDatabase({ databaseUrl: postgres.url, dataDir });
  push = await startTestPushService();
});
afterAll(async () => {
  await push.close();
  await handle.close();
  await postgres.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function startNode(port: number) {
  const node = startServerProcess({
    DATABASE_URL: postgres?.url ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    // The same folder for both processes: the same VAPID keys sign their pushes.
    DATA_DIR: path.join(dataDir, 'node'),
    WEB_DIST_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    PUSH_LOOPBACK_ENDPOINTS: 'true',
    PUSH_CA_FILE: path.join(import.meta.dirname, 'fixtures', 'push-service.cert.pem'),
  });
  await node.ready(port);
  return node;
}

/** Resolves once nothing waits to become a push or to be sent. */
async function settled(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await handle.db.execute<{ waiting: number }>(sql`
      select ((select count(*) from push_queue) + (select count(*) from recorded_events))::int
        as waiting`);
    if (rows[0]?.waiting === 0 && push.received.some((p) => p.status === 201)) return;
    if (Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a server killed after acknowledging messages', () => {
  it('sends every push once when it starts again', async () => {
    const [him = '', ...senders] = await seedMembers(handle.db, [
      { gender: 'homme', name: 'Youssef Ba' },
      ...Array.from({ length: SENDERS }, (_, i) => ({
        gender: 'femme' as const,
        name: `Sender${i} Diallo`,
      })),
    ]);
    await seedLikes(
      handle.db,
      senders.flatMap(
        (her): Array<[string, string]> => [
          [her, him],
          [him, her],
        ],
      ),
    );
    const tokens = await Promise.all(senders.map((her) => sessionFor(handle.db, her)));
    const hisToken = await sessionFor(handle.db, him);

    const port = await freePort();
    const first = await startNode(port);
    const base = `http://127.0.0.1:${port}`;
    const phone = push.subscribe();
    const subscribed = await fetch(`${base}/api/push/subscriptions`, {
      method: 'POST',
      headers: { ...bearer(hisToken), 'content-type': 'application/json' },
      body: JSON.stringify(phone),
    });
    expect(subscribed.status).toBe(201);
    await push.pause();

    const answers = await Promise.all(
      tokens.map((token, i) =>
        fetch(`${base}/api/chat/send/${him}`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify({ uuid: crypto.randomUUID(), content: `Salam, message ${i}` }),
        }),
      ),
    );
    first.child.kill('SIGKILL');
    expect(answers.map((a) => a.status)).toEqual(senders.map(() => 201));
    await first.exited;

    await push.resume();
    const second = await startNode(port);
    // A push the first process failed to send is due again 5 s later (ADR 037's backoff).
    await settled(40_000);
    second.child.kill('SIGTERM');
    await second.exited;

    const tags = push.received
      .filter((p) => p.endpoint === phone.endpoint && p.status === 201)
      .map((p) => pushPayloadSchema.parse(JSON.parse(p.payload)).tag);
    expect(tags.sort()).toEqual(senders.map((her) => `chat:${her}`).sort());
  }, 90_000);
});
