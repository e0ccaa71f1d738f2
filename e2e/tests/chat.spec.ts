import { expect, type Page, test } from '@playwright/test';
import { match } from '../support/match.ts';
import { portraitPath, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/** A message in the conversation, found by its text. */
const bubble = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /^Messages with/ })
    .getByRole('listitem')
    .filter({ hasText: text });

test('Two matched members chat live: text, a photo, a voice note, read ticks, presence, a message written offline', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = String(Date.now()).slice(-6);
  const moussa = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme' });
  const aminata = await registerMember(request, { name: `Aminata ${tag}`, gender: 'femme' });

  const his = await loggedInPage(browser, moussa);
  const { aId, bId } = await match(request, moussa, aminata);
  const hers = await loggedInPage(browser, aminata);

  // He opens the conversation from the address the chat buttons use; she waits on her list.
  await his.goto(`/chat?userId=${bId}`);
  await expect(his.getByRole('heading', { level: 2, name: `Aminata ${tag}` })).toBeVisible();
  await hers.goto('/chat');
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
