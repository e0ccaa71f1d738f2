import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { NEW_MODERATOR, totpCode } from '../support/moderator.ts';

/** Signs the moderator in with their password and opens moderation from the profile menu. */
async function openModeration(page: Page) {
  await page.goto('/');
  await page.getByLabel('Username or e-mail').fill(NEW_MODERATOR.username);
  await page.getByLabel('Password', { exact: true }).fill(NEW_MODERATOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Moderation' }).click();
}

test('A moderator without a second factor sets up an authenticator app, saves the recovery codes, and a later session needs a code again', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  let recoveryCode = '';
  try {
    await openModeration(page);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Protect moderation with a second factor' }),
    ).toBeVisible();
    // The reports stay closed meanwhile: the API says why.
    await expect(page.getByRole('article')).toHaveCount(0);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Add Mawadda to your app' }),
    ).toBeFocused();
    const link = page.getByRole('link', { name: 'Open in my authenticator app (on this phone)' });
    await expect(link).toHaveAttribute('href', /^otpauth:\/\/totp\/Mawadda:/);
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7 ]{32,40}$/);
    expect(await seriousViolations(page)).toEqual([]);

    const field = page.getByRole('textbox', { name: '6-digit code from your app' });
    await field.fill('000000');
    await page.getByRole('button', { name: 'Confirm the app' }).click();
    await expect(field).toHaveAccessibleDescription(/This code is not right or no longer valid/);
    await field.fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Confirm the app' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Save your recovery codes' }),
    ).toBeFocused();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    recoveryCode = (await codes.first().textContent()) ?? '';
    expect(recoveryCode).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const done = page.getByRole('button', { name: 'Continue to moderation' });
    await expect(done).toBeDisabled();
    await page.getByRole('checkbox', { name: 'I saved my recovery codes' }).check();
    await done.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports to review' })).toBeVisible();
  } finally {
    await context.close();
  }

  // Another sign-in is another session: it proves a factor again (here a recovery code, once).
  const later = await browser.newContext({ locale: 'en-US' });
  const again = await later.newPage();
  try {
    await openModeration(again);
    await expect(again.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
    const code = again.getByRole('textbox', { name: 'Code' });
    await code.fill('zzzzz-zzzzz');
    await again.getByRole('button', { name: 'Confirm' }).click();
    await expect(code).toHaveAccessibleDescription(/This code is not right or no longer valid/);
    await code.fill(recoveryCode);
    await again.getByRole('button', { name: 'Confirm' }).click();
    await expect(again.getByRole('heading', { level: 1, name: 'Reports to review' })).toBeVisible();
  } finally {
    await later.close();
  }
});
