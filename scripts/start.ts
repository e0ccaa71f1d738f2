// `npm start`: builds the web app if it has never been built, then runs the API server, which also
// serves the built web app. Signals are forwarded to the server, and its exit code becomes ours.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';

const root = path.resolve(import.meta.dirname, '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(webIndex)) {
  console.log('apps/web/dist is missing: building the web app (npm run build -w apps/web)');
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) {
    console.error('The web app build failed; the server was not started.');
    process.exit(build.status ?? 1);
  }
}

// The server runs in its own process group (detached), so that a Ctrl-C in the terminal reaches
// only this script and the server receives exactly one signal from us: a second SIGINT makes the
// server abandon its graceful shutdown. npm also forwards the terminal's signal to this script, so
// duplicates arriving within a moment of the first are dropped; a later one (a second Ctrl-C) is
// forwarded, which forces the server to stop.
const server: ChildProcess = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, 'apps/server/src/server.ts'],
  {
    cwd: root,
    env: process.env,
    stdio: 'inherit',
    detached: process.platform !== 'win32',
  },
);

const duplicateWindowMs = 500;
let lastForwarded = 0;
function forward(signal: NodeJS.Signals): void {
  const now = Date.now();
  if (now - lastForwarded < duplicateWindowMs) return;
  lastForwarded = now;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
}
process.on('SIGINT', forward);
process.on('SIGTERM', forward);

// If this script dies for any other reason, do not leave the server running on its own.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  process.exit(128 + (signal ? constants.signals[signal] : 0));
});
