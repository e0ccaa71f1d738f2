import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { match } from '../support/match.ts';
import { type Member, memberId, portraitPath, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/** A message in the conversation (English or French), found by its text. */
const bubble = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /^Messages (with|avec)/ })
    .getByRole('listitem')
    .filter({ hasText: text });

test('Two matched members chat live: text, a photo, a voice note, read ticks, presence, a message written offline', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const moussa = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme' });
  const aminata = await registerMember(request, { name: `Aminata ${tag}`, gender: 'femme' });

  const { aId, bId } = await match(request, moussa, aminata);

  // He opens the conversation from the address the chat buttons use; she waits on her list.
  const his = await loggedInPage(browser, moussa, { path: `/chat?userId=${bId}` });
  await expect(his.getByRole('heading', { level: 2, name: `Aminata ${tag}` })).toBeVisible();
  const hers = await loggedInPage(browser, aminata, { path: '/chat' });
  const hisEntry = hers
    .getByRole('navigation', { name: 'Messages' })
    .getByRole('link', { name: new RegExp(`Moussa ${tag}`) });
  await expect(hisEntry).toContainText('Online');
  await expect(his.getByTestId('presence')).toHaveText('Online');

  // A text: one tick at once for him, an unread badge for her (list and navbar).
  await his.getByRole('textbox', { name: `Message to Aminata ${tag}` }).fill(`Salam ${tag}`);
  await his.keyboard.press('Enter');
  await expect(bubble(his, `Salam ${tag}`)).toContainText('sent');
  await expect(hisEntry).toHaveAccessibleName(/1 unread message/);
  await expect(
    hers.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ }),
  ).toHaveAccessibleName(/1 new/);

  // She opens it: she reads it, his tick turns double, her badges clear.
  await hisEntry.click();
  await expect(bubble(hers, `Salam ${tag}`)).toBeVisible();
  await expect(bubble(his, `Salam ${tag}`)).toContainText('read');
  await expect(bubble(his, `Salam ${tag}`).getByTestId('ticks-read')).toBeVisible();
  await expect(hisEntry).not.toHaveAccessibleName(/unread/);
  await expect(
    hers.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ }),
  ).not.toHaveAccessibleName(/new/);

  // A photo, previewed before it goes.
  await his.locator('input[type="file"]').setInputFiles(portraitPath);
  await expect(his.getByRole('img', { name: 'The photo you are about to send' })).toBeVisible();
  await his.getByRole('button', { name: 'Send', exact: true }).click();
  const photo = hers.getByRole('img', { name: `Photo from Moussa ${tag}` });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // A voice note: recorded, stopped and played back, thrown away; then one sent while recording.
  await his.getByRole('button', { name: 'Record a voice message' }).click();
  await expect(his.getByRole('timer')).toHaveText(/0:0[1-9]/, { timeout: 5000 });
  await his.getByRole('button', { name: 'Stop recording', exact: true }).click();
  await expect(his.getByLabel('Your voice message, before sending')).toBeVisible();
  await his.getByRole('button', { name: 'Delete the voice message' }).click();
  await his.getByRole('button', { name: 'Record a voice message' }).click();
  await expect(his.getByRole('timer')).toHaveText(/0:0[2-9]/, { timeout: 6000 });
  await his.getByRole('button', { name: 'Stop recording and send' }).click();
  const voice = hers.getByLabel(`Voice message from Moussa ${tag}`);
  await expect(voice).toBeVisible();
  await expect
    .poll(() => voice.evaluate((audio: HTMLAudioElement) => audio.readyState))
    .toBeGreaterThan(0);

  // She answers; he sees it live.
  await hers.getByRole('textbox', { name: `Message to Moussa ${tag}` }).fill('Wa alaykum salam');
  await hers.keyboard.press('Enter');
  await expect(bubble(his, 'Wa alaykum salam')).toBeVisible();

  // His network drops: the banner says so, and what he writes waits, then goes once.
  await his.context().setOffline(true);
  await expect(his.getByText('Reconnecting…')).toBeVisible();
  await his.getByRole('textbox', { name: `Message to Aminata ${tag}` }).fill(`Offline ${tag}`);
  await his.keyboard.press('Enter');
  await expect(bubble(his, `Offline ${tag}`)).toContainText('Waiting for the connection');
  await his.context().setOffline(false);
  await expect(his.getByText('Reconnecting…')).toBeHidden({ timeout: 15_000 });
  await expect(bubble(his, `Offline ${tag}`)).toContainText(/sent|read/);
  await expect(bubble(hers, `Offline ${tag}`)).toHaveCount(1);
  const stored = await request.get(`/api/chat/conversation/${aId}`, {
    headers: {
      authorization: `Bearer ${await hers.evaluate(() => localStorage.getItem('authToken'))}`,
    },
  });
  const texts = ((await stored.json()) as Array<{ content: string | null }>).map((m) => m.content);
  expect(texts.filter((text) => text === `Offline ${tag}`)).toHaveLength(1);

  // He leaves: she sees him go offline.
  await his.context().close();
  await expect(hers.getByTestId('presence')).toHaveText('Offline', { timeout: 15_000 });
});

test('On a phone, the conversations and a conversation are two screens', async ({
  browser,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const idrissa = await registerMember(request, { name: `Idrissa ${tag}`, gender: 'homme' });
  const fatou = await registerMember(request, { name: `Fatou ${tag}`, gender: 'femme' });
  await match(request, idrissa, fatou);
  const page = await loggedInPage(browser, idrissa);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/chat');
  const list = page.getByRole('navigation', { name: 'Messages' });
  await list.getByRole('link', { name: new RegExp(`Fatou ${tag}`) }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Fatou ${tag}` })).toBeVisible();
  await expect(list).toBeHidden();
  await expect(page.getByRole('textbox', { name: `Message to Fatou ${tag}` })).toBeInViewport();

  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(list).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Fatou ${tag}` })).toBeHidden();
  await page.context().close();
});

/** Logs a member in through the API and answers the header their requests carry. */
async function authorization(request: APIRequestContext, member: Member) {
  const login = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** Where an element sits on the screen (it must be laid out). */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on the screen`);
  return {
    top: found.y,
    bottom: found.y + found.height,
    left: found.x,
    right: found.x + found.width,
  };
}

/** The conversation's header and composer are on the screen, above the tab bar, the page still. */
async function expectFramed(page: Page, composer: Locator, screen: string) {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const header = await box(page.locator('header', { has: page.locator('#conversation-title') }));
  const field = await box(composer);
  const tabBar = await box(page.getByRole('navigation', { name: /^(Main|Principale)$/ }));
  expect(header.top, `${screen}: the header's top`).toBeGreaterThanOrEqual(0);
  expect(header.right, `${screen}: the header's right edge`).toBeLessThanOrEqual(viewport.width);
  expect(field.top, `${screen}: the composer below the header`).toBeGreaterThan(header.bottom);
  expect(field.bottom, `${screen}: the composer above the tab bar`).toBeLessThanOrEqual(tabBar.top);
  expect(field.right, `${screen}: the composer's right edge`).toBeLessThanOrEqual(viewport.width);
  // The page itself does not scroll: nothing (no footer) lies under the composer.
  const scroll = await page.evaluate(() => ({
    scrolled: window.scrollY,
    height: document.documentElement.scrollHeight,
  }));
  expect(scroll.scrolled, `${screen}: page scrolled`).toBe(0);
  expect(scroll.height, `${screen}: page height`).toBeLessThanOrEqual(viewport.height);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
}

test('On a phone, in English and French: the conversation fills the screen, names whole, the list previews, a draft survives a reload, a blocked member’s chat is unavailable', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  // Names as the members typed them; every screen shows them title-cased.
  const karim = await registerMember(request, { name: 'KARIM el amrani', gender: 'homme' });
  const samira = await registerMember(request, { name: 'samira BENALI', gender: 'femme' });
  const nadia = await registerMember(request, { name: 'nadia TOURÉ', gender: 'femme' });
  const { aId: karimId, bId: samiraId } = await match(request, karim, samira);
  const nadiaId = await memberId(request, nadia);
  // A long conversation: far more than a phone's screen holds.
  const his = await authorization(request, karim);
  const hers = await authorization(request, samira);
  for (let i = 1; i <= 24; i += 1) {
    const [headers, to] = i % 2 ? [his, samiraId] : [hers, karimId];
    const sent = await request.post(`/api/chat/send/${to}`, {
      headers,
      data: { content: `Message ${i}: quelques mots pour remplir l'écran du téléphone.` },
    });
    expect(sent.status()).toBe(201);
  }
  await request.post(`/api/chat/send/${karimId}`, {
    headers: hers,
    data: { content: 'À demain inch Allah' },
  });

  const page = await loggedInPage(browser, karim);
  for (const [width, language] of [
    [360, 'en'],
    [320, 'fr'],
  ] as const) {
    const fr = language === 'fr';
    const screen = `${width} px, ${language}`;
    await page.setViewportSize({ width, height: 640 });
    await page.goto(fr ? '/fr/chat' : '/chat');

    // The list: her name as one name looks everywhere, her last message and when.
    const entry = page
      .getByRole('navigation', { name: 'Messages' })
      .getByRole('link', { name: /Samira Benali/ });
    // Her last message; in French, after the English round, the one he sent.
    await expect(entry.getByTestId('last-message')).toHaveText(
      fr ? 'Vous : Brouillon en' : 'À demain inch Allah',
    );
    await expect(entry.getByTestId('last-message-time')).toHaveText(
      fr ? /^\d{2}:\d{2}$/ : /^\d{1,2}:\d{2} [AP]M$/,
    );
    await entry.click();

    // The conversation: header and composer on the screen, the newest message above the composer.
    const heading = page.getByRole('heading', { level: 2, name: 'Samira Benali' });
    await expect(heading).toBeVisible();
    const composer = page.getByRole('textbox', {
      name: fr ? 'Message à Samira Benali' : 'Message to Samira Benali',
    });
    const newest = fr ? 'Brouillon en' : 'À demain inch Allah';
    await expect(bubble(page, newest)).toBeInViewport();
    await expectFramed(page, composer, screen);

    // Her whole name: not cut, not clamped; the presence beside it, not under the gift icon.
    const name = await heading.evaluate((h) => ({
      wide: h.scrollWidth <= h.clientWidth,
      tall: h.scrollHeight <= h.clientHeight,
    }));
    expect(name, `${screen}: the name fits`).toEqual({ wide: true, tall: true });
    const presence = await box(page.getByTestId('presence'));
    const gift = await box(
      page.getByRole('button', {
        name: fr ? 'Envoyer un cadeau à Samira Benali' : 'Send a gift to Samira Benali',
      }),
    );
    expect(presence.right, `${screen}: the presence before the gift`).toBeLessThanOrEqual(
      gift.left,
    );
    await expect(page.getByTestId('presence')).toHaveText(fr ? 'Hors ligne' : 'Offline');

    // The placeholder, whole in the field.
    const field = await composer.evaluate((area: HTMLTextAreaElement) => {
      const style = getComputedStyle(area);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no canvas');
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        placeholder: area.placeholder,
        text: context.measureText(area.placeholder).width,
        room:
          area.clientWidth -
          Number.parseFloat(style.paddingLeft) -
          Number.parseFloat(style.paddingRight),
        scrollWidth: area.scrollWidth,
        clientWidth: area.clientWidth,
      };
    });
    expect(field.placeholder).toBe(fr ? 'Écrivez un message…' : 'Write a message…');
    expect(field.text, `${screen}: the placeholder's width`).toBeLessThanOrEqual(field.room);
    expect(field.scrollWidth).toBeLessThanOrEqual(field.clientWidth);

    // Reading back up the conversation moves the messages only.
    await page.getByRole('region', { name: /^Messages (with|avec)/ }).hover();
    await page.mouse.wheel(0, -3000);
    await expect(bubble(page, newest)).not.toBeInViewport();
    await expectFramed(page, composer, `${screen}, scrolled up`);

    // A message begun survives a reload, and goes once sent.
    const draft = `Brouillon ${language}`;
    await composer.fill(draft);
    await page.reload();
    await expect(composer).toHaveValue(draft);
    await composer.press('Enter');
    await expect(bubble(page, draft)).toContainText(fr ? /envoyé|lu/ : /sent|read/);
    await page.reload();
    await expect(composer).toHaveValue('');
  }

  // A member he has not matched: her name, not "Member".
  await page.goto(`/chat?userId=${nadiaId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Nadia Touré' })).toBeVisible();

  // She blocks him: the old conversation says it is unavailable, not why.
  expect((await request.post(`/api/users/${karimId}/block`, { headers: hers })).ok()).toBe(true);
  for (const [path, title, body] of [
    [
      `/chat?userId=${samiraId}`,
      'Conversation unavailable',
      'This conversation is no longer available.',
    ],
    [
      `/fr/chat?userId=${samiraId}`,
      'Conversation indisponible',
      "Cette conversation n'est plus disponible.",
    ],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.getByText(body)).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByText(/could not be loaded|n'ont pas pu être chargés/)).toHaveCount(0);
  }
});
