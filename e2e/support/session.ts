import {
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request,
  test,
} from '@playwright/test';
import type { Member } from './members.ts';

/**
 * A browser of the member's own, already logged in as the login screen leaves it with remember-me
 * ticked (ADR 033): the token, the member's stored profile and the remembered username in local
 * storage, and the device cookie the login answer sets. The login goes through the API, not the
 * form: tests/login.spec.ts logs in through the form (ticked and unticked) and proves that it
 * leaves exactly this; the journeys need not fill it 28 more times.
 */
export async function loggedInPage(
  browser: Browser,
  member: Member,
  {
    path = '/suggestions',
    viewport,
    prepare,
  }: {
    /**
     * The app's first screen: the journey's own, rather than the suggestions first and a second
     * load of the app after them (each load parses the app and draws its screen, ADR 085).
     */
    path?: string;
    /** The screen's size from the first load (a phone's, say); the desktop's by default. */
    viewport?: { width: number; height: number };
    /** What to set on the browser before the app's first load (routes a journey fakes). */
    prepare?: (context: BrowserContext) => Promise<unknown>;
  } = {},
): Promise<Page> {
  const baseURL = test.info().project.use.baseURL ?? '';
  const api = await request.newContext({ baseURL });
  try {
    const login = await api.post('/api/auth/login', {
      data: { username: member.username, password: member.password },
    });
    expect(login.status(), `login of ${member.username}`).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const me = await api.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    const user = (await me.json()) as Record<string, unknown>;
    // What lib/session.ts keeps of the member (StoredCurrentUser).
    const stored = Object.fromEntries(
      ['id', 'name', 'latitude', 'longitude', 'location', 'mediaUrls', 'consentRequired']
        .filter((key) => user[key] !== undefined)
        .map((key) => [key, user[key]]),
    );
    // The device cookie the login answer set, and local storage as the login screen leaves it.
    const { cookies } = await api.storageState();
    const localStorage = Object.entries({
      authToken: token,
      currentUser: JSON.stringify(stored),
      rememberedUser: member.username,
      // A member who already answered "Not now" to the question about notifications: after a
      // match or a message it would cover the screens the journeys are about (push.spec.ts,
      // which asks it, takes it away).
      pushDeclined: '1',
    }).map(([name, value]) => ({ name, value }));
    const context = await browser.newContext({
      locale: 'en-US',
      ...(viewport ? { viewport } : {}),
      storageState: { cookies, origins: [{ origin: new URL(baseURL).origin, localStorage }] },
    });
    opened.add(context);
    await prepare?.(context);
    const page = await context.newPage();
    await page.goto(path);
    const landing = new URL(path, baseURL);
    await expect(page).toHaveURL(
      (url) => url.pathname === landing.pathname && url.search === landing.search,
    );
    // The app booted and drew the member area, as after the form (whose page had booted
    // before the login): the journeys' 5 s expectations start from there, not from a cold load.
    const french = landing.pathname === '/fr' || landing.pathname.startsWith('/fr/');
    await expect(
      page.getByRole('navigation', { name: french ? 'Principale' : 'Main' }),
    ).toBeVisible({ timeout: 15_000 });
    // Its screen drew (a conversation on a phone has a level-2 heading only).
    await expect(page.getByRole('main')).toBeVisible();
    return page;
  } finally {
    await api.dispose();
  }
}

const opened = new Set<BrowserContext>();

/**
 * Closes the browsers `loggedInPage` opened: a spec file's `test.afterEach`, so that a test that
 * failed leaves no page behind either (pages left open with the fake camera running slowed every
 * later journey down until one timed out).
 */
export async function closeMemberBrowsers(): Promise<void> {
  const contexts = [...opened];
  opened.clear();
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
}
