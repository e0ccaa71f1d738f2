import { type Browser, expect, type Page } from '@playwright/test';
import type { Member } from './members.ts';

/** A browser of the member's own, logged in through the login screen. */
export async function loggedInPage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Username or e-mail').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/suggestions$/);
  return page;
}
