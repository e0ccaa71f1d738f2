// Builds the web app for the journeys when apps/web/dist is missing or older than its sources,
// so that a journey never runs against a stale build. Run by the Playwright web server command
// before the API server starts (Playwright starts its web server before any globalSetup).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'apps/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(entry)) {
    newest = Math.max(newest, newestChange(path.join(entry, name)));
  }
  return newest;
}

function buildReason(): string | undefined {
  if (!existsSync(builtIndex)) return 'apps/web/dist/index.html is missing';
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = sources.find((source) => newestChange(path.join(root, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : undefined;
}

const reason = buildReason();
if (reason) {
  console.log(`e2e: building the web app (${reason})`);
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('e2e: the web app build failed');
    process.exit(build.status ?? 1);
  }
}
