import { expect, test } from '@playwright/test';

test.describe('A visitor finds Mawadda', () => {
  test('opens the home page and sees the login screen', async ({ page }) => {
    const scriptErrors: string[] = [];
    page.on('pageerror', (error) => scriptErrors.push(error.message));

    const response = await page.goto('/');

    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Mawadda/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scriptErrors).toEqual([]);
  });

  test('follows a link straight to /register and still gets the app', async ({ page }) => {
    const response = await page.goto('/register');

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  });

  test('reads the API documentation at /docs', async ({ page }) => {
    const response = await page.goto('/docs');

    expect(response?.status()).toBe(200);
    // Swagger UI renders the OpenAPI title once it has fetched and parsed the document.
    await expect(page.getByRole('heading', { name: /Mawadda API/ })).toBeVisible({
      timeout: 15_000,
    });
  });
});
