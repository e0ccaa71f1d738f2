import { expect, type Locator, type Page } from '@playwright/test';

/** The note under the last suggestion, in either language. */
const END_OF_SUGGESTIONS = /^(That's everyone for now|Vous avez vu tout le monde pour l'instant)/;

const scrollDown = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

/**
 * Scrolls the suggestions down, as a member would, until `card` (a locator inside one) is drawn:
 * the page draws a dozen cards and the next ones as the end of the list comes near, then asks the
 * server for the next page. Members the journeys make all live in Dakar at one point, so a
 * member's place in a long run's list is anyone's guess.
 */
export async function scrollToCard(page: Page, card: Locator) {
  await expect(async () => {
    if ((await card.count()) === 0) await scrollDown(page);
    await expect(card.first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  return card;
}

/**
 * Scrolls to the end of the suggestions (every page drawn, the note that this is everyone):
 * only then does a card's absence say that the member is not suggested.
 */
export async function scrollSuggestionsToEnd(page: Page) {
  const end = page.getByText(END_OF_SUGGESTIONS);
  await expect(async () => {
    await scrollDown(page);
    await expect(end).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

/**
 * A place of a journey's own, far from every other member of the run: the members it registers
 * there are each other's nearest suggestions, so the first page shows them all. `journey` keeps
 * two journeys' places apart.
 */
export function privateSpot(tag: string, journey: number) {
  const n = Number(tag) % 1000;
  return {
    location: 'Kayes, Mali',
    latitude: String(-40 - journey * 5 + n / 1000),
    longitude: String(-120 + n / 1000),
  };
}
