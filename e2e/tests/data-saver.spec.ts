import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { match } from '../support/match.ts';
import { type Member, portraitPath, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';
import { scrollToCard } from '../support/suggestions.ts';

test.afterEach(closeMemberBrowsers);

/** Sends a chat photo from `from` to `toId` through the API, as the composer does. */
async function sendPhoto(request: APIRequestContext, from: Member, toId: string) {
  const login = await request.post('/api/auth/login', {
    data: { username: from.username, password: from.password },
  });
  const { token } = (await login.json()) as { token: string };
  const sent = await request.post(`/api/chat/send/${toId}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      uuid: crypto.randomUUID(),
      image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(portraitPath) },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** The chat media the page asked for, by path. */
function chatMediaAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/chat-media/')) asked.push(r.url());
  });
  return asked;
}

/** The widths the card's photo may be fetched at, and the one the browser took. */
async function cardPhoto(page: Page, name: string) {
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) }) });
  await scrollToCard(page, card);
  // Decorative on the card (alt=""): the name beside it says whose it is.
  const image = card.locator('img');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => ({
    widths: [...(img.parentElement?.querySelectorAll('source') ?? [])].map((s) =>
      (s.getAttribute('srcset') ?? '').split(', ').map((entry) => entry.split(' ')[1]),
    ),
    taken: img.currentSrc,
  }));
}

test('Data saver on from the profile: a chat photo comes only on a tap, the suggestions in small sizes', async ({
  browser,
  request,
}) => {
  // Two screens before and after the setting, an accessibility check: under a minute quiet.
  test.setTimeout(90_000);
  const tag = String(Date.now()).slice(-6);
  const aminata = await registerMember(request, { name: `Aminata ${tag}`, gender: 'femme' });
  const moussa = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme' });
  const { aId, bId } = await match(request, aminata, moussa);
  await sendPhoto(request, moussa, aId);

  const hers = await loggedInPage(browser, aminata);
  // Without data saver the suggestions offer every size, AVIF first.
  const plain = await cardPhoto(hers, `Moussa ${tag}`);
  expect(plain.widths).toEqual([
    ['240w', '480w', '720w', '1080w'],
    ['240w', '480w', '720w', '1080w'],
  ]);

  await hers.goto('/mon-profil');
  const saver = hers.getByRole('checkbox', { name: 'Save data on this device' });
  await expect(saver).not.toBeChecked();
  await saver.focus();
  await hers.keyboard.press('Space');
  await expect(saver).toBeChecked();
  expect(await seriousViolations(hers)).toEqual([]);

  const asked = chatMediaAsked(hers);
  await hers.goto(`/chat?userId=${bId}`);
  const show = hers.getByRole('button', { name: /^Show the photo \(\d+ kB\)$/ });
  await expect(show).toBeVisible();
  await expect(hers.getByRole('img', { name: `Photo from Moussa ${tag}` })).toHaveCount(0);
  expect(asked).toEqual([]);
  await show.click();
  const photo = hers.getByRole('img', { name: `Photo from Moussa ${tag}` });
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(asked).toHaveLength(1);

  await hers.goto('/suggestions');
  const small = await cardPhoto(hers, `Moussa ${tag}`);
  expect(small.widths).toEqual([['240w'], ['240w']]);
  expect(small.taken).toMatch(/-240\.avif\?/);
});

test('A browser sending Save-Data: on gets data saver without asking, in French', async ({
  browser,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const awa = await registerMember(request, { name: `Awa ${tag}`, gender: 'femme' });
  const ibrahima = await registerMember(request, { name: `Ibrahima ${tag}`, gender: 'homme' });
  const { aId, bId } = await match(request, awa, ibrahima);
  await sendPhoto(request, ibrahima, aId);

  const hers = await loggedInPage(browser, awa, {
    prepare: (context) => context.setExtraHTTPHeaders({ 'save-data': 'on' }),
  });
  await hers.goto('/fr/mon-profil');
  await expect(
    hers.getByRole('checkbox', { name: 'Économiser les données sur cet appareil' }),
  ).toBeChecked();
  await expect(hers.getByText(/activé car votre téléphone ou votre navigateur/)).toBeVisible();

  const asked = chatMediaAsked(hers);
  await hers.goto(`/fr/chat?userId=${bId}`);
  const show = hers.getByRole('button', { name: /^Afficher la photo \(\d+\sko\)$/ });
  await expect(show).toBeVisible();
  expect(asked).toEqual([]);
  await show.click();
  await expect(hers.getByRole('img', { name: `Photo d'Ibrahima ${tag}` })).toBeVisible();

  await hers.goto('/fr/suggestions');
  expect((await cardPhoto(hers, `Ibrahima ${tag}`)).widths).toEqual([['240w'], ['240w']]);
});
