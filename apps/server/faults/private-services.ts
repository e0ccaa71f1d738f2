import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../test/server-process.ts';

/**
 * A PostgreSQL and a Redis of the fault test's own, from the machine's binaries, in a temporary
 * folder on free ports: the test stops and starts them at will, where the machine's own serve CI
 * runs and other sessions at the same time and must never be restarted.
 */

const run = promisify(execFile);

/** The newest PostgreSQL the machine has (Debian's layout, as .ci/run finds its cluster). */
async function postgresBinaries(): Promise<string> {
  const root = '/usr/lib/postgresql';
  const versions = (await fs.readdir(root)).filter((v) => /^\d+$/.test(v));
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error(`No PostgreSQL under ${root}`);
  return path.join(root, newest, 'bin');
}

/**
 * PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user, which
 * then owns the folder.
 */
async function asPostgresUser(): Promise<{ prefix: string[]; uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
}

export type PrivatePostgres = {
  /** The database the nodes share. */
  url: string;
  /** Stops at once, as a crash would (`-m immediate`): no checkpoint, recovery at the next start. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops and removes its folder. */
  close(): Promise<void>;
};

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-faults-pg-'));
  const user = await asPostgresUser();
  if (user.uid !== undefined && user.gid !== undefined) await fs.chown(folder, user.uid, user.gid);
  const data = path.join(folder, 'data');
  const binaries = await postgresBinaries();
  const tool = (name: string, args: string[]) => {
    const binary = path.join(binaries, name);
    const [command = binary, ...prefix] = user.prefix;
    return run(command, prefix.length > 0 ? [...prefix, binary, ...args] : args);
  };
  await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // fsync off: a stopped server's writes are in the kernel's cache, which outlives it (only a
  // machine crash loses them). Commits stay synchronous: an acknowledged message is in the WAL.
  const options = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const start = async () => {
    await tool('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(folder, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  };
  const stop = async () => {
    await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  };
  await start();
  await run(path.join(binaries, 'createdb'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    'mawadda',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/mawadda`,
    stop,
    start,
    async close() {
      await stop().catch(() => undefined);
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}

export type PrivateRedis = {
  url: string;
  /** Stops the server (SIGTERM; nothing is saved, so everything it held is gone). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

/** Resolves once the server answers PING on `port`; throws after `timeoutMs`. */
async function redisAnswers(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pong = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(String(data).startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
    if (pong) return;
    if (Date.now() > deadline) throw new Error(`Redis on ${port} did not answer`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-faults-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        folder,
      ],
      { stdio: 'ignore' },
    );
    const running = child;
    exited = new Promise((resolve) => running.once('exit', () => resolve()));
    await redisAnswers(port, 10_000);
  };
  const stop = async () => {
    child?.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      await stop();
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}
