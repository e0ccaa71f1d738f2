import { expect, test } from '@playwright/test';
import { newEmail, portraitPath } from '../support/members.ts';

test.describe('A visitor joins Mawadda', () => {
  test('registers through the four steps, corrected at each one, then logs in', async ({
    page,
  }) => {
    const email = newEmail('wizard');
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });

    // Step 1: under 18 is refused and Next stays disabled.
    await page.getByLabel('Full name').fill('Mariam Koné');
    await page.getByLabel('Age').fill('17');
    await page.getByLabel('Woman').check();
    await page.getByLabel('Age').blur();
    await expect(page.getByText('Minimum age is 18 years old')).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByLabel('Age').fill('26');
    await expect(next).toBeEnabled();
    await next.click();

    // Step 2: the marital status is required.
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await next.click();
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await expect(
      page.getByRole('alert').or(page.locator('[aria-invalid="true"] ~ *')).first(),
    ).toBeVisible();
    await page.getByLabel('Single').check();
    await next.click();

    // Step 3: no device position here, so the typed town is looked up; the bio is required.
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await page.getByLabel('Location').fill('Dakar');
    await expect(page.getByText(/Found on the map: Dakar/)).toBeVisible();
    await next.click();
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await expect(page.getByLabel('About me')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('About me').fill('Pieuse, patiente et gaie, je cherche un mari sérieux.');
    await next.click();

    // Step 4: a bad e-mail, then no photo, then no terms are each refused.
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Create my account' });
    await page.getByLabel('E-mail address (your username)').fill('mariam@example');
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await submit.click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('E-mail address (your username)').fill(email);
    await page.getByLabel(/I accept the/).check();
    await submit.click();
    await expect(page.getByText(/at least one photo/i).first()).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles(portraitPath);
    await expect(
      page
        .getByRole('img', { name: /Photo 1/ })
        .or(page.getByAltText(/portrait/))
        .first(),
    ).toBeVisible();
    await page.getByLabel(/I accept the/).uncheck();
    await submit.click();
    await expect(page.getByText(/accept the terms/i).last()).toBeVisible();
    await page.getByLabel(/I accept the/).check();
    await submit.click();

    // Back to login, account created.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your account has been created. Please log in.')).toBeVisible();
    await page.getByLabel('Username or e-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Log in' }).click();
    // A complete profile (bio, gender, a photo) goes to the suggestions (spec section 4).
    await expect(page).toHaveURL(/\/suggestions$/);
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('currentUser') ?? '{}'),
    );
    expect(stored.name).toBe('Mariam Koné');
    expect(stored.mediaUrls).toHaveLength(1);
  });
});
