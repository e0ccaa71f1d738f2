/**
 * JavaScript a visitor downloads before the first route (login, `/`) can run: the entry chunk,
 * its static imports, the app and the login screen's chunk (`first-route`, ADR 054) with its static
 * imports, and the first route's texts
 * in one language (the larger of the two: the app renders once they are here), gzip-compressed,
 * as size-limit measures it. Budget: 135 kB (ADR 058; 130 on Preact, ADR 047). Prints one JSON line; exits 1 over budget.
 * Usage: node bench/web/first-route-size.bench.ts  (builds the web app first)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import filePlugin from '@size-limit/file';
import sizeLimit from 'size-limit';

const BUDGET_BYTES = 135_000;
const webDir = path.resolve(import.meta.dirname, '../../apps/web');
const dist = path.join(webDir, 'dist');

execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
  cwd: path.resolve(webDir, '../..'),
  stdio: ['ignore', 'ignore', 'inherit'],
});

type ManifestChunk = { file: string; name?: string; imports?: string[]; isEntry?: boolean };
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
const firstRoute = Object.keys(manifest).find((key) => manifest[key]?.name === 'first-route');
if (!entry || !firstRoute) throw new Error('entry or first route missing from the Vite manifest');
const keys = new Set([...withStaticImports(entry), ...withStaticImports(firstRoute)]);
const files = [...keys].map((key) => path.join(dist, manifest[key]?.file ?? ''));
const texts = ['en', 'fr'].map((language) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(`i18n/first-route-${language}.ts`));
  if (!key) throw new Error(`the first route's ${language} texts are missing from the manifest`);
  return [...withStaticImports(key)]
    .filter((k) => !keys.has(k))
    .map((k) => path.join(dist, manifest[k]?.file ?? ''));
});

/** Gzip bytes of these files together (the API is typed loosely: one `{ size }` per check). */
async function gzipSize(checked: string[]) {
  const [result] = (await sizeLimit([filePlugin], {
    checks: [{ files: checked, gzip: true }],
  })) as Array<{ size: number }>;
  return result?.size ?? 0;
}
const textBytes = await Promise.all(texts.map(gzipSize));
const largest = (textBytes[0] ?? 0) >= (textBytes[1] ?? 0) ? 0 : 1;
const gzipBytes = (await gzipSize(files)) + Math.max(...textBytes);
files.push(...(texts[largest] ?? []));
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
