import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { registerMember, saveFilters } from '../support/members.ts';
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

const LANGUAGES = [
  {
    lang: 'fr',
    title:
      'Une membre à Paris annonce un séjour à Dakar : un membre de Dakar la voit avec ses dates et l’aime ; le séjour supprimé, elle n’y est plus',
    travel: 'Mode voyage',
    town: 'Ville',
    arrival: 'Arrivée',
    departure: 'Départ',
    announce: 'Annoncer le séjour',
    announced: /^À Dakar, Sénégal/,
    inDakar: 'À Dakar',
    // The days by Intl: "1–20 août", "30 déc. – 16 janv.".
    onCard: /À Dakar \d+/u,
    like: 'Aimer',
    liked: 'Vous avez aimé',
    remove: 'Supprimer le séjour à Dakar',
  },
  {
    lang: 'en',
    title:
      'A member in Paris announces a stay in Dakar: a member in Dakar sees her with her dates and likes her; the stay deleted, she is no longer there',
    travel: 'Travel mode',
    town: 'Town',
    arrival: 'Arrival',
    departure: 'Departure',
    announce: 'Announce the stay',
    announced: /^In Dakar, Senegal/,
    inDakar: 'In Dakar',
    // "August 1 – 20", "December 30 – January 16".
    onCard: /In Dakar \p{L}+ \d+/u,
    like: 'Like',
    liked: 'You liked',
    remove: 'Delete the stay in Dakar',
  },
] as const;

for (const [i, l] of LANGUAGES.entries()) {
  test(l.title, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const tag = String(Date.now()).slice(-6);
    // Ages no other journey's members have, and filters on them: the suggestions of Dakar, where
    // the journeys' members live, hold these two alone, not pages of others to scroll past.
    const herAge = 61 + 4 * i;
    const aicha = await registerMember(request, {
      name: `Aïcha ${tag}`,
      gender: 'femme',
      age: String(herAge),
      location: 'Paris, France',
      latitude: '48.8566',
      longitude: '2.3522',
    });
    const youssef = await registerMember(request, {
      name: `Youssef ${tag}`,
      gender: 'homme',
      age: String(herAge + 2),
    });
    await saveFilters(request, youssef, { minAge: herAge, maxAge: herAge, maxDistanceKm: null });
    await saveFilters(request, aicha, {
      minAge: herAge + 2,
      maxAge: herAge + 2,
      maxDistanceKm: null,
    });

    const hers = await loggedInPage(browser, aicha, { path: `/${l.lang}/suggestions` });
    await hers.getByRole('button', { name: l.travel }).click();
    const travel = hers.getByRole('region', { name: l.travel });
    await travel.getByLabel(l.town).fill('Dakar');
    await travel.getByLabel(l.arrival).fill(day(3));
    await travel.getByLabel(l.departure).fill(day(20));
    await travel.getByRole('button', { name: l.announce }).click();
    const announced = travel.getByRole('listitem').filter({ hasText: l.announced });
    await expect(announced).toBeVisible();
    // She can browse there: the members near Dakar, Youssef among them.
    await travel.getByRole('radio', { name: l.inDakar }).check();
    await scrollToCard(
      hers,
      hers.getByRole('heading', { level: 2, name: new RegExp(`^Youssef ${tag}`) }),
    );
    expect(await seriousViolations(hers)).toEqual([]);

    // In Dakar among its members active today (ADR 082): her card, with her dates.
    const his = await loggedInPage(browser, youssef, { path: `/${l.lang}/suggestions` });
    const card = cardOf(his, `Aïcha ${tag}`);
    await scrollToCard(his, card);
    await expect(card).toContainText(l.onCard);
    await card.getByRole('button', { name: `${l.like} Aïcha ${tag}` }).click();
    await expect(card.getByRole('button', { name: `${l.liked} Aïcha ${tag}` })).toBeVisible();

    // She deletes the stay: at his next look she is no longer in Dakar.
    await hers.goto(`/${l.lang}/suggestions`);
    await hers.getByRole('button', { name: l.travel }).click();
    await travel.getByRole('button', { name: l.remove }).click();
    await expect(announced).toHaveCount(0);
    await his.reload();
    await expect(his.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(cardOf(his, `Aïcha ${tag}`).filter({ hasText: l.inDakar })).toHaveCount(0);
  });
}
