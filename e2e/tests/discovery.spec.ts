import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { memberId, portraitPath, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';
import { scrollToCard } from '../support/suggestions.ts';

test.afterEach(closeMemberBrowsers);

test('Two members find each other: a Lovely, the list, a like back, the match live on both screens, a view, a new photo', async ({
  browser,
  request,
}) => {
  // Three browsers and two sign-ups: it ran past 30 s on a busy machine.
  test.setTimeout(60_000);
  // Digits only, so the names read the same in Title Case.
  const tag = String(Date.now()).slice(-6);
  const ibrahima = await registerMember(request, { name: `Ibrahima ${tag}`, gender: 'homme' });
  const awa = await registerMember(request, { name: `Awa ${tag}`, gender: 'femme' });
  const awaId = await memberId(request, awa);
  const ibrahimaId = await memberId(request, ibrahima);

  // Ibrahima sends Awa a Lovely from her profile page.
  const his = await loggedInPage(browser, ibrahima, { path: `/user-details/${awaId}` });
  await his.getByRole('button', { name: 'Send a Lovely' }).click();
  // The focus stays on the button, now "Lovely sent" (a disabled button would drop it).
  await expect(his.getByRole('button', { name: 'Lovely sent' })).toBeFocused();
  // Awa sees a new like on the badge, and in her list that it was a Lovely.
  const hers = await loggedInPage(browser, awa);
  const likes = hers.getByRole('button', { name: /^Likes/ });
  await expect(likes).toHaveAccessibleName(/1 new/);
  await likes.click();
  const likedYou = hers.getByRole('dialog', { name: 'Who liked you' });
  await expect(
    likedYou.getByRole('button', {
      name: new RegExp(`^Ibrahima ${tag}, 29, New, Sent you a Lovely`),
    }),
  ).toBeVisible();
  await hers.keyboard.press('Escape');
  await expect(likes).not.toHaveAccessibleName(/new/);

  // She likes him back from her suggestions: "It's a match" at once for her, live for him.
  await (
    await scrollToCard(hers, hers.getByRole('button', { name: `Like Ibrahima ${tag}` }))
  ).click();
  const herMatch = hers.getByRole('dialog', { name: "It's a match!" });
  await expect(herMatch).toHaveAccessibleDescription(
    `You and Ibrahima ${tag} like each other. Take the first step: say salam.`,
  );
  const hisMatch = his.getByRole('dialog', { name: "It's a match!" });
  await expect(hisMatch).toHaveAccessibleDescription(
    `You and Awa ${tag} like each other. Take the first step: say salam.`,
  );
  expect(await seriousViolations(hers)).toEqual([]);
  await hisMatch.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(hisMatch).toBeHidden();
  await herMatch.getByRole('link', { name: 'Send a message' }).click();
  await expect(hers).toHaveURL(new RegExp(`/chat\\?userId=${ibrahimaId}$`));

  // Her like back was a like, not a Lovely: his profile page says so.
  await hers.goto(`/user-details/${ibrahimaId}`);
  await expect(hers.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');

  // Opening his entry from her list takes her to him and removes it, for good.
  await hers.goto('/suggestions');
  await likes.click();
  await likedYou.getByRole('button', { name: new RegExp(`^Ibrahima ${tag}, 29, Match`) }).click();
  await expect(hers).toHaveURL(new RegExp(`/user-details/${ibrahimaId}$`));
  await hers.reload();
  await likes.click();
  await expect(likedYou.getByText('No one has liked you yet.')).toBeVisible();
  await hers.keyboard.press('Escape');

  // Opening her profile counted as a view: she sees him in her profile views.
  await hers.goto('/profile-views');
  await expect(hers.getByText(`Ibrahima ${tag}`)).toBeVisible();

  // He replaces his photo on his profile page.
  const before = await his.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}'));
  await his.goto('/mon-profil');
  await his.getByRole('button', { name: 'Delete photo 1' }).click();
  await his.locator('input[type="file"]').setInputFiles(portraitPath);
  await his.getByRole('button', { name: 'Save my profile' }).click();
  await expect(his.getByText('Profile updated successfully!')).toBeVisible();
  await expect(his).toHaveURL(/\/suggestions$/, { timeout: 5000 });
  const after = await his.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}'));
  expect(after.mediaUrls).toHaveLength(1);
  expect(after.mediaUrls[0]).not.toBe(before.mediaUrls[0]);
  const photo = await request.get(after.mediaUrls[0]);
  expect(photo.headers()['content-type']).toBe('image/webp');
});

test('A member opening the app cold: the first page of suggestions and the first photo are fetched once each, before the app asks (ADR 054)', async ({
  browser,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const member = await registerMember(request, { name: `Mariama ${tag}`, gender: 'femme' });
  const asked: string[] = [];
  const page = await loggedInPage(browser, member, {
    prepare: async (context) =>
      context.on('request', (r) => asked.push(new URL(r.url()).pathname + new URL(r.url()).search)),
  });
  const firstPhoto = page.getByRole('article').first().locator('img');
  await expect
    .poll(() => firstPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const taken = new URL(await firstPhoto.evaluate((img: HTMLImageElement) => img.currentSrc));
  // The same photo in any size or format: the early one must be the one the card takes.
  const photo = taken.pathname.replace(/-\d+\.(avif|webp)$/, '');
  expect(asked.filter((path) => path.startsWith('/api/users/suggestions?page=0'))).toHaveLength(1);
  expect(asked.filter((path) => path.startsWith(photo))).toEqual([taken.pathname + taken.search]);
});

test('A member opening the app cold: the badges, the live connection and the rest wait until the first photo is shown, then follow (ADR 055)', async ({
  browser,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  // Someone with a photo to suggest, whichever journeys ran before.
  await registerMember(request, { name: `Oumar ${tag}`, gender: 'homme' });
  const member = await registerMember(request, { name: `Kadiatou ${tag}`, gender: 'femme' });
  // In the order the browser reported them: what was asked for, what arrived, the socket.
  const events: string[] = [];
  const page = await loggedInPage(browser, member, {
    prepare: async (context) => {
      // Photos on a slow line: what does not wait for the first one would go before it arrives.
      await context.route('**/media/photos/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await route.continue();
      });
      context.on('request', (r) => events.push(`asked ${new URL(r.url()).pathname}`));
      context.on('requestfinished', (r) => events.push(`arrived ${new URL(r.url()).pathname}`));
      context.on('page', (opened) => opened.on('websocket', () => events.push('socket')));
    },
  });
  const firstPhoto = page.getByRole('article').first().locator('img');
  await expect
    .poll(() => firstPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const photo = new URL(await firstPhoto.evaluate((img: HTMLImageElement) => img.currentSrc));
  const later = ['asked /api/users/notifications', 'asked /api/users/me', 'socket'];
  await expect.poll(() => later.filter((event) => events.includes(event))).toEqual(later);
  const shown = events.indexOf(`arrived ${photo.pathname}`);
  expect(shown).toBeGreaterThanOrEqual(0);
  for (const event of later) expect(events.indexOf(event), event).toBeGreaterThan(shown);
});

test('On a wide screen, the suggestions fill the screen without moving what the member is reading', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  // More than two rows of four to suggest, whichever journeys ran before.
  for (let n = 0; n < 9; n++) {
    await registerMember(request, { name: `Moussa ${tag}${n}`, gender: 'homme' });
  }
  const member = await registerMember(request, { name: `Fatou ${tag}`, gender: 'femme' });
  const page = await loggedInPage(browser, member, {
    prepare: (context) =>
      // Everything the page moved on its own (not after a tap) while it loaded and filled.
      context.addInitScript(() => {
        const shifted = { total: 0 };
        Object.assign(window, { shifted });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            shifted.total += (entry as PerformanceEntry & { value: number }).value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      }),
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Loaded again at that size, the way a member on a laptop opens the app; once the live
  // connection is up, the first screen has been shown and what follows it drawn.
  const connected = page.waitForEvent('websocket');
  await page.reload();
  await connected;
  await expect.poll(() => page.getByRole('article').count()).toBeGreaterThanOrEqual(8);
  await page.waitForLoadState('networkidle');
  const shifted = await page.evaluate(
    () => (window as unknown as { shifted: { total: number } }).shifted.total,
  );
  // A shift the eye notices scores 0.1 (the row added under the first one scored 0.033).
  expect(shifted).toBeLessThan(0.01);
});

test('A member logging in on a phone: the suggestions draw the first rows only, and fetch only their photos', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  // More to suggest than a phone's screen shows, whichever journeys ran before.
  for (let n = 0; n < 12; n++) {
    await registerMember(request, { name: `Ibrahima ${tag}${n}`, gender: 'homme' });
  }
  const member = await registerMember(request, { name: `Awa ${tag}`, gender: 'femme' });
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const photos = new Set<string>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/media/photos/')) photos.add(url.pathname);
  });
  await page.goto('/');
  // The form scrolls to reach the button on a phone: the suggestions open on a page that was
  // scrolled, which the browser puts back at the top.
  await page.getByLabel('Username or e-mail').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  // Once the live connection is up, the first screen has been shown and what follows it drawn.
  const connected = page.waitForEvent('websocket');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/suggestions$/);
  await connected;
  await page.waitForLoadState('networkidle');
  // The rows the first screen shows (one or two of two cards, with the travel mode button above
  // them), not the thirteen the page holds.
  const cards = page.getByRole('article');
  expect([2, 4]).toContain(await cards.count());
  // What the screen shows: the cards' photos, and her own in the top bar (an image that has not
  // chosen its source yet, on a busy machine, has fetched nothing).
  const shown = await page.locator('article img, header img').evaluateAll((images) =>
    images
      .map((img) => (img as HTMLImageElement).currentSrc)
      .filter((source) => source !== '')
      .map((source) => new URL(source).pathname),
  );
  expect([...photos].filter((path) => !shown.includes(path))).toEqual([]);
  await context.close();
});
