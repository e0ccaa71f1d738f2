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

  test('sees a page drawn by React 19 itself (react-dom), not by a stand-in runtime', async ({
    page,
  }) => {
    // What a renderer tells React's developer tools when it starts: its package and version.
    await page.addInitScript(() => {
      const renderers: Array<{ rendererPackageName?: string; version?: string }> = [];
      Object.assign(window, {
        renderers,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          renderers: new Map(),
          supportsFiber: true,
          inject(renderer: { rendererPackageName?: string; version?: string }) {
            renderers.push(renderer);
            return renderers.length;
          },
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          checkDCE() {},
        },
      });
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    const renderers = await page.evaluate(() =>
      (
        window as unknown as {
          renderers: Array<{ rendererPackageName?: string; version?: string }>;
        }
      ).renderers.map(({ rendererPackageName, version }) => ({ rendererPackageName, version })),
    );
    expect(renderers).toEqual([
      { rendererPackageName: 'react-dom', version: expect.stringMatching(/^19\./) },
    ]);
    // The page's root holds React's own container, and a drawn element its fiber.
    const marks = await page.evaluate(() => ({
      root: Object.keys(document.getElementById('root') ?? {}).some((key) =>
        key.startsWith('__reactContainer$'),
      ),
      button: Object.keys(document.querySelector('button') ?? {}).some((key) =>
        key.startsWith('__reactFiber$'),
      ),
    }));
    expect(marks).toEqual({ root: true, button: true });
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
