import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newEmail, portraitPath, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

/** An 8 × 4 PNG: wider than the portrait, so the two photos are told apart by their shape. */
const widePng =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAEUlEQVR4nGNQaEjAihioJwEAOL4gAR+bGZkAAAAASUVORK5CYII=';

test.describe('A visitor joins Mawadda', () => {
  test('registers through the five steps, corrected at each one, then logs in', async ({
    page,
  }) => {
    const email = newEmail('wizard');
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The count is the wizard's own: five steps, the fourth optional.
    await expect(page.getByText('5 short steps to create your profile.')).toBeVisible();
    await expect(page.getByText('Step 1 of 5')).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });

    // Step 1: under 18 is refused and Next stays disabled.
    await page.getByLabel('Full name').fill('Mariam Koné');
    await page.getByLabel('Age', { exact: true }).fill('17');
    await page.getByLabel('Woman').check();
    await page.getByLabel('Age', { exact: true }).blur();
    await expect(page.getByText('Minimum age is 18 years old')).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByLabel('Age', { exact: true }).fill('26');
    await expect(next).toBeEnabled();
    await next.click();

    // Step 2: the marital status is required.
    await expect(page.getByText('Step 2 of 5')).toBeVisible();
    await next.click();
    await expect(page.getByText('Step 2 of 5')).toBeVisible();
    await expect(
      page.getByRole('alert').or(page.locator('[aria-invalid="true"] ~ *')).first(),
    ).toBeVisible();
    await page.getByLabel('Single').check();
    await next.click();

    // Step 3: no device position here, so the typed town is looked up; a place the lookup does
    // not know is refused at the field; the bio is required.
    await expect(page.getByText('Step 3 of 5')).toBeVisible();
    const location = page.getByLabel('Location', { exact: true });
    await location.fill('Qqqzzville');
    await expect(page.getByText(/could not find this place on the map/)).toBeVisible();
    await next.click();
    await expect(location).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/Please type a nearby town/)).toBeVisible();
    await location.fill('Dakar');
    await expect(page.getByText('Found on the map: Dakar, Senegal')).toBeVisible();
    await next.click();
    await expect(page.getByText('Step 3 of 5')).toBeVisible();
    await expect(page.getByLabel('About me')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('About me').fill('Pieuse, patiente et gaie, je cherche un mari sérieux.');
    await next.click();

    // Step 4, optional: faith and family, skippable as plainly as answered; she answers two.
    await expect(page.getByText('Step 4 of 5')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skip for now' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Madhhab' }).selectOption({ label: 'Maliki' });
    await page.getByRole('checkbox', { name: 'Wolof' }).check();
    await next.click();

    // Step 5: a bad e-mail, then no photo, then no terms are each refused.
    await expect(page.getByText('Step 5 of 5')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Create my account' });
    await page.getByLabel('E-mail address (your username)').fill('mariam@example');
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await submit.click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('E-mail address (your username)').fill(email);
    await page.getByLabel(/I accept the/).check();
    await submit.click();
    await expect(page.getByText(/at least one photo/i).first()).toBeVisible();
    // A text file named .jpg is refused at the field when chosen, not shown as a broken photo.
    await page
      .locator('input[type="file"]')
      .setInputFiles(path.join(import.meta.dirname, '../fixtures/not-a-photo.jpg'));
    await expect(page.getByText('“not-a-photo.jpg” is not an image.')).toBeVisible();
    await expect(page.getByRole('img', { name: /main photo/ })).toHaveCount(0);
    await expect(page.getByText('0 of 6 photos')).toBeVisible();
    // Two photos; the second (a wide one) is made the main photo, by keyboard.
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(portraitPath) },
      { name: 'wide.png', mimeType: 'image/png', buffer: Buffer.from(widePng, 'base64') },
    ]);
    await expect(page.getByRole('img', { name: 'Photo 1, main photo' })).toBeVisible();
    await page.getByRole('button', { name: 'Make photo 2 the main photo' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('wide.png').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move photo 1 right' })).toBeFocused();
    await page.getByLabel(/I accept the/).uncheck();
    await submit.click();
    await expect(page.getByText(/accept the terms/i).last()).toBeVisible();
    await page.getByLabel(/I accept the/).check();
    // The consent to data revealing religion is its own box, unticked, and required.
    const consent = page.getByLabel(/I explicitly consent/);
    await expect(consent).not.toBeChecked();
    await submit.click();
    await expect(
      page.getByText(/consent to the processing of data that reveals your religion/),
    ).toBeVisible();
    await consent.check();
    await submit.click();

    // docs/spec.md §4: a successful registration goes to / (login), the address already typed;
    // signing in, a complete profile (bio, gender, a photo) goes to the suggestions.
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByText(
        'Thank you for registering. Sign in with your e-mail address and password to continue.',
        { exact: false },
      ),
    ).toBeVisible();
    await expect(page.getByLabel('Username or e-mail')).toHaveValue(email);
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/suggestions$/);
    // Remember-me left unticked: the session is the tab's.
    const stored = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('currentUser') ?? '{}'),
    );
    expect(stored.name).toBe('Mariam Koné');
    // Typed "Dakar", saved as the lookup found it.
    expect(stored.location).toBe('Dakar, Senegal');
    // The main photo, first, is the wide one.
    const me = await page.evaluate(async () => {
      const me = await fetch('/api/users/me', {
        headers: {
          authorization: `Bearer ${localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken')}`,
        },
      });
      return (await me.json()) as {
        photos: { width: number; height: number }[];
        madhhab: string | null;
        languages: string[];
      };
    });
    expect(me.photos.map((p) => p.width > p.height)).toEqual([true, false]);
    // The optional step's answers were stored with the account.
    expect({ madhhab: me.madhhab, languages: me.languages }).toEqual({
      madhhab: 'maliki',
      languages: ['wo'],
    });
  });

  test('the town found from the device is read-only until she asks to type another, in French', async ({
    browser,
  }) => {
    // In Dakar, her browser allowed to tell where she is.
    const context = await browser.newContext({
      geolocation: { latitude: 14.6937, longitude: -17.4441 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto('/fr/register');
    await expect(page.getByText('5 courtes étapes pour créer votre profil.')).toBeVisible();
    await expect(page.getByText('Étape 1 sur 5')).toBeVisible();
    await page.getByLabel('Nom complet').fill('Mariam Koné');
    await page.getByLabel('Âge', { exact: true }).fill('26');
    await page.getByLabel('Femme').check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel('Célibataire').check();
    await page.getByRole('button', { name: 'Suivant' }).click();

    const location = page.getByLabel('Localisation', { exact: true });
    await expect(location).toHaveValue('Dakar, Sénégal');
    await expect(
      page.getByText('Trouvé à partir de la position de votre appareil : Dakar, Sénégal.'),
    ).toBeVisible();
    await expect(location).not.toBeEditable();
    await location.press('Backspace');
    await expect(location).toHaveValue('Dakar, Sénégal');
    await page.getByRole('button', { name: 'Saisir une autre ville' }).click();
    await expect(location).toHaveValue('');
    await expect(location).toBeEditable();
    await expect(location).toBeFocused();
    await page.keyboard.type('Thiès');
    await expect(page.getByText('Trouvé sur la carte : Thiès, Sénégal')).toBeVisible();
    await context.close();
  });
});

test.describe('A member edits her profile', () => {
  test.afterEach(closeMemberBrowsers);

  test('the town taken from her device is read-only until she asks to type another', async ({
    browser,
    request,
  }) => {
    const member = await registerMember(request, { name: 'Awa Sarr', gender: 'femme' });
    // Registered in Dakar; now in Thiès, her browser allowed to tell where she is.
    const page = await loggedInPage(browser, member, {
      prepare: async (context) => {
        await context.grantPermissions(['geolocation']);
        await context.setGeolocation({ latitude: 14.791, longitude: -16.926 });
      },
    });
    await page.goto('/mon-profil');
    const location = page.getByLabel('City and country');
    // Her saved town, editable.
    await expect(location).toHaveValue(/^Dakar/);
    await expect(location).toBeEditable();
    await page.getByRole('button', { name: 'Use my position' }).click();
    await expect(location).toHaveValue('Thiès, Senegal');
    await expect(
      page.getByText("Found from your device's position: Thiès, Senegal."),
    ).toBeVisible();
    await expect(location).not.toBeEditable();
    await page.getByRole('button', { name: 'Type another town' }).click();
    await expect(location).toHaveValue('');
    await expect(location).toBeEditable();
    await expect(location).toBeFocused();
  });
});
