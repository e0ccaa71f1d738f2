import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** A port free on loopback now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The web app built, then the real server in its own process with the demo members (someone to
 * log in as, suggestions with their portraits) in an embedded database under a fresh folder,
 * ready to answer. `stop` ends it and removes the folder.
 */
export async function startDemoAppServer(name: string, options: { serverLog?: 'inherit' } = {}) {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mawadda-${name}-`));
  const server = spawn(process.execPath, [path.join(root, 'apps/server/src/server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
    },
    stdio: ['ignore', options.serverLog ?? 'ignore', 'inherit'],
  });
  for (
    let i = 0;
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 1200) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    port,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.on('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
