import { existsSync } from 'node:fs';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import {
  type BrowserSubscription,
  startTestPushService,
  type TestPushService,
} from '../../apps/server/test/push-service.ts';
import config from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { like } from '../support/match.ts';
import { memberId, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

/**
 * Web Push in the browser (ADR 040): the question after a first match, the subscription reaching
 * the server, a message pushed through a real push service (apps/server/test/push-service.ts:
 * RFC 8030, VAPID checked, the body decrypted with the subscription's keys, made here), shown by
 * the service worker, and its click opening the conversation in the window already open.
 */

// Chromium's headless shell has no notifications at all (`showNotification` is refused whatever
// the permission, and listing them crashes the page): this file runs in Debian's full Chromium,
// headless too, when it is installed (CHROMIUM_PATH still chooses).
const fullChromium = '/usr/bin/chromium';
if (!process.env.CHROMIUM_PATH && existsSync(fullChromium)) {
  const { launchOptions } = config.projects?.[0]?.use ?? {};
  test.use({ launchOptions: { ...launchOptions, executablePath: fullChromium } });
}

let push: TestPushService;
test.beforeAll(async () => {
  push = await startTestPushService();
});
test.afterAll(async () => {
  await push?.close();
});
test.afterEach(closeMemberBrowsers);
// The service worker, blocked in the other journeys (playwright.config.ts), receives the pushes.
test.use({ serviceWorkers: 'allow' });

async function authorization(
  request: APIRequestContext,
  member: { username: string; password: string },
) {
  const login = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/**
 * Chromium here reaches no real push service: its `PushManager` hands out a subscription of the
 * test's push service instead, with keys the test holds, so the server's pushes can be read.
 */
async function usePushService(context: BrowserContext, subscription: BrowserSubscription) {
  await context.addInitScript((json) => {
    let current: object | null = null;
    const made = {
      endpoint: json.endpoint,
      expirationTime: null,
      toJSON: () => json,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    PushManager.prototype.subscribe = async () => {
      current = made;
      return made as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, subscription);
}

/**
 * The browser's notification permission for the page's site, as its member sets it in the
 * browser's prompt (headless Chromium shows none). Through a DevTools session kept open: the
 * browser drops a session's permissions when it detaches.
 */
async function notificationPermission(page: Page) {
  const target = await page.context().newCDPSession(page);
  const { targetInfo } = await target.send('Target.getTargetInfo');
  await target.detach();
  const browser = page.context().browser();
  if (!browser) throw new Error('the page has no browser to set its permission in');
  const cdp = await browser.newBrowserCDPSession();
  return {
    set: (setting: 'prompt' | 'granted') =>
      cdp.send('Browser.setPermission', {
        permission: { name: 'notifications' },
        setting,
        origin: new URL(page.url()).origin,
        ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
      }),
  };
}

/** The parts of the service worker's global scope the journey reaches (DOM's lib has no worker's). */
type WorkerGlobal = {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
};

/** What the app's service worker shows now, as its registration lists them. */
async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const all = await (await navigator.serviceWorker.ready).getNotifications();
    return all.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
  });
}

/**
 * A tap on the notification: a \`notificationclick\` dispatched inside the running worker (the
 * one the push woke up: an earlier one may have been stopped). \`waitUntil\` refuses an untrusted
 * event, but the handler's work has started by then.
 */
async function clickNotification(context: BrowserContext) {
  const worker = context.serviceWorkers().at(-1);
  await worker?.evaluate(async () => {
    const scope = self as unknown as WorkerGlobal;
    const [notification] = await scope.registration.getNotifications();
    if (notification) {
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    }
  });
}

/** Hands a push's decrypted body to the app's service worker, as the browser's push service would. */
async function deliverToWorker(page: Page, payload: string) {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registration,
    data: payload,
  });
}

/**
 * A push handed to the worker, and the notification it shows. DevTools answers before the worker
 * has the push, and once, in a full run on a busy machine, a push it was handed showed nothing
 * for 10 s (never alone, and the worker's code has no path that shows nothing for a payload from
 * our server). A real push service delivers again what was not taken; this hands it once more.
 * Same tag, so a slow first one and the second make one notification; a worker that shows
 * nothing for both still fails here.
 */
async function pushShown(page: Page, payload: string) {
  const shown = async () => (await shownNotifications(page)).length;
  await deliverToWorker(page, payload);
  const first = await expect
    .poll(shown, { timeout: 5_000 })
    .toBe(1)
    .then(
      () => true,
      () => false,
    );
  if (first) return;
  await deliverToWorker(page, payload);
  await expect.poll(shown).toBe(1);
}

test('a first match brings the question; the subscription reaches the server; a message is pushed, shown, and its click opens the conversation; a like’s opens who liked her', async ({
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const awa = await registerMember(request, { name: `Awa ${tag}`, gender: 'femme' });
  const omar = await registerMember(request, { name: `Omar ${tag}`, gender: 'homme' });
  const omarId = await like(request, awa, omar);
  const subscription = push.subscribe();
  let context!: BrowserContext;
  // What her sockets tell the server she has on screen (the bodies of their viewing frames).
  const viewing: string[] = [];
  const page = await loggedInPage(browser, awa, {
    prepare: async (made) => {
      context = made;
      made.on('page', (opened) =>
        opened.on('websocket', (socket) =>
          socket.on('framesent', (frame) => {
            const text = String(frame.payload);
            if (text.startsWith('SEND') && text.includes('destination:/app/viewing')) {
              viewing.push(text.slice(text.indexOf('\n\n') + 2));
            }
          }),
        ),
      );
      await usePushService(made, subscription);
      // She has never been asked (the other journeys' members have declined).
      await made.addInitScript(() => localStorage.removeItem('pushDeclined'));
    },
  });
  const permission = await notificationPermission(page);
  // A first load asks nothing.
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.ready));

  // He likes her back: "It's a match", live; once she closes it, the question.
  await like(request, omar, awa);
  const matched = page.getByRole('dialog', { name: "It's a match!" });
  await matched.getByRole('button', { name: 'Keep browsing' }).click();
  const question = page.getByRole('dialog', { name: 'Know when someone writes to you' });
  await expect(question).toContainText('never what they wrote');
  expect(await seriousViolations(page)).toEqual([]);

  // The browser's own prompt comes from her tap; she allows it.
  await permission.set('granted');
  const sent = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST',
  );
  await question.getByRole('button', { name: 'Turn on notifications' }).click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  expect(answer.request().postDataJSON()).toEqual(subscription);
  await expect(question).toBeHidden();

  // He writes: the server pushes it to her device's push service, encrypted for its keys.
  // (Waits on the server's sending, ADR 037.)
  const before = push.received.length;
  const written = await request.post(`/api/chat/send/${await memberId(request, awa)}`, {
    headers: await authorization(request, omar),
    data: { content: 'Salam, comment vas-tu ?' },
  });
  expect(written.status()).toBe(201);
  const [received] = (await push.waitFor(before + 1)).slice(before);
  expect(received?.endpoint).toBe(subscription.endpoint);
  const payload = JSON.parse(received?.payload ?? '{}');
  expect(payload).toMatchObject({ kind: 'message', title: expect.stringContaining('Omar') });
  // Never the text on a lock screen unless she asked for it.
  expect(payload.body).not.toContain('Salam');

  // Her browser hands it to the app's worker, which shows it.
  await pushShown(page, received?.payload ?? '');
  const [shown] = await shownNotifications(page);
  expect(shown).toMatchObject({ title: payload.title, body: payload.body, tag: payload.tag });

  // Her tap on it: the conversation, in the window she has open, not a second one.
  await clickNotification(context);
  await expect(page).toHaveURL(new RegExp(`/chat\\?userId=${omarId}`));
  expect(context.pages()).toHaveLength(1);
  // A message written before her app has told the server she reads it is pushed, rightly: the
  // test writes once it has.
  await expect.poll(() => viewing.at(-1) ?? '').toContain(omarId);

  // While she reads the conversation his next message shows there and her phone is left alone;
  // once she has left it, the one after is pushed again.
  const awaId = await memberId(request, awa);
  const write = async (content: string) => {
    const response = await request.post(`/api/chat/send/${awaId}`, {
      headers: await authorization(request, omar),
      data: { content },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as { timestamp: string };
  };
  await write('Tu es là ?');
  await expect(page.getByText('Tu es là ?').last()).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Suggestions' }).first().click();
  await expect(page.getByRole('heading', { name: 'Suggestions', level: 1 })).toBeVisible();
  // Her socket says so a moment after the screen changed: he writes until one is pushed.
  const afterLeaving: string[] = [];
  let next: { payload: string } | undefined;
  for (let attempt = 0; !next && attempt < 5; attempt++) {
    afterLeaving.push((await write(`Je repasse plus tard (${attempt})`)).timestamp);
    next = await push.waitFor(before + 2, 2_000).then(
      (all) => all[before + 1],
      () => undefined,
    );
  }
  // The push after the first is of a message afterLeaving after she left: the one she read was
  // never sent.
  expect(afterLeaving).toContain(JSON.parse(next?.payload ?? '{}').at);

  // With likes turned on, a new like is pushed; its tap opens who liked her in the open window,
  // and the address loses the `likes=open` that opened it.
  const headers = await authorization(request, awa);
  const settings = await (await request.get('/api/push/settings', { headers })).json();
  const saved = await request.put('/api/push/settings', {
    headers,
    data: { ...settings, likes: true },
  });
  expect(saved.status()).toBe(200);
  const beforeLike = push.received.length;
  const idris = await registerMember(request, { name: `Idris ${tag}`, gender: 'homme' });
  await like(request, idris, awa);
  const likeOf = () =>
    push.received.slice(beforeLike).find((p) => JSON.parse(p.payload).kind === 'like');
  await expect.poll(likeOf, { timeout: 10_000 }).toBeTruthy();
  expect(JSON.parse(likeOf()?.payload ?? '{}').url).toMatch(/\/suggestions\?likes=open$/);
  await pushShown(page, likeOf()?.payload ?? '');
  await clickNotification(context);
  await expect(page.getByRole('dialog', { name: 'Who liked you' })).toBeVisible();
  await expect(page).toHaveURL(/\/suggestions$/);
});

test('the notifications settings save and stay, in French', async ({ browser, request }) => {
  const fatou = await registerMember(request, { name: 'Fatou Ndiaye', gender: 'femme' });
  const page = await loggedInPage(browser, fatou, { path: '/fr/mon-profil' });
  const section = page.getByRole('region', { name: 'Notifications' });
  const likes = section.getByRole('switch', { name: 'Des nouveaux likes' });
  await expect(likes).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await likes.check();
  await section.getByRole('switch', { name: 'Heures de calme' }).check();
  await section.getByLabel('De', { exact: true }).fill('23:00');
  await section.getByLabel('Fuseau horaire').selectOption('Africa/Abidjan');
  await section.getByRole('button', { name: 'Enregistrer mes réglages de notifications' }).click();
  await expect(section.getByText('Vos réglages de notifications sont enregistrés.')).toBeVisible();

  await page.reload();
  await expect(likes).toBeChecked();
  await expect(section.getByRole('switch', { name: 'Heures de calme' })).toBeChecked();
  await expect(section.getByLabel('De', { exact: true })).toHaveValue('23:00');
  await expect(section.getByLabel('À', { exact: true })).toHaveValue('07:00');
  await expect(section.getByLabel('Fuseau horaire')).toHaveValue('Africa/Abidjan');
  // Without a browser's permission asked yet, this device is off until she turns it on.
  await expect(
    section.getByRole('switch', { name: 'Notifications sur cet appareil' }),
  ).not.toBeChecked();
});
