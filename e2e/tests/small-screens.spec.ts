import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { openReadyForCalls } from '../support/calls.ts';
import { like, match } from '../support/match.ts';
import { memberId, portraitPath, registerMember } from '../support/members.ts';
import { subscribe } from '../support/payments.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';
import { privateSpot, scrollToCard } from '../support/suggestions.ts';

test.afterEach(closeMemberBrowsers);

/** The narrowest phone still sold (iPhone SE 1st generation, small Android phones). */
const WIDTH = 320;

/** Nothing sticks out sideways: the page cannot be scrolled horizontally. */
async function expectNoOverflow(page: Page, screen: string, viewport = WIDTH) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} is ${width} px wide`).toBeLessThanOrEqual(viewport);
}

/**
 * The bottom tab bar: each label on one line (as tall as a one-line label), inside the screen,
 * none running into the next, and the bar itself not wider than the screen.
 */
async function expectTabLabelsOnOneLine(page: Page, viewport: number) {
  const nav = page.getByRole('navigation', { name: 'Principale' });
  const { labels, lineHeight, barWidth } = await nav.evaluate((element) => {
    const spans = [...element.querySelectorAll('li')].flatMap((li) =>
      [...li.querySelectorAll('span')].filter((s) => s.className.includes('leading-tight')),
    );
    return {
      labels: spans.map((span) => {
        const r = span.getBoundingClientRect();
        return { text: span.textContent, left: r.left, right: r.right, height: r.height };
      }),
      lineHeight: spans[0] ? Number.parseFloat(getComputedStyle(spans[0]).lineHeight) : 0,
      barWidth: element.querySelector('ul')?.scrollWidth ?? Number.POSITIVE_INFINITY,
    };
  });
  expect(labels.map((l) => l.text)).toEqual(['Suggestions', "Qui m'aime", 'Messages', 'Visites']);
  expect(barWidth, `the tab bar at ${viewport} px`).toBeLessThanOrEqual(viewport);
  for (const [i, label] of labels.entries()) {
    expect(label.height, `"${label.text}" at ${viewport} px`).toBeLessThan(lineHeight * 1.5);
    expect(label.left, `"${label.text}" at ${viewport} px`).toBeGreaterThanOrEqual(0);
    expect(label.right, `"${label.text}" at ${viewport} px`).toBeLessThanOrEqual(viewport);
    const next = labels[i + 1];
    if (next)
      expect(label.right, `"${label.text}" runs into "${next.text}"`).toBeLessThan(next.left);
  }
}

/**
 * A long name is cut with an ellipsis and the age after it is shown whole: the name's box is
 * narrower than its text, the age's box lies inside the entry and the screen.
 */
async function expectAgeShown(entry: Locator, age: number, viewport: number, screen: string) {
  const shown = await entry.evaluate((element, ageText) => {
    const spans = [...element.querySelectorAll('span')];
    const ageSpan = spans.find((s) => s.textContent === ageText);
    const nameSpan = ageSpan?.previousElementSibling;
    const box = element.getBoundingClientRect();
    const ageBox = ageSpan?.getBoundingClientRect() ?? new DOMRect();
    return {
      nameCut: Boolean(nameSpan && nameSpan.scrollWidth > nameSpan.clientWidth),
      ageWidth: ageBox.width,
      ageRight: ageBox.right,
      entryRight: box.right,
    };
  }, `, ${age}`);
  expect(shown.nameCut, `${screen}: the long name is cut`).toBe(true);
  expect(shown.ageWidth, `${screen}: the age`).toBeGreaterThan(10);
  expect(shown.ageRight, `${screen}: the age inside the entry`).toBeLessThanOrEqual(
    shown.entryRight,
  );
  expect(shown.ageRight, `${screen}: the age inside the screen`).toBeLessThanOrEqual(viewport);
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

test('At 320 px wide, no member screen scrolls sideways; at 320 and 360 px French tabs and ages hold', async ({
  browser,
  request,
}) => {
  // Two sign-ups and every member screen at two widths: 30 s was its edge beside another worker.
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  // Long names, as some members have: the rows must truncate them, not widen the screen.
  const moussa = await registerMember(request, {
    name: `Mouhamadou Moustapha ${tag}`,
    gender: 'homme',
  });
  const aminata = await registerMember(request, {
    name: `Aminata Ndeye Fatou Mariama Khadidiatou ${tag}`,
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
  await scrollToCard(page, card);
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

  // French is longer: the tab bar's labels, "Aimer en retour", the page titles. At 320 and 360 px
  // each tab label holds on one line, and the long name gives way to the age (29) on the
  // suggestion card, in the liked-you list and in the profile views.
  for (const width of [WIDTH, 360]) {
    await page.setViewportSize({ width, height: 640 });
    await page.goto('/fr/suggestions');
    const frenchCard = page.getByRole('heading', { level: 2, name: /Aminata Ndeye Fatou/ });
    await scrollToCard(page, frenchCard);
    await expectNoOverflow(page, `/fr/suggestions at ${width} px`, width);
    await expectTabLabelsOnOneLine(page, width);
    await expectAgeShown(frenchCard, 29, width, `the suggestion card at ${width} px`);
    await page.getByRole('button', { name: /^Qui m'aime/ }).click();
    const quiVousAAime = page.getByRole('dialog', { name: 'Qui vous a aimé' });
    await expect(quiVousAAime.getByRole('button', { name: /^Aimer en retour / })).toBeVisible();
    await expectAgeShown(
      quiVousAAime.getByRole('button', { name: /^Aminata Ndeye Fatou/ }),
      29,
      width,
      `the liked-you list at ${width} px`,
    );
    if (width === WIDTH) await expectDialogFits(quiVousAAime, 'the liked-you dialog in French');
    await page.keyboard.press('Escape');
    await page.goto('/fr/profile-views');
    const viewer = page.getByRole('button', { name: /^Aminata Ndeye Fatou/ });
    await expect(viewer).toBeVisible();
    await expectAgeShown(viewer, 29, width, `the profile views at ${width} px`);
  }
  await page.setViewportSize({ width: WIDTH, height: 640 });
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
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await expectNoOverflow(page, '/register step 2');

  await page.getByLabel('Single').check();
  await next.click();
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await page.getByLabel('Location').fill('Dakar');
  await expect(page.getByText(/Found on the map: Dakar/)).toBeVisible();
  await expectNoOverflow(page, '/register step 3');

  await page.getByLabel('About me').fill('Pieuse, patiente et gaie, je cherche un mari sérieux.');
  await next.click();
  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Madhhab' })).toBeVisible();
  await expectNoOverflow(page, '/register step 4');

  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(portraitPath);
  await expectNoOverflow(page, '/register step 5');
});

/** The page cannot be scrolled sideways, as the member's browser measures it. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${screen} at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}

/** Whether two boxes share any area (a pixel's rounding left out). */
function overlap(a: { left: number; right: number; top: number; bottom: number }, b: typeof a) {
  return (
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
  );
}

/**
 * A cut name ends in its ellipsis right at the age: how far the name's box reaches past the
 * letters it shows and their ellipsis (what read as a space before the comma).
 */
async function blankAfterEllipsis(name: Locator) {
  return name.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    // Chromium gives the laid-out text and, for a cut one, the part shown.
    const shownEnd = Math.min(...[...range.getClientRects()].map((r) => r.right));
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    context.font = getComputedStyle(element).font;
    const cut = element.scrollWidth > element.clientWidth;
    return {
      cut,
      blank: element.getBoundingClientRect().right - shownEnd - context.measureText('…').width,
    };
  });
}

test('At 360 and 320 px, the main screens do not scroll sideways, and no button or toast covers what the member reads or types', async ({
  browser,
  request,
}) => {
  // Four sign-ups, a call declined and five screens at three widths.
  test.setTimeout(150_000);
  const tag = String(Date.now()).slice(-6);
  const spot = privateSpot(tag, 5);
  const moussa = await registerMember(request, {
    name: `moussa diop ${tag}`,
    gender: 'homme',
    ...spot,
  });
  const aissatou = await registerMember(request, {
    name: `Aïssatou Ndiaye ${tag}`,
    gender: 'femme',
    ...spot,
  });
  const fatou = await registerMember(request, {
    name: `Fatou Sow ${tag}`,
    gender: 'femme',
    ...spot,
  });
  // A long name, cut on her card; a long bio, to scroll her profile.
  await registerMember(request, {
    name: `Mariama Khadidiatou Bèye ${tag}`,
    gender: 'femme',
    bio: 'Sérieuse et souriante, je cherche un mari pieux. '.repeat(12).trim(),
    ...spot,
  });
  await like(request, aissatou, moussa);
  const { aId: moussaId, bId: fatouId } = await match(request, moussa, fatou);
  await subscribe(request, moussa);

  const page = await loggedInPage(browser, moussa);
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 640 });

    // The suggestions: a cut name ends in its ellipsis, the age right after it.
    await page.goto('/fr/suggestions');
    const card = page.getByRole('heading', { level: 2, name: /^Mariama Khadidiatou/ });
    await scrollToCard(page, card);
    await expectNoSidewaysScroll(page, '/fr/suggestions');
    const { cut, blank } = await blankAfterEllipsis(card.locator('.truncate'));
    expect(cut, `the long name is cut at ${width} px`).toBe(true);
    expect(blank, `blank between the ellipsis and ", 29" at ${width} px`).toBeLessThanOrEqual(1);

    // Her profile, scrolled: the ⋮ and × buttons cover none of its text.
    await card.getByRole('button').click();
    const profile = page.getByRole('dialog', { name: /^Mariama Khadidiatou/ });
    await expect(profile.getByText(/Sérieuse et souriante/)).toBeVisible();
    for (const scrolled of [200, 600, 10_000]) {
      const covered = await profile.evaluate((dialog, by) => {
        const buttons = [...dialog.querySelectorAll('button')].filter((b) =>
          /^(Fermer|Plus d'actions pour)/.test(b.getAttribute('aria-label') ?? ''),
        );
        const scroller = [...dialog.querySelectorAll('*')].find(
          (e) => e.scrollHeight > e.clientHeight && getComputedStyle(e).overflowY === 'auto',
        );
        scroller?.scrollBy(0, by);
        // Where a text shows: inside every box that clips it (scrolled out of view, it is not
        // covered).
        const shownWithin = (element: Element) => {
          let { top, bottom } = dialog.getBoundingClientRect();
          for (let box = element.parentElement; box && box !== dialog; box = box.parentElement) {
            if (getComputedStyle(box).overflowY === 'visible') continue;
            const clip = box.getBoundingClientRect();
            top = Math.max(top, clip.top);
            bottom = Math.min(bottom, clip.bottom);
          }
          return { top, bottom };
        };
        const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
        const texts: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || !node.textContent?.trim() || buttons.some((b) => b.contains(node)))
            continue;
          const seen = shownWithin(parent);
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) {
            if (r.bottom <= seen.top || r.top >= seen.bottom) continue;
            for (const button of buttons) {
              const b = button.getBoundingClientRect();
              const shared =
                Math.min(r.right, b.right) - Math.max(r.left, b.left) > 1 &&
                Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 1;
              if (shared)
                texts.push(`${button.getAttribute('aria-label')} over "${node.textContent}"`);
            }
          }
        }
        return { buttons: buttons.length, texts };
      }, scrolled);
      expect(covered.buttons, 'the close and safety buttons').toBe(2);
      expect(covered.texts, `scrolled by ${scrolled} at ${width} px`).toEqual([]);
    }
    await expectNoSidewaysScroll(page, 'the profile dialog');
    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();

    // Who liked him: her first name whole, "Nouveau" (the first time he looks) no longer
    // squeezing it.
    await page.getByRole('button', { name: /^Qui m'aime/ }).click();
    const likedYou = page.getByRole('dialog', { name: 'Qui vous a aimé' });
    const entry = likedYou.getByRole('button', { name: /^Aïssatou Ndiaye/ });
    if (width === 320) await expect(entry).toContainText('Nouveau');
    const room = await entry.locator('.truncate').evaluate((name) => {
      const range = document.createRange();
      const text = name.firstChild as Text;
      range.setStart(text, 0);
      range.setEnd(text, 'Aïssatou'.length);
      return { shown: name.clientWidth, firstName: range.getBoundingClientRect().width };
    });
    expect(room.shown, `room for "Aïssatou" at ${width} px`).toBeGreaterThan(room.firstName);
    await expectNoSidewaysScroll(page, 'the liked-you dialog');
    await page.keyboard.press('Escape');

    // His profile and its notification settings, quiet hours on: inside their card.
    await page.goto('/fr/mon-profil');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, '/fr/mon-profil');
    const quiet = page.getByRole('switch', { name: 'Heures de calme' });
    if (!(await quiet.isChecked())) await quiet.check();
    const zone = page.getByRole('combobox', { name: 'Fuseau horaire' });
    await expect(zone).toBeVisible();
    const settings = page.getByRole('region', { name: 'Notifications' });
    const cardBox = await settings.boundingBox();
    const from = settings.getByLabel('De', { exact: true });
    const to = settings.getByLabel('À', { exact: true });
    for (const control of [quiet, zone, from, to]) {
      const box = await control.boundingBox();
      expect(box && cardBox && box.x + box.width, `${width} px`).toBeLessThanOrEqual(
        (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
      );
    }
    await expectNoSidewaysScroll(page, 'the notification settings');
  }

  // The chat: Fatou declines his call; the toast that says so leaves his composer in view.
  const hers = await loggedInPage(browser, fatou);
  await openReadyForCalls(hers, `/fr/chat?userId=${moussaId}`);
  await openReadyForCalls(page, `/fr/chat?userId=${fatouId}`);
  await expectNoSidewaysScroll(page, '/fr/chat');
  await page.getByRole('button', { name: `Appel vocal avec Fatou Sow ${tag}` }).click();
  await hers
    .getByRole('dialog', { name: 'Appel vocal entrant' })
    .getByRole('button', { name: 'Refuser' })
    .click();
  const toast = page.getByText(`Fatou Sow ${tag} a refusé l'appel.`);
  await expect(toast).toBeVisible();
  const composer = page.locator('form').filter({
    has: page.getByRole('textbox', { name: `Message à Fatou Sow ${tag}` }),
  });
  for (const width of [320, 360, 1024]) {
    await page.setViewportSize({ width, height: 640 });
    await expect(composer).toBeVisible();
    await expectNoSidewaysScroll(page, '/fr/chat');
    await expect
      .poll(async () => {
        const [a, b] = await Promise.all([
          toast.locator('xpath=ancestor::div[1]').boundingBox(),
          composer.boundingBox(),
        ]);
        return (
          a &&
          b &&
          overlap(
            { left: a.x, right: a.x + a.width, top: a.y, bottom: a.y + a.height },
            { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height },
          )
        );
      }, `the toast over the composer at ${width} px`)
      .toBe(false);
  }
});
