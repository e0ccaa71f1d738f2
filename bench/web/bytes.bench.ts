/// <reference lib="dom" />
/**
 * Bytes on the wire for a member on a 360 px phone (DPR 3), as Chromium counts them over the
 * DevTools protocol (`Network.loadingFinished` encodedDataLength: headers and compressed body),
 * by resource type. The built app served by the real server with the demo members (their
 * portraits, the demo logins); prints a table and one JSON line; exits 1 over a budget.
 *
 * - cold login page (`/`, nothing cached, service worker blocked): <= 135 KB
 * - cold first suggestions screen: the login page, the login, the suggestions: <= 300 KB, of
 *   which scripts <= 200 KB (the budgets of React's own runtime, ADR 058)
 * - a repeat visit to the suggestions with the service worker installed, once the kept answers
 *   are stale: <= 40 KB before photos
 * - opening a conversation of 50 messages from the suggestions: <= 60 KB without media
 *
 * Usage: node bench/web/bytes.bench.ts  (builds the web app first; CHROMIUM_PATH overrides
 * Debian's /usr/bin/chromium-headless-shell, then /usr/bin/chromium; BENCH_LIST=1 also lists
 * each measure's requests, largest first)
 */

import fs from 'node:fs';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../e2e/support/chromium-flags.ts';
import { startDemoAppServer } from '../support/demo-app-server.ts';

const KB = 1000;
const app = await startDemoAppServer('bytes');
const { base } = app;

// The demo logins (apps/server/src/modules/demo/demo-data.ts).
const PASSWORD = 'mawadda-demo';
const AMINATA = 'aminata@demo.mawadda.app';
const YOUSSEF = 'youssef@demo.mawadda.app';

async function api(pathname: string, init: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${pathname}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}
const tokenOf = async (username: string) =>
  (await api('/api/auth/login', { body: { username, password: PASSWORD } })).token as string;

/** The two demo logins matched, with 50 text messages between them (no media). */
async function conversationOf50(): Promise<string> {
  const [hers, his] = [await tokenOf(AMINATA), await tokenOf(YOUSSEF)];
  const herId = (await api('/api/users/me', { token: hers })).id as string;
  const hisId = (await api('/api/users/me', { token: his })).id as string;
  await api('/like', { token: hers, body: { likedUserId: hisId } });
  await api('/like', { token: his, body: { likedUserId: herId } });
  for (let i = 0; i < 50; i++) {
    const [from, to] = i % 2 === 0 ? [his, herId] : [hers, hisId];
    await api(`/api/chat/send/${to}`, {
      token: from,
      body: { content: `Message ${i + 1}: assalamu alaykum, how was your day at work today?` },
    });
  }
  return hisId;
}

type Tally = Record<string, number>;

/**
 * Counts what the page downloads from now on, by resource type (Script, Document, Image, Fetch…),
 * until `action` has settled and the network has been quiet. Answers served by
 * the service worker or the memory cache come with no bytes on the wire and count as such.
 */
async function measure(page: Page, action: () => Promise<unknown>): Promise<Tally> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const listed: [string, number][] = [];
  const pending = new Set<string>();
  const tally: Tally = {};
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    types.set(event.requestId, event.type ?? 'Other');
    urls.set(event.requestId, event.request.url);
    pending.add(event.requestId);
    lastActivity = Date.now();
  });
  const finish = (requestId: string, bytes: number) => {
    if (!pending.delete(requestId)) return;
    const type = types.get(requestId) ?? 'Other';
    tally[type] = (tally[type] ?? 0) + bytes;
    listed.push([`${type} ${urls.get(requestId)}`, bytes]);
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', (event) => finish(event.requestId, event.encodedDataLength));
  cdp.on('Network.loadingFailed', (event) => finish(event.requestId, 0));
  await action();
  // Photos and chunks fetched when the browser is idle come a moment after the screen: 1.5 s of
  // quiet ends a measure. Requests still pending after 5 s of quiet are long-lived, not loads.
  while (Date.now() - lastActivity < (pending.size > 0 ? 5000 : 1500)) {
    await new Promise((r) => setTimeout(r, 100));
  }
  await cdp.detach();
  if (process.env.BENCH_LIST) {
    for (const [request, bytes] of listed.sort((a, b) => b[1] - a[1])) {
      console.log(`${String(bytes).padStart(8)} ${request.replace(base, '').slice(0, 140)}`);
    }
    console.log('');
  }
  return tally;
}

const browser = await chromium.launch({
  executablePath:
    process.env.CHROMIUM_PATH ??
    ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)),
  args: CHROMIUM_FLAGS,
});
const phone = (serviceWorkers: 'allow' | 'block') =>
  browser.newContext({
    baseURL: base,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    serviceWorkers,
  });

async function logIn(page: Page) {
  await page.getByLabel(/^(Nom d.utilisateur|Username)/).fill(AMINATA);
  await page.getByLabel(/^(Mot de passe|Password)$/).fill(PASSWORD);
  await page.getByRole('button', { name: /^(Se connecter|Log in)$/ }).click();
  await page.waitForURL(/\/suggestions$/);
  await page.getByRole('navigation', { name: /^(Principale|Main)$/ }).waitFor();
}

const measures: Record<string, Tally> = {};
let context: BrowserContext | undefined;
try {
  const partnerId = await conversationOf50();

  // Cold: nothing cached, no service worker (what a first visit costs before it installs).
  context = await phone('block');
  let page = await context.newPage();
  const loginPage = await measure(page, () => page.goto('/'));
  const afterLogin = await measure(page, () => logIn(page));
  measures['cold login page'] = loginPage;
  measures['cold suggestions (login page + login)'] = Object.fromEntries(
    [...new Set([...Object.keys(loginPage), ...Object.keys(afterLogin)])].map((type) => [
      type,
      (loginPage[type] ?? 0) + (afterLogin[type] ?? 0),
    ]),
  );
  // In the app, as a tap on the conversation does: the router follows the history.
  measures['open a conversation of 50'] = await measure(page, async () => {
    await page.evaluate((url) => {
      history.pushState({}, '', url);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/chat?userId=${partnerId}`);
    await page.locator('p', { hasText: 'Message 50:' }).waitFor();
  });
  await context.close();

  // Repeat visit: the worker installed and its precache filled on a first visit, then back.
  context = await phone('allow');
  page = await context.newPage();
  await page.goto('/');
  await logIn(page);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r));
    }
    return registration.active?.state;
  });
  // Back later: past the kept answers' 30 s staleness (lib/query-client.ts), so the screen asks
  // the server again, as a member opening the app the next day would.
  await page.close();
  await new Promise((r) => setTimeout(r, 31_000));
  page = await context.newPage();
  measures['repeat visit, worker installed'] = await measure(page, () =>
    page.goto('/suggestions', { waitUntil: 'load' }),
  );
} finally {
  await context?.close();
  await browser.close();
  await app.stop();
}

const total = (tally: Tally, without: string[] = []) =>
  Object.entries(tally)
    .filter(([type]) => !without.includes(type))
    .reduce((sum, [, bytes]) => sum + bytes, 0);
const MEDIA = ['Image', 'Media'];
const checks = [
  {
    measure: 'cold login page',
    what: 'total',
    bytes: total(measures['cold login page'] ?? {}),
    budget: 135 * KB,
  },
  {
    measure: 'cold suggestions (login page + login)',
    what: 'total',
    bytes: total(measures['cold suggestions (login page + login)'] ?? {}),
    budget: 300 * KB,
  },
  {
    measure: 'cold suggestions (login page + login)',
    what: 'scripts',
    bytes: measures['cold suggestions (login page + login)']?.Script ?? 0,
    budget: 200 * KB,
  },
  {
    measure: 'repeat visit, worker installed',
    what: 'without photos',
    bytes: total(measures['repeat visit, worker installed'] ?? {}, MEDIA),
    budget: 40 * KB,
  },
  {
    measure: 'open a conversation of 50',
    what: 'without media',
    bytes: total(measures['open a conversation of 50'] ?? {}, MEDIA),
    budget: 60 * KB,
  },
];

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const types = [...new Set(Object.values(measures).flatMap((tally) => Object.keys(tally)))].sort();
console.log(`| Measure | ${types.join(' | ')} | Total |`);
console.log(`|---|${types.map(() => '---|').join('')}---|`);
for (const [name, tally] of Object.entries(measures)) {
  console.log(
    `| ${name} | ${types.map((t) => kb(tally[t] ?? 0)).join(' | ')} | ${kb(total(tally))} |`,
  );
}
console.log('');
for (const check of checks) {
  const verdict = check.bytes <= check.budget ? 'within' : 'OVER';
  console.log(
    `${check.measure}, ${check.what}: ${kb(check.bytes)} (budget ${kb(check.budget)}, ${verdict})`,
  );
}
console.log(
  JSON.stringify({
    bench: 'web-bytes',
    date: new Date().toISOString(),
    viewport: '360x740@3',
    measures,
    checks: checks.map((check) => ({ ...check, withinBudget: check.bytes <= check.budget })),
  }),
);
if (checks.some((check) => check.bytes > check.budget)) process.exitCode = 1;
