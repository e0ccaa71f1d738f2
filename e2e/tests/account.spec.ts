import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

test('a member downloads their data, then deletes their account and cannot log in any more', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await registerMember(request, { name: `Mariam ${String(Date.now()).slice(-6)}` });
  const page = await loggedInPage(browser, member, { path: '/mon-profil' });

  // The copy is asked for, prepared in the background, then offered with how long it stays.
  const copy = page.getByRole('region', { name: 'Download my data' });
  await copy.getByRole('button', { name: 'Prepare my data' }).click();
  const button = copy.getByRole('button', { name: 'Download my data' });
  await expect(button).toBeVisible({ timeout: 20_000 });
  await expect(copy).toContainText('It stays available for 24 hours, until');
  // Fetched with the session (no link to pass around), then saved like any download.
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mawadda-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await fs.readFile(await download.path())));
  const data = JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8'));
  expect(data.profile).toMatchObject({ email: member.username, name: member.name });
  expect(zip['photos/01.webp']?.length).toBeGreaterThan(0);
  // Without the session, nothing downloads it.
  expect((await request.get('/api/users/me/export/file')).status()).toBe(401);
  // In French too, on another device of hers.
  const french = await loggedInPage(browser, member, { path: '/fr/mon-profil' });
  await expect(french.getByRole('region', { name: 'Télécharger mes données' })).toContainText(
    "Elle reste disponible 24 heures, jusqu'au",
  );

  // The dialog says what goes and what stays; the password confirms.
  await page
    .getByRole('region', { name: 'Delete my account' })
    .getByRole('button', { name: 'Delete my account' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('payment records are kept without your profile');
  // This server has no Google sign-in: no line of the dialog offers it.
  await expect(dialog).not.toContainText('Google');
  await dialog.getByLabel('Your password').fill('not the password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This is not your password.');
  await dialog.getByLabel('Your password').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();

  // A screen of its own says it is done, then the login; the account is no more.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account has been deleted');
  await expect(page.getByRole('main')).toContainText('Thank you for having been part of Mawadda.');
  await page.getByRole('button', { name: 'Continue to the login page' }).click();
  await page.getByLabel('Username or e-mail').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect credentials. Please try again.');
  const login = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  expect(login.status()).toBe(401);
});
