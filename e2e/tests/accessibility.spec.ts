import { type Browser, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { match } from '../support/match.ts';
import { registerMember } from '../support/members.ts';
import { subscribe } from '../support/payments.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/**
 * One browser per language for the public pages, shared by their checks (ADR 033): a context and
 * the app's first load cost more than the check of a page. A check that fails ends its worker,
 * and the next one opens a browser again.
 */
const publicBrowsers = new Map<string, Page>();
async function publicPage(browser: Browser, locale: string): Promise<Page> {
  let page = publicBrowsers.get(locale);
  if (!page) {
    page = await (await browser.newContext({ locale })).newPage();
    publicBrowsers.set(locale, page);
  }
  return page;
}
for (const locale of ['en-US', 'fr-FR']) {
  test.describe(`Screens in ${locale}`, () => {
    // Closed once the language's pages are checked: the member journeys below need the CPU.
    test.afterAll(async () => {
      await publicBrowsers.get(locale)?.context().close();
      publicBrowsers.delete(locale);
    });
    for (const path of [
      '/',
      '/register',
      '/forget',
      '/reset-password/some-token',
      '/terms',
      '/privacy',
      '/report',
      '/nowhere',
    ]) {
      test(`${path} has no serious or critical axe violation`, async ({ browser }) => {
        const page = await publicPage(browser, locale);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test('the member area has no serious or critical axe violation', async ({ browser, request }) => {
  const member = await registerMember(request);
  const page = await loggedInPage(browser, member);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const locale of ['en-US', 'fr-FR']) {
  test(`the chat (${locale}) has no serious or critical axe violation`, async ({
    browser,
    request,
  }) => {
    // Two sign-ups, a match and the chat checked in two states: 25 s when the machine is busy.
    test.setTimeout(60_000);
    const member = await registerMember(request, { name: 'Ousmane Diallo', gender: 'homme' });
    const other = await registerMember(request, { name: 'Mariama Bah', gender: 'femme' });
    const { bId } = await match(request, member, other);
    // Only subscribers call: without it the call view showed until the server's refusal came
    // and the plans replaced it, and a slow refusal was all the check saw of the call.
    await subscribe(request, member);
    const page = await loggedInPage(browser, member);
    if (locale === 'fr-FR') await page.goto('/fr/suggestions');
    // The list of conversations, then one with a message sent and a dialog open.
    await page.goto(`${locale === 'fr-FR' ? '/fr' : ''}/chat`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /Mariama Bah/ }).click();
    await expect(page).toHaveURL(new RegExp(`userId=${bId}`));
    await page.getByRole('textbox').fill('Salam');
    await page.keyboard.press('Enter');
    // In the conversation (the list of conversations shows it too, as the last message).
    await expect(
      page
        .getByRole('region', { name: /^Messages (with|avec)/ })
        .getByRole('listitem')
        .filter({ hasText: 'Salam' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The header's buttons: the gift (a dialog), the report dialog from its menu, then a video call.
    const headerButton = (name: RegExp) => page.getByRole('button', { name });
    await headerButton(/^(Send a gift to|Envoyer un cadeau à) Mariama Bah$/).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await headerButton(/^(More actions for|Plus d'actions pour) Mariama Bah$/).click();
    await page.getByRole('menuitem', { name: /^(Report|Signaler)$/ }).click();
    await expect(
      page.getByRole('dialog', { name: /^(Report|Signaler) Mariama Bah$/ }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await headerButton(/^(Video call with|Appel vidéo avec) Mariama Bah$/).click();
    await expect(
      page.getByRole('region', { name: /^(Call with|Appel avec) Mariama Bah$/ }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
}

test('the navigation badges never cover a label, at any width', async ({ browser, request }) => {
  const member = await registerMember(request);
  const page = await loggedInPage(browser, member, {
    prepare: (context) =>
      // Counts above the cap, so every badge is as wide as it gets ("9+").
      context.route('**/api/users/notifications', (route) =>
        route.fulfill({
          json: {
            newLikes: 12,
            newMessages: 3,
            unreadConversations: 2,
            newViews: 27,
            lastLikeAt: new Date().toISOString(),
          },
        }),
      ),
  });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByTestId('nav-badge')).toHaveCount(3);

  for (const width of [320, 390, 768, 900, 1024, 1100, 1280, 1536]) {
    await page.setViewportSize({ width, height: 800 });
    const overlaps = await nav.evaluate((element) => {
      const found: string[] = [];
      for (const badge of element.querySelectorAll('[data-testid="nav-badge"]')) {
        const item = badge.closest('a, button');
        // The label is the item's visible text beside the icon (screen-reader-only text is
        // clipped to a pixel and never covered).
        const label = [...(item?.querySelectorAll('span') ?? [])].find(
          (span) => span.children.length === 0 && span !== badge && span.textContent?.trim(),
        );
        if (!label) continue;
        const b = badge.getBoundingClientRect();
        const l = label.getBoundingClientRect();
        if (l.width <= 1) continue;
        const apart =
          b.right <= l.left || l.right <= b.left || b.bottom <= l.top || l.bottom <= b.top;
        if (!apart) found.push(`${label.textContent} (${Math.round(b.right - l.left)} px)`);
      }
      return found;
    });
    expect(overlaps, `at ${width} px`).toEqual([]);
  }
});
