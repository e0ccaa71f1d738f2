import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { type Member, memberId, registerMember } from '../support/members.ts';
import { proveSecondFactor, SELFIE_MODERATOR } from '../support/moderator.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';
import { scrollSuggestionsToEnd, scrollToCard } from '../support/suggestions.ts';

// The project's Chromium runs with a fake camera that grants itself
// (`--use-fake-device-for-media-stream`, `--use-fake-ui-for-media-stream`): the selfie is a frame
// of its test pattern, taken through getUserMedia as a member's would be.
test.afterEach(closeMemberBrowsers);

/** A place of this journey's own: the members it registers are each other's suggestions. */
function spot(tag: string) {
  const n = Number(tag) % 1000;
  return {
    location: 'Kayes, Mali',
    latitude: String(-25 + n / 1000),
    longitude: String(150 + n / 1000),
  };
}

const card = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`^${name}\\s*,`) });

async function moderatorPage(page: Page) {
  await page.goto('/');
  await page.getByLabel('Username or e-mail').fill(SELFIE_MODERATOR.username);
  await page.getByLabel('Password', { exact: true }).fill(SELFIE_MODERATOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Moderation' }).click();
  await proveSecondFactor(page, SELFIE_MODERATOR);
}

/** The member asks to be verified from their profile and takes the pose with the camera. */
async function sendSelfie(page: Page) {
  await page.goto('/mon-profil');
  const section = page.getByRole('region', { name: 'Get verified' });
  await expect(section).toContainText('You are not verified yet.');
  await section.getByRole('button', { name: 'Get verified' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your verification selfie' });
  await expect(dialog.getByTestId('verification-pose')).not.toBeEmpty();
  const pose = (await dialog.getByTestId('verification-pose').textContent())?.trim() ?? '';
  // Taken with the camera only: there is no file input to pick a photo with.
  await expect(dialog.locator('input[type=file]')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Take the photo' })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Take the photo' }).click();
  await expect(dialog.getByRole('img', { name: 'The photo you took' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(section).toContainText('Sent: a moderator will look at your selfie.');
  return pose;
}

test('A member takes the pose with the camera, a moderator approves, and another member sees the badge; the verified-only filter keeps verified members only', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = String(Date.now()).slice(-6);
  const place = spot(tag);
  const omar: Member = await registerMember(request, {
    name: `Omar ${tag}`,
    gender: 'homme',
    ...place,
  });
  await registerMember(request, { name: `Karim ${tag}`, gender: 'homme', ...place });
  const amina = await registerMember(request, { name: `Amina ${tag}`, gender: 'femme', ...place });
  const omarId = await memberId(request, omar);

  const his = await loggedInPage(browser, omar);
  const pose = await sendSelfie(his);

  // The moderator compares the selfie, in the pose asked, with his profile photos, and approves.
  const context = await browser.newContext({ locale: 'en-US' });
  const theirs = await context.newPage();
  try {
    await moderatorPage(theirs);
    await theirs.getByRole('tab', { name: 'Verifications' }).click();
    const request_ = theirs.getByRole('article', { name: new RegExp(`^Omar ${tag}`) });
    await expect(request_.getByTestId('pose-asked')).toHaveText(pose);
    await expect(
      request_.getByRole('img', { name: `Verification selfie of Omar ${tag}` }),
    ).toBeVisible();
    await expect(request_.getByRole('img', { name: `Photo 1 of Omar ${tag}` })).toBeVisible();
    // The selfie really loads (a link signed for this moderator).
    await expect
      .poll(() =>
        request_
          .getByRole('img', { name: `Verification selfie of Omar ${tag}` })
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await seriousViolations(theirs)).toEqual([]);
    await request_.getByRole('button', { name: 'Approve' }).click();
    await expect(theirs.getByText(`Omar ${tag} is verified.`)).toBeVisible();
    await expect(request_).toHaveCount(0);
  } finally {
    await context.close();
  }

  // His profile page says so.
  await his.reload();
  await expect(his.getByRole('region', { name: 'Get verified' })).toContainText('You are verified');

  // Amina sees the badge on his card and on his profile.
  const hers = await loggedInPage(browser, amina, { path: '/suggestions' });
  await expect(await scrollToCard(hers, card(hers, `Omar ${tag}`))).toContainText('Verified');
  await expect(await scrollToCard(hers, card(hers, `Karim ${tag}`))).not.toContainText('Verified');
  expect(await seriousViolations(hers)).toEqual([]);
  await hers.goto(`/user-details/${omarId}`);
  await expect(hers.getByRole('heading', { level: 1 })).toContainText('Verified');

  // "Verified members only" in the filters: Karim, not verified, leaves her suggestions.
  await hers.goto('/suggestions');
  await hers.getByRole('button', { name: /^Filters/ }).click();
  const filters = hers.getByRole('dialog');
  await filters.getByRole('checkbox', { name: 'Verified members only' }).check();
  await filters.getByRole('button', { name: 'Show suggestions' }).click();
  await expect(filters).toBeHidden();
  await scrollToCard(hers, card(hers, `Omar ${tag}`));
  await scrollSuggestionsToEnd(hers);
  await expect(card(hers, `Karim ${tag}`)).toHaveCount(0);
});

test('A member cannot open a selfie link, nor the moderators’ queue', async ({ request }) => {
  const tag = String(Date.now()).slice(-6);
  const member = await registerMember(request, { name: `Ali ${tag}`, gender: 'homme' });
  const login = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  const { token } = (await login.json()) as { token: string };
  const queue = await request.get('/api/moderation/verifications', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(queue.status()).toBe(403);
  const unsigned = await request.get(
    '/verification-selfies/selfie/00000000-0000-4000-8000-000000000000.webp',
  );
  expect(unsigned.status()).toBe(403);
});
