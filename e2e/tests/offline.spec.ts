import { expect, type Page, test } from '@playwright/test';
import { memberId, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';
import { scrollToCard } from '../support/suggestions.ts';

test.afterEach(closeMemberBrowsers);
// The service worker, blocked in the other journeys (playwright.config.ts), is what these test.
test.use({ serviceWorkers: 'allow' });

/** Until the service worker is installed and controls the page, an offline reload would fail. */
async function waitForServiceWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === 'activated';
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
    await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), {
      timeout: 10_000,
    })
    .toBe(true);
}

/** The member's kept answers, wherever the session keeps them. */
function memberCache(page: Page) {
  return page.evaluate(
    () => sessionStorage.getItem('memberCache') ?? localStorage.getItem('memberCache'),
  );
}

test('Offline, a reload still opens the app and says it is offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /offline/i })).toBeVisible();
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test('Offline, a member still sees the suggestions and badges last loaded, and from when; after logout, nothing', async ({
  browser,
  request,
}) => {
  // Digits only, so the names read the same in Title Case.
  const tag = String(Date.now()).slice(-6);
  const moussa = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme' });
  const awa = await registerMember(request, { name: `Awa ${tag}`, gender: 'femme' });
  // Awa likes him: a count on his Likes badge.
  const login = await request.post('/api/auth/login', {
    data: { username: awa.username, password: awa.password },
  });
  const { token } = (await login.json()) as { token: string };
  const liked = await request.post('/like', {
    headers: { authorization: `Bearer ${token}` },
    data: { likedUserId: await memberId(request, moussa) },
  });
  expect(liked.ok()).toBe(true);

  const page = await loggedInPage(browser, moussa);
  const card = page
    .getByRole('list', { name: 'Suggested members' })
    .getByRole('heading', { name: new RegExp(`Awa ${tag}`) });
  const likes = page.getByRole('button', { name: /^Likes/ });
  await scrollToCard(page, card);
  await expect(likes).toHaveAccessibleName(/1 new/);
  await waitForServiceWorker(page);
  await expect(card).toBeVisible();
  // Her photo, on a link signed for him (ADR 019), is shown...
  const photo = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`Awa ${tag}`) }) })
    .locator('img');
  const shown = () => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
  // Lazy: loaded once in view.
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(shown).toBeGreaterThan(0);
  // Kept once loaded (saves are gathered over a second).
  await expect.poll(() => memberCache(page)).toContain(`Awa ${tag}`);

  await page.context().setOffline(true);
  await page.reload();
  await scrollToCard(page, card);
  // ...and still shown offline: the kept answer names the same link, which the browser keeps.
  await expect(photo).not.toHaveAttribute('data-fallback', 'true');
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(shown).toBeGreaterThan(0);
  await expect(likes).toHaveAccessibleName(/1 new/);
  await expect(page.getByRole('status').filter({ hasText: /offline/i })).toHaveText(
    /^You are offline\. Showing what was loaded at \d{1,2}:\d{2}\s?[AP]M\.$/,
  );
  // A change needs the server: it fails and says so, instead of waiting silently.
  await page.getByRole('button', { name: `Like Awa ${tag}` }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'You seem to be offline. Your like was not sent.',
  );

  await page.context().setOffline(false);
  await page
    .getByRole('button', { name: /menu|profile/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await memberCache(page)).toBeNull();

  // Offline again, the member area shows nothing of him: login, and no card.
  await page.context().setOffline(true);
  await page.goto('/suggestions');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByText(`Awa ${tag}`)).toHaveCount(0);
  await page.context().setOffline(false);
  await page.context().close();
});
