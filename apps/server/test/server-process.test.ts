import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForReady(port: number) {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server never became ready');
}

describe('the server process', () => {
  it('refuses to start on a wrong setting, naming the variable', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  it('starts on an empty data folder, migrates, seeds demo members, mails to the outbox, and stops cleanly on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-data-'));
    const port = await freePort();
    const server = start({ PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' });
    await waitForReady(port);
    expect(server.output()).toContain(`Mawadda is running at http://localhost:${port}`);
    // An empty embedded database gets the demo members, with the logins the README names.
    expect(server.output()).toContain('Demo data: 300 members. Log in as aminata@demo.mawadda.app');
    expect((await fs.stat(path.join(dataDir, 'db'))).isDirectory()).toBe(true);

    const forgot = await fetch(`http://127.0.0.1:${port}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody@example.com' }),
    });
    expect(forgot.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received, shutting down');
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
