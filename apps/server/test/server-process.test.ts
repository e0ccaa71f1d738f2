import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from './server-process.ts';
import { connectStomp } from './stomp-client.ts';

const start = (env: Record<string, string>) => startServerProcess({ LOG_LEVEL: 'info', ...env });

describe('the server process', () => {
  it('refuses to start on a wrong setting, naming the variable', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  it('starts on an empty data folder, migrates, seeds demo members, mails to the outbox, and stops cleanly on SIGTERM, telling its sockets to reconnect', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-data-'));
    const port = await freePort();
    const server = start({ PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' });
    await server.ready(port);
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

    // A demo member on the real-time socket is told to reconnect elsewhere when the node stops.
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'aminata@demo.mawadda.app', password: 'mawadda-demo' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const socket = await connectStomp(`http://127.0.0.1:${port}`, token);
    expect(socket.client.connected).toBe(true);

    server.child.kill('SIGTERM');
    expect((await socket.error).headers.code).toBe('SERVER_RESTARTING');
    expect((await socket.closed).code).toBe(1012);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received, shutting down');
    await fs.rm(dataDir, { recursive: true, force: true });
    // A whole start (migrations, 300 demo members): 37 s to ready alone at a load of 12 on two
    // cores, more beside the other test worker.
  }, 120_000);
});
