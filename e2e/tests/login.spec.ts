import { expect, test } from '@playwright/test';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

test.describe('A member logs in', () => {
  test('remember me keeps the username for the next visit, and forgetting clears it', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await page.goto('/');
    await page.getByLabel('Username or e-mail').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/suggestions$/);

    await page
      .getByRole('button', { name: /menu|profile/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: /log ?out/i }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await expect(page.getByLabel('Username or e-mail')).toHaveValue(member.username);

    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Remember me').uncheck();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/suggestions$/);
    expect(await page.evaluate(() => localStorage.getItem('rememberedUser'))).toBeNull();
  });

  test('without remember me the session ends with the browser; other tabs share it until then', async ({
    browser,
    request,
  }) => {
    const member = await registerMember(request);
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('Username or e-mail').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await expect(page.getByLabel('Remember me')).not.toBeChecked();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/suggestions$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).not.toBeNull();

    // A tab opened by hand (no copy of this tab's session storage) is signed in too.
    const secondTab = await context.newPage();
    await secondTab.goto('/profile-views');
    await expect(secondTab).toHaveURL(/\/profile-views$/);
    await expect(secondTab.getByRole('heading', { level: 1 })).toBeVisible();

    // The browser closes and opens again: what it keeps (cookies, local storage) holds no session.
    const reopened = await browser.newContext({ storageState: await context.storageState() });
    await context.close();
    const again = await reopened.newPage();
    await again.goto('/suggestions');
    await expect(again).toHaveURL(/\/$/);
    await expect(again.getByRole('button', { name: 'Log in' })).toBeVisible();
    await reopened.close();
  });

  test('with remember me the session outlives the browser session', async ({
    browser,
    request,
  }) => {
    const member = await registerMember(request);
    const page = await loggedInPage(browser, member);
    const reopened = await browser.newContext({
      storageState: await page.context().storageState(),
    });
    await page.context().close();
    const again = await reopened.newPage();
    await again.goto('/suggestions');
    await expect(again).toHaveURL(/\/suggestions$/);
    await expect(again.getByRole('button', { name: 'Log in' })).toHaveCount(0);
    await reopened.close();
  });

  test('a wrong password says so and lets the member try again', async ({ page, request }) => {
    const member = await registerMember(request);
    await page.goto('/');
    await page.getByLabel('Username or e-mail').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toContainText('Incorrect credentials. Please try again.');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  test('a visitor who opens a member page is sent to login', async ({ page }) => {
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a member who opens login or registration (the installed app starts at /) is in the member area', async ({
    browser,
    request,
  }) => {
    const member = await registerMember(request);
    const page = await loggedInPage(browser, member);
    for (const [path, home] of [
      ['/', /\/suggestions$/],
      ['/register', /\/suggestions$/],
      ['/fr', /\/fr\/suggestions$/],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(home);
      await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
    }
  });
});
