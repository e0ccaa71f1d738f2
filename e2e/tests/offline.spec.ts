import { expect, test } from '@playwright/test';

test('Offline, a reload still opens the app and says it is offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  // The service worker takes control once it has installed and cached the app shell.
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker?.getRegistration();
    return Boolean(registration?.active) && Boolean(navigator.serviceWorker.controller);
  }, undefined, { timeout: 20_000 }).catch(async () => {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, {
      timeout: 20_000,
    });
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /offline/i })).toBeVisible();
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});
