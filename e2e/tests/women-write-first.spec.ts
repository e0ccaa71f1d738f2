import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { match } from '../support/match.ts';
import { type Member, memberId, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/**
 * Women write first (ADR 069), in French, on a 360 × 740 phone: she chooses it in her profile;
 * after their match his conversation waits for her first word, and opens when she writes.
 */

const PHONE = { width: 360, height: 740 };

async function onPhone(browser: Parameters<typeof loggedInPage>[0], member: Member) {
  const page = await loggedInPage(browser, member);
  await page.setViewportSize(PHONE);
  return page;
}

const bubble = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Messages avec/ })
    .getByRole('listitem')
    .filter({ hasText: text });

async function cast(request: APIRequestContext, tag: string) {
  const aminata = await registerMember(request, { name: `Aminata ${tag}`, gender: 'femme' });
  const ibrahim = await registerMember(request, { name: `Ibrahim ${tag}`, gender: 'homme' });
  return { aminata, ibrahim };
}

test('Aminata choisit d’écrire en premier : après leur match, la conversation d’Ibrahim attend son premier mot, puis s’ouvre quand elle écrit', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = String(Date.now()).slice(-6);
  const { aminata, ibrahim } = await cast(request, tag);

  // She chooses it in her profile, where it is explained.
  const hers = await onPhone(browser, aminata);
  await hers.goto('/fr/mon-profil');
  const choice = hers.getByRole('checkbox', { name: 'J’écris en premier après un match' });
  await expect(choice).toHaveAccessibleDescription(/nous vous le rappelons à 72 heures/);
  await choice.check();
  await hers.getByRole('button', { name: 'Enregistrer mon profil' }).click();
  await expect(hers.getByText('Profil mis à jour avec succès !')).toBeVisible();

  const { aId: ibrahimId, bId: aminataId } = await match(request, ibrahim, aminata);
  expect(aminataId).toBe(await memberId(request, aminata));

  // His conversation says it waits for her, and offers nothing to type, give or call.
  const his = await onPhone(browser, ibrahim);
  await his.goto(`/fr/chat?userId=${aminataId}`);
  const waiting = his.getByRole('note').filter({ hasText: `Aminata ${tag} écrit en premier` });
  await expect(waiting).toContainText('Cette conversation attend son premier mot');
  await expect(his.getByRole('textbox', { name: `Message à Aminata ${tag}` })).toHaveCount(0);
  for (const action of ['Appel vocal avec', 'Appel vidéo avec', 'Envoyer un cadeau à']) {
    await expect(his.getByRole('button', { name: `${action} Aminata ${tag}` })).toHaveCount(0);
  }
  expect(await seriousViolations(his)).toEqual([]);

  // Hers says he waits for her first word; she writes it, from the keyboard.
  await hers.goto(`/fr/chat?userId=${ibrahimId}`);
  await expect(
    hers.getByRole('note').filter({ hasText: `Ibrahim ${tag} attend votre premier mot` }),
  ).toBeVisible();
  const composer = hers.getByRole('textbox', { name: `Message à Ibrahim ${tag}` });
  await composer.fill('Salam Ibrahim, comment vas-tu ?');
  await composer.press('Enter');
  await expect(bubble(hers, 'Salam Ibrahim, comment vas-tu ?')).toBeVisible();

  // His screen opens as her word arrives: he answers.
  await expect(bubble(his, 'Salam Ibrahim, comment vas-tu ?')).toBeVisible();
  await expect(waiting).toHaveCount(0);
  const answer = his.getByRole('textbox', { name: `Message à Aminata ${tag}` });
  await answer.fill('Wa alaykum salam, alhamdulillah !');
  await answer.press('Enter');
  await expect(bubble(hers, 'Wa alaykum salam, alhamdulillah !')).toBeVisible();
});
