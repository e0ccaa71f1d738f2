import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keptSecret } from './kept-secret.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-secret-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('a secret kept under DATA_DIR', () => {
  it('is made once, readable by the server’s user only, and the same after a restart', async () => {
    const file = path.join(dir, 'secrets', 'device-cookie');
    const [first, racing] = await Promise.all([keptSecret(file), keptSecret(file)]);
    expect(first.length).toBe(64);
    expect(racing.equals(first)).toBe(true);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await keptSecret(file)).equals(first)).toBe(true);
    expect(await fs.readdir(path.dirname(file))).toEqual(['device-cookie']);
  });

  it('refuses a file that lost its secret rather than trusting a short one', async () => {
    const file = path.join(dir, 'short');
    await fs.writeFile(file, 'abc\n');
    await expect(keptSecret(file)).rejects.toThrow(/fewer than 32 characters: remove it/);
  });
});
