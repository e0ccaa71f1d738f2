import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll } from 'vitest';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * `src/server.ts` in a process of its own, with only the environment given (and PATH); what it
 * prints is kept for the test's messages. Killed after the test file if still running.
 */
export function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', ...env },
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
  return {
    child,
    exited,
    output: () => output,
    /**
     * Resolves once `/readyz` answers 200; throws with the output if the process exits or
     * `timeoutMs` passes. A first start migrates and seeds the demo members: on a busy two-core
     * machine that took 37-50 s, more than the 30 s a count of 300 polls allowed (ADR 033).
     */
    async ready(port: number, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (child.exitCode === null && Date.now() < deadline) {
        const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`The server never became ready:\n${output}`);
    },
  };
}
