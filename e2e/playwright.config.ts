import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './support/chromium-flags.ts';

const root = path.resolve(import.meta.dirname, '..');
// E2E_PORT lets two checkouts run their journeys side by side.
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;

// Playwright loads this file in its runner and again in every worker: create the server's data
// directory once, in the runner, hand it to the workers through the environment, and remove it
// when the runner exits (after the web server has been stopped).
if (!process.env.MAWADDA_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mawadda-e2e-'));
  process.env.MAWADDA_E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env.MAWADDA_E2E_DATA_DIR;

// Where PostgreSQL is (TEST_DATABASE_URL, as on CI), the journeys' server runs on a database of
// this checkout's own there (prepare-server.ts creates it empty), as production runs; otherwise
// on the embedded PGlite in the data directory, as `npm start` does.
const adminUrl = process.env.TEST_DATABASE_URL;
const databaseUrl = adminUrl
  ? Object.assign(new URL(adminUrl), { pathname: `/mawadda_e2e_${port}` }).toString()
  : undefined;

// Three workers on two cores (ADR 085: a journey waits on sockets, mails and authenticator steps
// more than it computes). Each journey registers members of its own under addresses no other
// worker makes, and the members seeded before the server starts are each used by one spec file
// only. E2E_WORKERS overrides it (1 to follow a journey alone).
const workers = Number(process.env.E2E_WORKERS ?? 3);

// Debian's headless shell by default (ADR 035: the same Chromium build without the desktop
// browser's window and compositor, what Playwright's own headless runs use; the journeys take 40 %
// less CPU in it than in /usr/bin/chromium), then Debian's chromium; CHROMIUM_PATH overrides
// both. Without either, Playwright's own browser if the developer has installed one.
const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  // 10 s, not 5: under a load of 15-20 (other suites on the two cores) a page drawn from a cold
  // load still showed "Loading suggestions…" after 5 s (ADR 033).
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: './test-results/results.json' }]],
  use: {
    baseURL,
    // Off: recording a trace of every journey costs a fifth of the suite's CPU. To follow a
    // failure, run it again with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // As a member who asked their phone for less motion: the app's endless animations (loading
    // pulses, the ringing call) stop, so they neither repaint every frame nor delay axe's checks.
    reducedMotion: 'reduce',
    // No service worker but in the journeys about it (offline.spec.ts, push.spec.ts allow it): in
    // every new browser it installed and precached the whole app, about 130 files, a third of
    // the journeys' CPU (ADR 085).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: [
            ...CHROMIUM_FLAGS,
            '--disable-quic',
            // No GPU here: composite in software in the browser process rather than in a GPU
            // process emulating one (SwiftShader), a few percent of the journeys' CPU.
            '--disable-gpu-compositing',
            '--disable-software-rasterizer',
            // The chat's voice notes: the microphone is granted without asking and records a
            // generated tone.
            '--use-fake-ui-for-media-stream',
            '--use-fake-device-for-media-stream',
          ],
        },
      },
    },
  ],
  webServer: {
    // Playwright starts the web server before globalSetup runs, so the web app is built (when
    // missing or stale) by the same command, before the API server that serves it starts; the
    // moderator and the member registered before the consent question are written before the
    // server owns the database (prepare-server.ts).
    command:
      'node e2e/build-web.ts && node e2e/prepare-server.ts && node apps/server/src/server.ts',
    cwd: root,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      // Journeys create the members they need; demo members would crowd their suggestions.
      DEMO_DATA: 'false',
      // Every journey registers its members from this one address: the per-address limit
      // (10 an hour, tested by the server suite) would refuse the later ones.
      REGISTRATIONS_PER_HOUR_PER_ADDRESS: '1000',
      // Every login page a journey shows asks for passkey options from this one address too (30
      // a minute by default): one refused in a burst of three workers leaves the passkey
      // journey's autofill quiet, as a 429 must.
      PASSKEY_SIGN_INS_PER_MINUTE_PER_ADDRESS: '1000',
      // Every browser of every journey connects from this one address too, as members behind a
      // proxy do: three workers' browsers held up to 51 connections at once, against the 64
      // allowed by default, and a photo refused with a 503 shows the default image instead.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      // No internet here: the calls connect over host candidates, with no STUN server to wait on.
      STUN_URLS: '',
      // Web Push (tests/push.spec.ts): the journeys' push service is apps/server/test/push-service.ts
      // on 127.0.0.1, over HTTPS with a certificate of the fixtures, which the sender must trust.
      PUSH_LOOPBACK_ENDPOINTS: 'true',
      // The signed-in devices' country (ADR 075): a journey's browser names it as a proxy would.
      COUNTRY_HEADER: 'x-e2e-country',
      PUSH_CA_FILE: path.join(root, 'apps/server/test/fixtures/push-service.cert.pem'),
    },
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
