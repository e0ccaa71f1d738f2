/**
 * Lighthouse (mobile preset) on `/` and `/register` against the built app served by the real
 * server, three runs each in Debian's Chromium; reports the median performance and
 * accessibility scores. Targets: performance >= 90, accessibility 100. Prints one JSON line.
 * Usage: node bench/web/lighthouse.bench.ts  (builds the web app first; CHROME_PATH overrides
 * /usr/bin/chromium)
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const RUNS = 3;
const root = path.resolve(import.meta.dirname, '../..');
execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mawadda-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/src/server.ts')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://localhost:${port}`;
for (
  let i = 0;
  !(await fetch(`${base}/readyz`).then(
    (r) => r.ok,
    () => false,
  ));
  i++
) {
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;
type PageResult = {
  performance: number;
  accessibility: number;
  runs: number[][];
  medianMs: Record<string, number>;
};
const results: Record<string, PageResult> = {};
try {
  for (const page of ['/', '/register']) {
    const runs: number[][] = [];
    const metrics: Record<string, number[]> = {};
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const categories = result?.lhr.categories;
      for (const id of METRICS) {
        const values = metrics[id] ?? [];
        values.push(Math.round(result?.lhr.audits[id]?.numericValue ?? 0));
        metrics[id] = values;
      }
      runs.push([
        Math.round((categories?.performance?.score ?? 0) * 100),
        Math.round((categories?.accessibility?.score ?? 0) * 100),
      ]);
    }
    results[page] = {
      performance: median(runs.map((r) => r[0] ?? 0)),
      accessibility: median(runs.map((r) => r[1] ?? 0)),
      runs,
      medianMs: Object.fromEntries(
        Object.entries(metrics).map(([id, values]) => [id, median(values)]),
      ),
    };
  }
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  JSON.stringify({
    bench: 'web-lighthouse',
    date: new Date().toISOString(),
    preset: 'mobile',
    runs: RUNS,
    pages: results,
  }),
);
