import { expect, test } from '@playwright/test';
import { registerMember } from '../support/members.ts';

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
});
