import { expect, test } from '@playwright/test';
import { resetLinkFor } from '../support/mailbox.ts';
import { registerMember } from '../support/members.ts';

test('A member who forgot the password gets a mail, resets it and logs in with the new one', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forget$/);
  await page.getByLabel('E-mail address').fill(member.username);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('Reset link has been sent to your email.')).toBeVisible();

  const link = await resetLinkFor(member.username);
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password', { exact: true }).fill('my brand new password');
  await page.getByLabel('Confirm the new password').fill('not the same password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('❌ Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm the new password').fill('my brand new password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('✅ Password reset successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });

  await page.getByLabel('Username or e-mail').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect credentials');
  await page.getByLabel('Password', { exact: true }).fill('my brand new password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/suggestions$/);

  // The link worked once: opened again, it says so at once, with the way to a new one.
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('alert')).toHaveText(
    'This link has expired or was already used. Ask for a new one.Ask for a new link',
  );
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.goto(`/fr${new URL(link).pathname}`);
  await expect(page.getByRole('alert')).toContainText(
    'Ce lien a expiré ou a déjà servi. Demandez-en un nouveau.',
  );
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
  await expect(page).toHaveURL(/\/fr\/forget$/);
});
