import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { resolveVapidDetails } from './vapid-keys.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-vapid-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));
const subject = 'mailto:no-reply@mawadda.test';

describe('the VAPID keys', () => {
  it('are the configured pair when set, and nothing is written', async () => {
    const keys = webpush.generateVAPIDKeys();
    const dataDir = path.join(dir, 'configured');
    expect(await resolveVapidDetails({ vapidKeys: keys, vapidSubject: subject, dataDir })).toEqual({
      ...keys,
      subject,
    });
    await expect(fs.stat(dataDir)).rejects.toThrow(/ENOENT/);
  });

  it('are made once under DATA_DIR when unset, readable by the server’s user only, the same after a restart', async () => {
    const dataDir = path.join(dir, 'embedded');
    const config = { vapidKeys: undefined, vapidSubject: subject, dataDir };
    const [first, racing] = await Promise.all([
      resolveVapidDetails(config),
      resolveVapidDetails(config),
    ]);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(racing).toEqual(first);
    const file = path.join(dataDir, 'secrets', 'vapid.json');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await resolveVapidDetails(config)).toEqual(first);
    // They sign: web-push accepts them as a pair.
    expect(() =>
      webpush.getVapidHeaders(
        'https://push.example',
        subject,
        first.publicKey,
        first.privateKey,
        'aes128gcm',
      ),
    ).not.toThrow();
  });

  it('refuses a kept file that holds no key pair rather than making new keys silently', async () => {
    const dataDir = path.join(dir, 'broken');
    await fs.mkdir(path.join(dataDir, 'secrets'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'secrets', 'vapid.json'), 'not json\n');
    await expect(
      resolveVapidDetails({ vapidKeys: undefined, vapidSubject: subject, dataDir }),
    ).rejects.toThrow(/does not hold a VAPID key pair: remove it/);
  });
});
