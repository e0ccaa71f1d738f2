import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { sessionsLinkFor } from '../support/mailbox.ts';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

test('a member signed in on two browsers is mailed about the new one, sees both and signs it out', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await registerMember(request, { name: `Aminata ${String(Date.now()).slice(-6)}` });
  // Her first browser: her first session ever, which sends no mail.
  const first = await loggedInPage(browser, member);

  // A second browser, placed in Senegal by the proxy, signs in through the form (the journeys'
  // browsers are Desktop Chrome's: Windows, by their User-Agent).
  const other = await browser.newContext({
    locale: 'en-US',
    extraHTTPHeaders: { 'x-e2e-country': 'SN' },
  });
  const second = await other.newPage();
  await second.goto('/');
  await second.getByLabel('Username or e-mail').fill(member.username);
  await second.getByLabel('Password', { exact: true }).fill(member.password);
  await second.getByRole('button', { name: 'Log in' }).click();
  await expect(second).toHaveURL(/\/suggestions$/);

  // The new browser gets her a mail, in French (no other language recorded yet), whose link
  // leads to her signed-in devices.
  const link = await sessionsLinkFor(member.username);
  expect(new URL(link).pathname).toBe('/fr/sessions');
  await first.goto(new URL(link).pathname);
  const devices = first.getByRole('region', { name: 'Appareils connectés' });
  const list = devices.getByRole('list', { name: 'Vos appareils connectés' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('Chrome sur Windows · Sénégal');
  await expect(list.getByRole('listitem').filter({ hasText: 'Cet appareil' })).toHaveCount(1);
  expect(await seriousViolations(first)).toEqual([]);

  // By keyboard: the other device's button, then the confirmation.
  const signOut = devices.getByRole('button', { name: 'Déconnecter Chrome sur Windows (Sénégal)' });
  await signOut.focus();
  await first.keyboard.press('Enter');
  const dialog = first.getByRole('dialog', { name: 'Déconnecter cet appareil ?' });
  await expect(dialog).toContainText('Chrome sur Windows (Sénégal) devra se reconnecter');
  expect(await seriousViolations(first)).toEqual([]);
  await dialog.getByRole('button', { name: 'Déconnecter' }).click();
  await expect(devices).toContainText('Chrome sur Windows (Sénégal) a été déconnecté.');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(devices).toContainText('Seul cet appareil est connecté.');

  // The other browser is sent to login at its next request.
  await second.goto('/mon-profil');
  await expect(second).toHaveURL(/\/$/);
  await expect(second.getByLabel('Username or e-mail')).toBeVisible();
  await other.close();
});

test('a member changes her password in the account settings: her other browser is signed out', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await registerMember(request, { name: `Fatou ${String(Date.now()).slice(-6)}` });
  const here = await loggedInPage(browser, member);
  const elsewhere = await loggedInPage(browser, member);

  await here.goto('/mon-profil');
  const section = here.getByRole('region', { name: 'Password' });
  await section.getByLabel('Current password').fill('not my password');
  await section.getByLabel('New password', { exact: true }).fill('a brand new password');
  await section.getByLabel('Confirm the new password').fill('a brand new password');
  await section.getByRole('button', { name: 'Change my password' }).click();
  await expect(section.getByRole('alert')).toContainText('This is not your current password.');

  await section.getByLabel('Current password').fill(member.password);
  await section.getByRole('button', { name: 'Change my password' }).click();
  await expect(section).toContainText(
    'Your password was changed, and 1 other device was signed out.',
  );
  await expect(
    here.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem'),
  ).toHaveCount(1);

  await elsewhere.goto('/mon-profil');
  await expect(elsewhere).toHaveURL(/\/$/);
  // The new password opens the account; the old one no more.
  const old = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  expect(old.status()).toBe(401);
  const renewed = await request.post('/api/auth/login', {
    data: { username: member.username, password: 'a brand new password' },
  });
  expect(renewed.status()).toBe(200);
});
