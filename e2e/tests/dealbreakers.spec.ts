import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';
import { privateSpot, scrollSuggestionsToEnd, scrollToCard } from '../support/suggestions.ts';

test.afterEach(closeMemberBrowsers);

const card = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`^${name}\\s*,`) });

test('A man makes prayer a dealbreaker: a woman who prays sometimes and one who keeps her answer to matches leave his suggestions, and he leaves theirs', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = String(Date.now()).slice(-6);
  const spot = privateSpot(tag, 1);
  const answered = { faithFamily: 'true', ...spot };
  const moussa = await registerMember(request, {
    name: `Moussa ${tag}`,
    gender: 'homme',
    ...answered,
  });
  await registerMember(request, {
    name: `Awa ${tag}`,
    gender: 'femme',
    prayer: 'always',
    ...answered,
  });
  const binta = await registerMember(request, {
    name: `Binta ${tag}`,
    gender: 'femme',
    prayer: 'sometimes',
    ...answered,
  });
  // A man with no dealbreaker: her list, loaded, still shows him.
  await registerMember(request, { name: `Cheikh ${tag}`, gender: 'homme', ...answered });
  await registerMember(request, {
    name: `Coumba ${tag}`,
    gender: 'femme',
    prayer: 'always',
    faithMatchesOnly: 'prayer',
    ...answered,
  });

  // Before: Binta sees Moussa.
  const hers = await loggedInPage(browser, binta);
  await scrollToCard(hers, card(hers, `Moussa ${tag}`));
  await scrollToCard(hers, card(hers, `Cheikh ${tag}`));

  const his = await loggedInPage(browser, moussa);
  for (const name of ['Awa', 'Binta', 'Coumba']) {
    await scrollToCard(his, card(his, `${name} ${tag}`));
  }
  await his.getByRole('button', { name: /^Filters/ }).click();
  const filters = his.getByRole('dialog', { name: 'Filters' });
  await expect(filters.getByRole('heading', { name: 'Dealbreakers' })).toBeVisible();
  await expect(
    filters.getByText(/an answer shown to matches only never meet a dealbreaker/),
  ).toBeVisible();
  // A man may require hijab answers, never a beard.
  await expect(filters.locator('summary', { hasText: 'Hijab' })).toBeVisible();
  await expect(filters.locator('summary', { hasText: 'Beard' })).toHaveCount(0);

  await filters.locator('summary', { hasText: 'Prayer' }).click();
  const prayer = filters.getByRole('group', { name: 'Prayer: tick the answers you accept' });
  await prayer.getByRole('checkbox', { name: 'Always' }).check();
  await prayer.getByRole('checkbox', { name: 'Usually' }).check();
  await expect(filters.locator('summary', { hasText: 'Prayer' })).toContainText(
    'Only: Always, Usually',
  );
  // The estimate of the unsaved filters, both ways.
  await expect(filters.getByRole('status').filter({ hasText: /both ways/ })).toBeVisible();
  expect(await seriousViolations(his)).toEqual([]);
  await filters.getByRole('button', { name: 'Show suggestions' }).click();
  await expect(filters).toBeHidden();

  // Awa prays always and says so openly; Binta prays sometimes; Coumba keeps it to matches.
  await scrollToCard(his, card(his, `Awa ${tag}`));
  await scrollSuggestionsToEnd(his);
  await expect(card(his, `Binta ${tag}`)).toHaveCount(0);
  await expect(card(his, `Coumba ${tag}`)).toHaveCount(0);
  await expect(his.getByRole('list', { name: 'Active filters' })).toContainText('1 dealbreaker');

  // Both ways: Binta does not meet his dealbreaker, so he is gone from hers at her next reload.
  await hers.reload();
  await scrollToCard(hers, card(hers, `Cheikh ${tag}`));
  await scrollSuggestionsToEnd(hers);
  await expect(card(hers, `Moussa ${tag}`)).toHaveCount(0);
});

test('Une femme exige le wolof, en français : un homme qui ne le parle pas quitte ses suggestions, et elle quitte les siennes', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = String(Date.now()).slice(-6);
  const spot = privateSpot(tag, 2);
  const answered = { faithFamily: 'true', ...spot };
  const fatou = await registerMember(request, {
    name: `Fatou ${tag}`,
    gender: 'femme',
    languages: 'wo',
    ...answered,
  });
  await registerMember(request, {
    name: `Ibou ${tag}`,
    gender: 'homme',
    languages: 'wo',
    ...answered,
  });
  const omar = await registerMember(request, {
    name: `Omar ${tag}`,
    gender: 'homme',
    languages: 'fr',
    ...answered,
  });
  // A woman with no dealbreaker: his list, loaded, still shows her.
  await registerMember(request, { name: `Dior ${tag}`, gender: 'femme', ...answered });

  const his = await loggedInPage(browser, omar, { path: '/fr/suggestions' });
  await scrollToCard(his, card(his, `Fatou ${tag}`));
  await scrollToCard(his, card(his, `Dior ${tag}`));

  const hers = await loggedInPage(browser, fatou, { path: '/fr/suggestions' });
  await scrollToCard(hers, card(hers, `Ibou ${tag}`));
  await scrollToCard(hers, card(hers, `Omar ${tag}`));
  await hers.getByRole('button', { name: /^Filtres/ }).click();
  const filters = hers.getByRole('dialog', { name: 'Filtres' });
  await expect(filters.getByRole('heading', { name: 'Critères indispensables' })).toBeVisible();
  await expect(
    filters.getByText(
      /une réponse réservée aux matchs ne remplissent jamais un critère indispensable/,
    ),
  ).toBeVisible();
  // A woman may require beard answers, never a hijab.
  await expect(filters.locator('summary', { hasText: 'Barbe' })).toBeVisible();
  await expect(filters.locator('summary', { hasText: 'Hijab' })).toHaveCount(0);

  await filters.locator('summary', { hasText: 'Langues parlées' }).click();
  await filters
    .getByRole('group', { name: 'Langues parlées : cochez les réponses que vous acceptez' })
    .getByRole('checkbox', { name: 'Wolof' })
    .check();
  await expect(filters.getByRole('status').filter({ hasText: /dans les deux sens/ })).toBeVisible();
  await filters.getByRole('button', { name: 'Voir les suggestions' }).click();
  await expect(filters).toBeHidden();

  await scrollToCard(hers, card(hers, `Ibou ${tag}`));
  await scrollSuggestionsToEnd(hers);
  await expect(card(hers, `Omar ${tag}`)).toHaveCount(0);
  await expect(hers.getByRole('list', { name: 'Filtres actifs' })).toContainText(
    '1 critère indispensable',
  );

  // Both ways: Omar does not speak Wolof, so Fatou is gone from his suggestions at his next
  // reload.
  await his.reload();
  await scrollToCard(his, card(his, `Dior ${tag}`));
  await scrollSuggestionsToEnd(his);
  await expect(card(his, `Fatou ${tag}`)).toHaveCount(0);
});
