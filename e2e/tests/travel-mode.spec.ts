import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';
import { scrollToCard } from '../support/suggestions.ts';

test.afterEach(closeMemberBrowsers);
test.use({ viewport: { width: 360, height: 740 } });

const ONE_DAY = 86_400_000;
const day = (fromToday: number) =>
  new Date(Date.now() + fromToday * ONE_DAY).toISOString().slice(0, 10);

/** Her card in his suggestions: the list item holding the heading with her name. */
const cardOf = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`^${name}\\s*,`) }) });

test('Une membre à Paris annonce un séjour à Dakar : un membre de Dakar la voit avec ses dates et l’aime ; le séjour supprimé, elle n’y est plus', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = String(Date.now()).slice(-6);
  const aicha = await registerMember(request, {
    name: `Aïcha ${tag}`,
    gender: 'femme',
    location: 'Paris, France',
    latitude: '48.8566',
    longitude: '2.3522',
  });
  // He lives in Dakar, where the journeys' members live.
  const youssef = await registerMember(request, { name: `Youssef ${tag}`, gender: 'homme' });

  const hers = await loggedInPage(browser, aicha);
  await hers.goto('/fr/suggestions');
  await hers.getByRole('button', { name: 'Mode voyage' }).click();
  const travel = hers.getByRole('region', { name: 'Mode voyage' });
  await travel.getByLabel('Ville').fill('Dakar');
  await travel.getByLabel('Arrivée').fill(day(3));
  await travel.getByLabel('Départ').fill(day(20));
  await travel.getByRole('button', { name: 'Annoncer le séjour' }).click();
  const announced = travel.getByRole('listitem').filter({ hasText: /^À Dakar, Sénégal/ });
  await expect(announced).toBeVisible();
  // She can browse there: the members near Dakar, Youssef among them.
  await travel.getByRole('radio', { name: 'À Dakar' }).check();
  await scrollToCard(
    hers,
    hers.getByRole('heading', { level: 2, name: new RegExp(`^Youssef ${tag}`) }),
  );
  expect(await seriousViolations(hers)).toEqual([]);

  // Visitors come first in Dakar: her card, with her dates in French.
  const his = await loggedInPage(browser, youssef);
  await his.goto('/fr/suggestions');
  const card = cardOf(his, `Aïcha ${tag}`);
  await scrollToCard(his, card);
  await expect(card).toContainText(/À Dakar \d+\s?–\s?\d+ \p{L}+/u);
  await card.getByRole('button', { name: `Aimer Aïcha ${tag}` }).click();
  await expect(card.getByRole('button', { name: `Vous avez aimé Aïcha ${tag}` })).toBeVisible();

  // She deletes the stay: at his next look she is no longer in Dakar.
  await hers.goto('/fr/suggestions');
  await hers.getByRole('button', { name: 'Mode voyage' }).click();
  await travel.getByRole('button', { name: 'Supprimer le séjour à Dakar' }).click();
  await expect(announced).toHaveCount(0);
  await his.reload();
  await expect(his.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(cardOf(his, `Aïcha ${tag}`).filter({ hasText: 'À Dakar' })).toHaveCount(0);
});
