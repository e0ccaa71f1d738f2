import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { match } from '../support/match.ts';
import { type Member, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';
import { privateSpot, scrollSuggestionsToEnd, scrollToCard } from '../support/suggestions.ts';

test.afterEach(closeMemberBrowsers);

/**
 * Exclusive mode (ADR 070), in English, on a 360 × 740 phone: he proposes it from their
 * conversation, she accepts from the keyboard, and while it lasts another member no longer finds
 * her in his suggestions; he ends it, she is told at once, and she is suggested again.
 */

const PHONE = { width: 360, height: 740 };

async function onPhone(browser: Parameters<typeof loggedInPage>[0], member: Member) {
  const page = await loggedInPage(browser, member);
  await page.setViewportSize(PHONE);
  return page;
}

const card = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`^${name}\\s*,`) });
const panel = (page: Page, name: string) =>
  page.getByRole('region', { name: `Exclusive mode with ${name}` });

test('Moussa proposes exclusive mode, Fatou accepts: she leaves Cheikh’s suggestions until Moussa ends it, and she is told', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-6);
  const spot = privateSpot(tag, 6);
  const fatou = await registerMember(request, { name: `Fatou ${tag}`, gender: 'femme', ...spot });
  const moussa = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme', ...spot });
  const cheikh = await registerMember(request, { name: `Cheikh ${tag}`, gender: 'homme', ...spot });
  // Another woman nearby, who stays in his suggestions throughout.
  await registerMember(request, { name: `Awa ${tag}`, gender: 'femme', ...spot });
  const { aId: moussaId, bId: fatouId } = await match(request, moussa, fatou);

  // Before: Cheikh finds Fatou among his suggestions.
  const cheikhs = await onPhone(browser, cheikh);
  await scrollToCard(cheikhs, card(cheikhs, `Fatou ${tag}`));

  // He proposes it from their conversation.
  const his = await onPhone(browser, moussa);
  await his.goto(`/chat?userId=${fatouId}`);
  const hisPanel = panel(his, `Fatou ${tag}`);
  await expect(hisPanel).toContainText('In exclusive mode, neither of you is suggested to others');
  await hisPanel.getByRole('button', { name: 'Propose exclusive mode' }).click();
  await expect(hisPanel).toContainText(`You proposed exclusive mode to Fatou ${tag}`);

  // She reads the proposal and accepts it from the keyboard.
  const hers = await onPhone(browser, fatou);
  await hers.goto(`/chat?userId=${moussaId}`);
  const herPanel = panel(hers, `Moussa ${tag}`);
  await expect(herPanel).toContainText(`Moussa ${tag} proposes exclusive mode`);
  await expect(herPanel.getByRole('button', { name: 'Decline' })).toBeVisible();
  await herPanel.getByRole('button', { name: 'Accept' }).focus();
  await hers.keyboard.press('Enter');
  await expect(herPanel).toContainText(`You and Moussa ${tag} are in exclusive mode`);
  expect(await seriousViolations(hers)).toEqual([]);
  // His screen follows at once.
  await expect(hisPanel).toContainText(`You and Fatou ${tag} are in exclusive mode`);

  // While it lasts, Cheikh no longer finds her: Awa is there, to the end of his list.
  await cheikhs.reload();
  await scrollToCard(cheikhs, card(cheikhs, `Awa ${tag}`));
  await scrollSuggestionsToEnd(cheikhs);
  await expect(card(cheikhs, `Fatou ${tag}`)).toHaveCount(0);

  // He ends it; her screen says so without her doing anything.
  await hisPanel.getByRole('button', { name: 'End exclusive mode' }).click();
  await expect(hisPanel).toContainText('In exclusive mode, neither of you is suggested to others');
  await expect(herPanel).toContainText('In exclusive mode, neither of you is suggested to others');
  await expect(herPanel.getByRole('button', { name: 'Propose exclusive mode' })).toBeVisible();

  // And Cheikh finds her again.
  await cheikhs.reload();
  await scrollToCard(cheikhs, card(cheikhs, `Fatou ${tag}`));
});
