// `npm run dev`: the API server (restarted by `node --watch` on change) and the Vite dev server
// (which proxies /api, /ws, /media, /docs to the API server) side by side, each output line
// prefixed with its origin. When either stops, or on Ctrl-C, both are stopped.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env: NodeJS.ProcessEnv = { ...process.env };
if (process.stdout.isTTY && env.FORCE_COLOR === undefined && env.NO_COLOR === undefined) {
  env.FORCE_COLOR = '1';
}

let stopping = false;
let exitCode = 0;

interface Task {
  name: string;
  child: ChildProcess;
  // How to ask the task to stop: `node --watch` passes a signal on to the server it runs (which
  // must get only one: a second one cancels its graceful shutdown), while `npm run` runs the
  // script through `sh -c`, which passes nothing on, so the whole group is signalled.
  stopGroup: boolean;
}

function pipeLines(input: Readable | null, output: Writable, prefix: string): void {
  if (!input) return;
  createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    output.write(`${prefix} ${line}\n`);
  });
}

function start(name: string, command: string, args: string[], stopGroup: boolean): Task {
  // Each child leads its own process group: the terminal's Ctrl-C reaches only this script, which
  // then signals each child once (a second SIGINT would make the server skip its graceful
  // shutdown), and can still kill the whole group if a child does not stop.
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    shell: process.platform === 'win32',
  });
  const prefix = `[${name}]`;
  pipeLines(child.stdout, process.stdout, prefix);
  pipeLines(child.stderr, process.stderr, prefix);
  child.on('error', (error) => {
    process.stderr.write(`${prefix} could not start: ${error.message}\n`);
    exitCode = 1;
    stopAll(`${name} could not start`);
  });
  return { name, child, stopGroup };
}

const tasks: Task[] = [
  start('server', process.execPath, ['--watch', 'apps/server/src/server.ts'], false),
  start('web', npm, ['run', 'dev', '-w', 'apps/web'], true),
];

function running(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  if (process.platform === 'win32') return running(child);
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // The whole group is already gone.
  }
}

function stopAll(reason: string): void {
  if (stopping) return;
  stopping = true;
  process.stderr.write(`[dev] ${reason}: stopping the server and the web dev server\n`);
  for (const { child, stopGroup } of tasks) {
    if (stopGroup) killGroup(child, 'SIGTERM');
    else if (running(child)) child.kill('SIGTERM');
  }
  // Whatever still runs after a grace period is killed with its whole process group.
  setTimeout(() => {
    for (const { child } of tasks) killGroup(child, 'SIGKILL');
  }, 10_000).unref();
  // Exit once every process of both groups is gone (Vite may outlive the npm that started it).
  const poll = setInterval(() => {
    if (tasks.some(({ child }) => running(child) || groupAlive(child))) return;
    clearInterval(poll);
    process.exit(exitCode);
  }, 100);
}

for (const { name, child } of tasks) {
  child.on('exit', (code, signal) => {
    if (!stopping) {
      exitCode = code ?? 1;
      stopAll(`${name} exited (${signal ?? `code ${code}`})`);
    }
  });
}

let lastSignalAt = 0;
function onSignal(signal: NodeJS.Signals): void {
  const now = Date.now();
  // npm forwards the terminal's Ctrl-C as well: ignore that duplicate; a later second Ctrl-C
  // forces everything down at once.
  if (stopping && now - lastSignalAt > 500) {
    for (const { child } of tasks) killGroup(child, 'SIGKILL');
    process.exit(130);
  }
  lastSignalAt = now;
  stopAll(`received ${signal}`);
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('exit', () => {
  for (const { child } of tasks) killGroup(child, 'SIGKILL');
});
