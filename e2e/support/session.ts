import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import type { Member } from './members.ts';

/**
 * A browser of the member's own, logged in through the login screen with remember-me ticked (the
 * session outlives the browser session; tests/login.spec.ts covers it unticked).
 */
export async function loggedInPage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  opened.add(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Username or e-mail').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/suggestions$/);
  return page;
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
