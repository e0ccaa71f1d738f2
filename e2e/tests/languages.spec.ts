import { expect, test } from '@playwright/test';

for (const [browserLocale, lang, heading] of [
  ['fr-FR', 'fr', 'Connexion'],
  ['en-GB', 'en', 'Log in'],
  ['de-DE', 'en', 'Log in'],
] as const) {
  test.describe(`A browser set to ${browserLocale}`, () => {
    test.use({ locale: browserLocale });
    test(`sees the app in ${lang === 'fr' ? 'French' : 'English'}`, async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    });
  });
}

test.describe('The language in the path', () => {
  test.use({ locale: 'en-US' });
  test('/fr/register is French whatever the browser says, and the switch goes back to English', async ({
    page,
  }) => {
    await page.goto('/fr/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: 'Suivant' })).toBeVisible();
    await page.getByRole('link', { name: 'Retour à la connexion' }).click();
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await page.getByRole('button', { name: /English/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });
});
