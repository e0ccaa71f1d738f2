import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { match } from '../support/match.ts';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

test('A member answers faith and family, keeps her prayer for matches: a stranger reads "matches only" in French, her match reads it', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const awa = await registerMember(request, { name: `Awa ${tag}`, gender: 'femme' });
  const youssef = await registerMember(request, { name: `Youssef ${tag}`, gender: 'homme' });
  const karim = await registerMember(request, { name: `Karim ${tag}`, gender: 'homme' });
  const { aId: awaId } = await match(request, awa, youssef);

  const hers = await loggedInPage(browser, awa, { path: '/mon-profil' });
  await hers.getByRole('combobox', { name: 'Madhhab' }).selectOption({ label: 'Maliki' });
  await hers.getByRole('combobox', { name: 'Prayer' }).selectOption({ label: 'Always' });
  await hers.getByRole('checkbox', { name: 'Show my “Prayer” answer to my matches only' }).check();
  await hers.getByRole('checkbox', { name: 'Wolof' }).check();
  expect(await seriousViolations(hers)).toEqual([]);
  await hers.getByRole('button', { name: 'Save my profile' }).click();
  await expect(hers.getByText('Profile updated successfully!')).toBeVisible();

  // Karim, not matched with her, reads her profile in French: her madhhab, not her prayer.
  const his = await loggedInPage(browser, karim, { path: `/fr/user-details/${awaId}` });
  const faith = his.getByRole('heading', { level: 2, name: 'Foi' }).locator('..');
  await expect(faith.getByText('Malikite')).toBeVisible();
  await expect(faith.getByText('Réservé aux matchs')).toBeVisible();
  await expect(his.getByText('Wolof')).toBeVisible();
  expect(await seriousViolations(his)).toEqual([]);

  // Youssef, her match, reads it in English.
  const yours = await loggedInPage(browser, youssef, { path: `/user-details/${awaId}` });
  const hisView = yours.getByRole('heading', { level: 2, name: 'Faith' }).locator('..');
  await expect(hisView.getByText('Always')).toBeVisible();
  await expect(yours.getByText('Shown to matches only')).toHaveCount(0);
});

test('"You share": answers given at registration make a summary, her madhhab kept for matches only shared with her match alone, in French and English', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const alike = { madhhab: 'maliki', childrenWanted: 'yes', faithFamily: 'true' };
  const fatou = await registerMember(request, {
    name: `Fatou ${tag}`,
    gender: 'femme',
    ...alike,
    faithMatchesOnly: 'madhhab',
  });
  const moussa = await registerMember(request, {
    name: `Moussa ${tag}`,
    gender: 'homme',
    ...alike,
  });
  const ibou = await registerMember(request, { name: `Ibou ${tag}`, gender: 'homme', ...alike });
  const { aId: fatouId } = await match(request, fatou, moussa);

  // Ibou, not matched with her, reads in French: the children, not her madhhab.
  const his = await loggedInPage(browser, ibou, { path: `/fr/user-details/${fatouId}` });
  const shared = his.getByRole('heading', { name: 'Vous avez en commun' }).locator('..');
  await expect(shared.getByText('Vous souhaitez tous deux des enfants')).toBeVisible();
  await expect(shared.getByRole('listitem')).toHaveCount(1);
  await expect(his.getByText(/Malikite/)).toHaveCount(0);
  expect(await seriousViolations(his)).toEqual([]);

  // Moussa, her match, reads both in English.
  const yours = await loggedInPage(browser, moussa, { path: `/user-details/${fatouId}` });
  const yourShared = yours.getByRole('heading', { name: 'You share' }).locator('..');
  await expect(yourShared.getByText('Madhhab: Maliki')).toBeVisible();
  await expect(yourShared.getByText('You both want children')).toBeVisible();
});
