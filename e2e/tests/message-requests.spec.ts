import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { type Member, memberId, registerMember } from '../support/members.ts';
import { subscribe } from '../support/payments.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

const PHONE = { width: 360, height: 740 };

/** A conversation's messages (English or French), found by their text. */
const bubble = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Messages (with|avec)/ })
    .getByRole('listitem')
    .filter({ hasText: text });

/**
 * Omar, a subscriber, and Aïcha, whom he never matched with, each on a phone; he writes first
 * from her profile's chat address (in `language`), and answers her id.
 */
async function omarWritesFirst(
  browser: Parameters<typeof loggedInPage>[0],
  request: Parameters<typeof registerMember>[0],
  language: 'fr' | 'en',
  text: string,
) {
  const tag = String(Date.now()).slice(-6);
  const omar: Member = await registerMember(request, { name: `Omar ${tag}`, gender: 'homme' });
  const aicha: Member = await registerMember(request, { name: `Aïcha ${tag}`, gender: 'femme' });
  await subscribe(request, omar);
  const aichaId = await memberId(request, aicha);
  const his = await loggedInPage(browser, omar);
  const hers = await loggedInPage(browser, aicha);
  for (const page of [his, hers]) await page.setViewportSize(PHONE);
  const root = language === 'fr' ? '/fr' : '';
  await his.goto(`${root}/chat?userId=${aichaId}`);
  const composer = his.getByRole('textbox', {
    name: language === 'fr' ? `Message à Aïcha ${tag}` : `Message to Aïcha ${tag}`,
  });
  await composer.fill(text);
  await his.keyboard.press('Enter');
  await expect(bubble(his, text)).toBeVisible();
  return { tag, his, hers, root };
}

test('Une demande acceptée : elle lit sa carte et son message, accepte, et la conversation s’ouvre pour les deux', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { tag, his, hers } = await omarWritesFirst(
    browser,
    request,
    'fr',
    'Salam Aïcha, ton profil m’a touché',
  );
  // Lui : rien de plus ne part avant sa réponse.
  await expect(his.getByText(/Votre demande attend la réponse d.Aïcha/)).toBeVisible();
  await expect(his.getByRole('textbox')).toHaveCount(0);

  // Elle : pas parmi ses conversations, mais dans ses demandes, comptée à part.
  await hers.goto('/fr/chat');
  const sidebar = hers.getByRole('navigation', { name: 'Messages' });
  await expect(sidebar.getByRole('link', { name: new RegExp(`Omar ${tag}`) })).toHaveCount(0);
  const requests = hers
    .getByRole('navigation', { name: 'Conversations et demandes' })
    .getByRole('link', { name: /^Demandes/ });
  await expect(requests).toContainText('1 demande en attente');
  await requests.click();
  await hers.getByRole('link', { name: `Demande de message d'Omar ${tag}` }).click();
  const view = hers.getByRole('region', { name: `Demande de message d'Omar ${tag}` });
  await expect(view.getByText('Salam Aïcha, ton profil m’a touché')).toBeVisible();
  await expect(view.getByRole('link', { name: `Voir le profil d'Omar ${tag}` })).toBeVisible();
  await view.getByRole('button', { name: 'Accepter' }).click();

  // La conversation s'ouvre : elle lui répond, il lit sa réponse et peut écrire à nouveau.
  const hersComposer = hers.getByRole('textbox', { name: `Message à Omar ${tag}` });
  await hersComposer.fill('Wa alaykum salam, Omar');
  await hers.keyboard.press('Enter');
  await expect(bubble(his, 'Wa alaykum salam, Omar')).toBeVisible();
  await expect(his.getByText(/Votre demande attend/)).toHaveCount(0);
  await his.getByRole('textbox', { name: `Message à Aïcha ${tag}` }).fill('Barakallahu fiki');
  await his.keyboard.press('Enter');
  await expect(bubble(hers, 'Barakallahu fiki')).toBeVisible();
});

test('A request declined with a kind reply: he reads it in English and may not write again', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { tag, his, hers } = await omarWritesFirst(
    browser,
    request,
    'en',
    'Salam, I would like to know you',
  );
  await expect(his.getByText(`Your request is waiting for Aïcha ${tag}’s answer`)).toBeVisible();

  await hers.goto('/chat?requests=open');
  await hers.getByRole('link', { name: `Message request from Omar ${tag}` }).click();
  const view = hers.getByRole('region', { name: `Message request from Omar ${tag}` });
  await expect(view.getByText('Salam, I would like to know you')).toBeVisible();
  expect(await seriousViolations(hers)).toEqual([]);
  // Declining is one tap, then an optional kind reply from the list, by keyboard: the list takes
  // the focus, the arrows choose, Enter declines.
  await view.getByRole('button', { name: 'Decline' }).click();
  const replies = view.getByRole('group', { name: 'Add a kind reply (optional)' });
  await expect(replies.getByRole('radio', { name: 'No reply' })).toBeFocused();
  await hers.keyboard.press('ArrowDown');
  await expect(
    replies.getByRole('radio', { name: 'May Allah make it easy for you' }),
  ).toBeChecked();
  expect(await seriousViolations(hers)).toEqual([]);
  await hers.keyboard.press('Enter');
  await expect(hers.getByText('No message requests.')).toBeVisible();

  // He is told politely, her reply in his language, and nothing more goes from him.
  const notice = his.getByRole('status').filter({ hasText: `Aïcha ${tag} declined your request` });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('May Allah make it easy for you');
  await expect(his.getByRole('textbox')).toHaveCount(0);
});
