import { expect, type Page, test } from '@playwright/test';
import { match } from '../support/match.ts';
import { registerMember, saveFilters, sessionHeaders } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';
import { privateSpot, scrollToCard } from '../support/suggestions.ts';

/** Her filters from her own device: no age or distance limit. */
const noLimits = { minAge: null, maxAge: null, maxDistanceKm: null };

test.afterEach(closeMemberBrowsers);

/**
 * The answers a member's device keeps (ADR 010) show while the server's are on their way, never
 * instead of them: what changed on the server since shows at the next reload.
 */

const card = (page: Page, name: string) =>
  page
    .getByRole('list', { name: /^(Suggested members|Membres suggérés)$/ })
    .getByRole('heading', { level: 2, name: new RegExp(`^${name}\\s*,`) });

/** The member's kept answers, wherever the session keeps them. */
const memberCache = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('memberCache') ?? localStorage.getItem('memberCache'));

test('Aïcha blocks Moussa: at his next reload her card has left his suggestions and his conversations, and stays gone', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const spot = privateSpot(tag, 3);
  const moussa = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme', ...spot });
  const aicha = await registerMember(request, { name: `Aicha ${tag}`, gender: 'femme', ...spot });
  await registerMember(request, { name: `Binta ${tag}`, gender: 'femme', ...spot });
  // She liked him once: a conversation's place in his list, which the block must empty too.
  const { aId: moussaId } = await match(request, moussa, aicha);

  const his = await loggedInPage(browser, moussa);
  await scrollToCard(his, card(his, `Aicha ${tag}`));
  await his.goto('/chat');
  const conversations = his.getByRole('navigation', { name: 'Messages' });
  await expect(conversations.getByRole('link', { name: new RegExp(`Aicha ${tag}`) })).toBeVisible();
  await his.goto('/suggestions');
  await scrollToCard(his, card(his, `Aicha ${tag}`));
  // Kept on his device (saves are gathered over a second).
  await expect.poll(() => memberCache(his)).toContain(`Aicha ${tag}`);

  const blocked = await request.post(`/api/users/${moussaId}/block`, {
    headers: await sessionHeaders(request, aicha),
  });
  expect(blocked.ok()).toBe(true);

  await his.reload();
  await scrollToCard(his, card(his, `Binta ${tag}`));
  await expect(card(his, `Aicha ${tag}`)).toHaveCount(0);
  await his.goto('/chat');
  await expect(conversations).toContainText('No conversations yet.');
  await expect(conversations.getByRole('link', { name: new RegExp(`Aicha ${tag}`) })).toHaveCount(
    0,
  );
  // Back on the suggestions, by the app's own navigation: still gone.
  await his
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Suggestions/ })
    .click();
  await scrollToCard(his, card(his, `Binta ${tag}`));
  await expect(card(his, `Aicha ${tag}`)).toHaveCount(0);
});

test('Aïcha fait d’une prière régulière un critère indispensable : au rechargement de Moussa, elle a quitté ses suggestions ; elle le retire, elle revient', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const spot = { faithFamily: 'true', ...privateSpot(tag, 4) };
  const moussa = await registerMember(request, {
    name: `Moussa ${tag}`,
    gender: 'homme',
    prayer: 'sometimes',
    ...spot,
  });
  const aicha = await registerMember(request, {
    name: `Aicha ${tag}`,
    gender: 'femme',
    prayer: 'always',
    ...spot,
  });
  await registerMember(request, { name: `Binta ${tag}`, gender: 'femme', ...spot });

  const his = await loggedInPage(browser, moussa, { path: '/fr/suggestions' });
  await scrollToCard(his, card(his, `Aicha ${tag}`));
  await expect.poll(() => memberCache(his)).toContain(`Aicha ${tag}`);

  // He prays sometimes: her dealbreaker takes her out of his suggestions, both ways (ADR 042).
  await saveFilters(request, aicha, {
    ...noLimits,
    dealbreakers: { prayer: ['always', 'usually'] },
  });
  await his.reload();
  await scrollToCard(his, card(his, `Binta ${tag}`));
  await expect(card(his, `Aicha ${tag}`)).toHaveCount(0);
  await expect.poll(() => memberCache(his)).not.toContain(`Aicha ${tag}`);

  // She lifts it: they meet again, and his next reload shows her.
  await saveFilters(request, aicha, { ...noLimits, dealbreakers: {} });
  await his.reload();
  await scrollToCard(his, card(his, `Aicha ${tag}`));
});

test('Moussa blocks Aïcha from the conversation’s menu: his blocked members, which his device kept empty, list her at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const moussa = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme' });
  const aicha = await registerMember(request, { name: `Aicha ${tag}`, gender: 'femme' });
  const { bId: aichaId } = await match(request, moussa, aicha);

  const his = await loggedInPage(browser, moussa, { path: '/mon-profil' });
  const blockedList = his.getByRole('region', { name: 'Blocked members' });
  await expect(blockedList).toContainText('You have not blocked anyone.');
  await expect.poll(() => memberCache(his)).toContain('"blocked"');

  await his.goto(`/chat?userId=${aichaId}`);
  await his.getByRole('button', { name: `More actions for Aicha ${tag}` }).click();
  await his.getByRole('menuitem', { name: 'Block' }).click();
  const confirm = his.getByRole('dialog', { name: `Block Aicha ${tag}?` });
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(confirm).toBeHidden();

  // A full navigation, as a typed address or a link from elsewhere makes.
  await his.goto('/mon-profil');
  await expect(blockedList).toContainText(`Aicha ${tag}`);
  await expect(blockedList.getByRole('button', { name: `Unblock Aicha ${tag}` })).toBeVisible();
  // And by the app's own navigation after a reload of the chat.
  await his.goto('/chat');
  await his.getByRole('button', { name: 'Profile menu' }).click();
  await his.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(blockedList).toContainText(`Aicha ${tag}`);
});
