import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { memberId, portraitPath, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/** The narrowest phone still sold (iPhone SE 1st generation, small Android phones). */
const WIDTH = 320;

/** Nothing sticks out sideways: the page cannot be scrolled horizontally. */
async function expectNoOverflow(page: Page, screen: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} is ${width} px wide`).toBeLessThanOrEqual(WIDTH);
}

/**
 * A dialog is fixed: it never widens the page, so its own box and content are measured (inside
 * the screen, and no sideways scrolling of its own).
 */
async function expectDialogFits(dialog: Locator, screen: string) {
  const box = await dialog.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    let widest = 0;
    for (const child of element.querySelectorAll('*')) {
      const r = child.getBoundingClientRect();
      if (r.width > 0) widest = Math.max(widest, r.right);
    }
    return { left: rect.left, right: rect.right, widest };
  });
  expect(box.left, `${screen}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${screen}: right edge`).toBeLessThanOrEqual(WIDTH);
  expect(box.widest, `${screen}: widest content`).toBeLessThanOrEqual(WIDTH);
}

/** The member logs in through the API, as the login screen would, and answers the token. */
async function tokenOf(request: APIRequestContext, member: { username: string; password: string }) {
  const login = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  return ((await login.json()) as { token: string }).token;
}

test.use({ viewport: { width: WIDTH, height: 640 } });

test('At 320 px wide, no member screen scrolls sideways', async ({ browser, request }) => {
  const tag = String(Date.now()).slice(-6);
  // Long names, as some members have: the rows must truncate them, not widen the screen.
  const moussa = await registerMember(request, {
    name: `Mouhamadou Moustapha ${tag}`,
    gender: 'homme',
  });
  const aminata = await registerMember(request, {
    name: `Aminata Ndeye Fatou ${tag}`,
    gender: 'femme',
    location: 'Saint-Louis, Sénégal',
  });
  const moussaId = await memberId(request, moussa);
  const aminataId = await memberId(request, aminata);

  // Aminata likes Moussa and opens his profile: he has a like and a view to list.
  const headers = { authorization: `Bearer ${await tokenOf(request, aminata)}` };
  expect((await request.post('/like', { headers, data: { likedUserId: moussaId } })).ok()).toBe(
    true,
  );
  expect((await request.get(`/api/users/${moussaId}/details`, { headers })).ok()).toBe(true);

  const page = await loggedInPage(browser, moussa);
  await page.setViewportSize({ width: WIDTH, height: 640 });

  // The suggestions, with the bottom tab bar and its badges.
  const card = page.getByRole('heading', { level: 2, name: /Aminata Ndeye Fatou/ });
  await expect(card).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectNoOverflow(page, '/suggestions');

  // The profile dialog of a suggestion.
  await card.getByRole('button').click();
  const profile = page.getByRole('dialog', { name: /Aminata Ndeye Fatou/ });
  await expect(profile.getByRole('button', { name: 'Like' })).toBeVisible();
  await expectNoOverflow(page, 'the profile dialog');
  await expectDialogFits(profile, 'the profile dialog');
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();

  // The liked-you dialog, with its "like back" button beside the entry.
  await page.getByRole('button', { name: /^Likes/ }).click();
  const likedYou = page.getByRole('dialog', { name: 'Who liked you' });
  await expect(likedYou.getByRole('button', { name: /^Like back / })).toBeVisible();
  await expectNoOverflow(page, 'the liked-you dialog');
  await expectDialogFits(likedYou, 'the liked-you dialog');
  await page.keyboard.press('Escape');

  // The profile views, then the member's page.
  await page.goto('/profile-views');
  await expect(page.getByRole('button', { name: /^Aminata Ndeye Fatou/ })).toBeVisible();
  await expectNoOverflow(page, '/profile-views');

  await page.goto(`/user-details/${aminataId}`);
  await expect(page.getByRole('heading', { level: 1, name: /Aminata Ndeye Fatou/ })).toBeVisible();
  await expectNoOverflow(page, '/user-details');

  // The profile menu of the navigation bar.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expectNoOverflow(page, 'the profile menu');
  await expectDialogFits(menu, 'the profile menu');
  await page.keyboard.press('Escape');

  // The legal pages, inside the member area.
  for (const path of ['/terms', '/privacy']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoOverflow(page, path);
  }

  // French is longer: the tab bar's labels, "Aimer en retour", the page titles.
  await page.goto('/fr/suggestions');
  await expect(page.getByRole('heading', { level: 2, name: /Aminata Ndeye Fatou/ })).toBeVisible();
  await expectNoOverflow(page, '/fr/suggestions');
  await page.getByRole('button', { name: /^Qui m'aime/ }).click();
  const quiVousAAime = page.getByRole('dialog', { name: 'Qui vous a aimé' });
  await expect(quiVousAAime.getByRole('button', { name: /^Aimer en retour / })).toBeVisible();
  await expectDialogFits(quiVousAAime, 'the liked-you dialog in French');
  await page.keyboard.press('Escape');
  for (const path of ['/fr/profile-views', `/fr/user-details/${aminataId}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoOverflow(page, path);
  }
  await page.context().close();
});

test('At 320 px wide, a visitor reads the legal pages without sideways scrolling', async ({
  page,
}) => {
  for (const path of ['/terms', '/privacy', '/fr/terms', '/fr/privacy']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoOverflow(page, path);
  }
});

test('At 320 px wide, the registration wizard does not scroll sideways at any step', async ({
  page,
}) => {
  await page.goto('/register');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeVisible();
  await expectNoOverflow(page, '/register step 1');

  await page.getByLabel('Full name').fill('Aminata Ndeye Fatou Diallo');
  await page.getByLabel('Age', { exact: true }).fill('26');
  await page.getByLabel('Woman').check();
  await next.click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expectNoOverflow(page, '/register step 2');

  await page.getByLabel('Single').check();
  await next.click();
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await page.getByLabel('Location').fill('Dakar');
  await expect(page.getByText(/Found on the map: Dakar/)).toBeVisible();
  await expectNoOverflow(page, '/register step 3');

  await page.getByLabel('About me').fill('Pieuse, patiente et gaie, je cherche un mari sérieux.');
  await next.click();
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(portraitPath);
  await expectNoOverflow(page, '/register step 4');
});
