import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { registerMember } from '../support/members.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const locale of ['en-US', 'fr-FR']) {
  test.describe(`Screens in ${locale}`, () => {
    test.use({ locale });
    for (const path of [
      '/',
      '/register',
      '/forget',
      '/reset-password/some-token',
      '/terms',
      '/privacy',
      '/nowhere',
    ]) {
      test(`${path} has no serious or critical axe violation`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test('the member area has no serious or critical axe violation', async ({ page, request }) => {
  const member = await registerMember(request);
  await page.goto('/');
  await page.getByLabel('Username or e-mail').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/suggestions$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
