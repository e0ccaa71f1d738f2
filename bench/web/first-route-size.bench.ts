/**
 * JavaScript a visitor downloads before the first route (login, `/`) can run: the entry chunk,
 * its static imports, and the login route chunk with its static imports, gzip-compressed, as
 * size-limit measures it. Budget: 130 kB (ADR 047). Prints one JSON line; exits 1 over budget.
 * Usage: node bench/web/first-route-size.bench.ts  (builds the web app first)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import filePlugin from '@size-limit/file';
import sizeLimit from 'size-limit';

const BUDGET_BYTES = 130_000;
const webDir = path.resolve(import.meta.dirname, '../../apps/web');
const dist = path.join(webDir, 'dist');

execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
  cwd: path.resolve(webDir, '../..'),
  stdio: ['ignore', 'ignore', 'inherit'],
});

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

/** A chunk and everything it imports statically (dynamic imports load later, on demand). */
function withStaticImports(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const loginRoute = Object.keys(manifest).find((key) => key.endsWith('app/routes/login.tsx'));
if (!entry || !loginRoute) throw new Error('entry or login route missing from the Vite manifest');
const keys = new Set([...withStaticImports(entry), ...withStaticImports(loginRoute)]);
const files = [...keys].map((key) => path.join(dist, manifest[key]?.file ?? ''));

// The API is typed loosely (`Promise<object>`); it answers one `{ size }` per check.
const [result] = (await sizeLimit([filePlugin], { checks: [{ files, gzip: true }] })) as Array<{
  size: number;
}>;
const gzipBytes = result?.size ?? 0;
console.log(
  JSON.stringify({
    bench: 'web-first-route-size',
    date: new Date().toISOString(),
    files: files.map((f) => path.relative(dist, f)),
    gzipBytes,
    budgetBytes: BUDGET_BYTES,
    withinBudget: gzipBytes <= BUDGET_BYTES,
  }),
);
if (gzipBytes > BUDGET_BYTES) process.exitCode = 1;
