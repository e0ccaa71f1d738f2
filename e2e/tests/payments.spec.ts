import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { keepMediaTracks, openReadyForCalls } from '../support/calls.ts';
import { match } from '../support/match.ts';
import { type Member, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

// The e2e server has no Stripe or PayDunya keys: it takes payments on its built-in test checkout
// (/checkout/local/…), which sends the member back exactly as a provider would.

const conversation = (page: Page) => page.getByRole('region', { name: /^Messages with/ });

/** The headers of a request made as the member, logged in through the API. */
async function as(request: APIRequestContext, member: Member) {
  const login = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** The member's subscription and their conversation with another, as the API tells them. */
async function accountOf(request: APIRequestContext, member: Member, otherId: string) {
  const headers = await as(request, member);
  const me = (await (await request.get('/api/users/me', { headers })).json()) as {
    subscription: unknown;
  };
  const messages = (await (
    await request.get(`/api/chat/conversation/${otherId}`, { headers })
  ).json()) as Array<{ content: string | null }>;
  return { subscription: me.subscription, contents: messages.map((m) => m.content) };
}

test('A sends B a gift from the conversation: A pays on the checkout page, B sees it arrive live', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const omar = await registerMember(request, { name: `Omar ${tag}`, gender: 'homme' });
  const fatou = await registerMember(request, { name: `Fatou ${tag}`, gender: 'femme' });
  const { aId, bId } = await match(request, omar, fatou);
  const his = await loggedInPage(browser, omar);
  // She reads the app in French.
  const hers = await loggedInPage(browser, fatou, { path: `/fr/chat?userId=${aId}` });
  await expect(
    hers.getByText(`Aucun message pour l'instant. Dites bonjour à Omar ${tag} !`),
  ).toBeVisible();

  await his.goto(`/chat?userId=${bId}`);
  await his.getByRole('button', { name: `Send a gift to Fatou ${tag}` }).click();
  const popup = his.getByRole('dialog', { name: `A gift for Fatou ${tag}` });
  await expect(popup.getByRole('article', { name: 'Tulip bouquet' })).toContainText('$2.99');
  await popup.getByRole('button', { name: `Send a tulip bouquet to Fatou ${tag}` }).click();
  await popup.getByRole('radio', { name: /^Card/ }).check();
  await popup.getByRole('button', { name: 'Go to payment' }).click();

  // The test checkout: what is bought (named in his language), the amount, then Pay.
  await expect(his).toHaveURL(/\/checkout\/local\//);
  await expect(his.getByText(`Gift: Tulip bouquet for Fatou ${tag}`)).toBeVisible();
  await expect(his.getByText('$2.99')).toBeVisible();
  await his.getByRole('button', { name: 'Pay' }).click();

  // Back in the conversation, the address cleaned; the gift is there on both sides.
  await expect(his).toHaveURL(new RegExp(`/chat\\?userId=${bId}$`));
  await expect(
    his.getByRole('status').filter({ hasText: 'Your gift has been sent.' }),
  ).toBeVisible();
  // Each sentence names the gift with its article, in the reader's language.
  await expect(conversation(his).getByTestId('gift-message')).toHaveText(
    'You sent a tulip bouquet',
  );
  // In her language, from the gift's number: not the words he bought it in.
  const received = hers.getByRole('region', { name: /^Messages avec/ }).getByTestId('gift-message');
  await expect(received).toHaveText(`Omar ${tag} vous a offert un bouquet de tulipes`);
  await expect(received.locator('img')).toHaveAttribute('src', '/images/gifts/tulip-bouquet.svg');

  // A reload runs nothing again: still one gift.
  await his.reload();
  await expect(conversation(his).getByTestId('gift-message')).toHaveCount(1);
  expect((await accountOf(request, omar, bId)).contents).toEqual(['gift:1']);
  await his.context().close();
  await hers.context().close();
});

test('A sends B a gift by mobile money in FCFA, in French: the operators named before the checkout, the gift arrives', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const ibrahima = await registerMember(request, { name: `Ibrahima ${tag}`, gender: 'homme' });
  const mariam = await registerMember(request, { name: `Mariam ${tag}`, gender: 'femme' });
  const { bId } = await match(request, ibrahima, mariam);
  const his = await loggedInPage(browser, ibrahima, { path: `/fr/chat?userId=${bId}` });
  await his.getByRole('button', { name: `Envoyer un cadeau à Mariam ${tag}` }).click();
  const popup = his.getByRole('dialog', { name: `Un cadeau pour Mariam ${tag}` });
  await expect(popup.getByRole('article', { name: 'Bouquet de tulipes' })).toContainText(
    /1\s000\sFCFA/,
  );
  await popup
    .getByRole('button', { name: `Envoyer un bouquet de tulipes à Mariam ${tag}` })
    .click();

  // How he pays, before he leaves: the operators he will find there, and the price in FCFA.
  const step = popup.getByRole('region', { name: /Comment souhaitez-vous payer/ });
  await expect(step.getByRole('heading')).toBeFocused();
  const mobileMoney = step.getByRole('radio', { name: /^Mobile money \(FCFA\)/ });
  await expect(
    step
      .locator('label')
      .filter({ has: his.getByRole('radio') })
      .nth(1),
  ).toHaveText(
    /^Mobile money \(FCFA\)1\s000\sFCFA, payé par Orange Money, Wave, MTN Mobile Money ou Moov Money, selon votre pays$/,
  );
  expect(await seriousViolations(his)).toEqual([]);
  await mobileMoney.check();
  await step.getByRole('button', { name: 'Aller au paiement' }).click();

  await expect(his).toHaveURL(/\/checkout\/local\//);
  await expect(his.getByText(`Cadeau : Bouquet de tulipes pour Mariam ${tag}`)).toBeVisible();
  await expect(his.getByText(/1\s000 FCFA/)).toBeVisible();
  await his.getByRole('button', { name: 'Payer' }).click();

  await expect(his).toHaveURL(new RegExp(`/fr/chat\\?userId=${bId}$`));
  await expect(
    his.getByRole('status').filter({ hasText: 'Votre cadeau a été envoyé.' }),
  ).toBeVisible();
  await expect(
    his.getByRole('region', { name: /^Messages avec/ }).getByTestId('gift-message'),
  ).toHaveCount(1);
  expect((await accountOf(request, ibrahima, bId)).contents).toEqual(['gift:1']);
  await his.context().close();
});

test('A free member calls a match: the plans open; A buys MONTHLY by card, then the call rings on B', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const malick = await registerMember(request, { name: `Malick ${tag}`, gender: 'homme' });
  const khady = await registerMember(request, { name: `Khady ${tag}`, gender: 'femme' });
  const { bId } = await match(request, malick, khady);
  const his = await loggedInPage(browser, malick);
  await keepMediaTracks(his);
  const hers = await loggedInPage(browser, khady);
  await openReadyForCalls(hers, '/suggestions');

  await openReadyForCalls(his, `/chat?userId=${bId}`);
  await his.getByRole('button', { name: `Voice call with Khady ${tag}` }).click();
  const plans = his.getByRole('dialog', { name: 'Choose a plan' });
  await expect(plans).toBeVisible();
  await expect(hers.getByRole('dialog', { name: /Incoming/ })).toBeHidden();

  await plans.getByRole('radio', { name: /Monthly/ }).check();
  await plans.getByRole('button', { name: 'Next' }).click();
  await plans.getByRole('radio', { name: /^Card/ }).check();
  await plans.getByRole('button', { name: 'Go to payment' }).click();
  await expect(his).toHaveURL(/\/checkout\/local\//);
  await expect(his.getByText('$9.99')).toBeVisible();
  await his.getByRole('button', { name: 'Pay' }).click();

  await expect(
    his.getByRole('status').filter({ hasText: 'Your subscription is active. Thank you!' }),
  ).toBeVisible();
  // Back in the conversation he subscribed from.
  await expect(his).toHaveURL(new RegExp(`/chat\\?userId=${bId}$`));

  // Now the call goes through: it rings on her side.
  await openReadyForCalls(his, `/chat?userId=${bId}`);
  await his.getByRole('button', { name: `Voice call with Khady ${tag}` }).click();
  const ringing = hers.getByRole('dialog', { name: 'Incoming voice call' });
  await expect(ringing).toBeVisible();
  await expect(ringing).toContainText(`Malick ${tag} is calling you.`);
  await ringing.getByRole('button', { name: 'Refuse' }).click();

  // His profile shows the plan and its end date, 30 days on.
  await his.goto('/mon-profil');
  const end = new Date(Date.now() + 30 * 86_400_000);
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(end);
  await expect(his.getByTestId('subscription-status')).toHaveText(`Monthly plan, until ${date}`);
  // Choosing a plan again, he reads the one he has: nobody pays twice without knowing.
  await his.getByRole('button', { name: 'Extend' }).click();
  await expect(
    his.getByRole('dialog', { name: 'Choose a plan' }).getByTestId('current-plan'),
  ).toContainText(`You have the monthly plan until ${date}.`);
  await his.keyboard.press('Escape');
  await his.context().close();
  await hers.context().close();
});

test('A pays for a gift after B blocked them: told in French it could not be delivered, and B gets nothing', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const moussa = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme' });
  const khady = await registerMember(request, { name: `Khady ${tag}`, gender: 'femme' });
  const { aId, bId } = await match(request, moussa, khady);
  const his = await loggedInPage(browser, moussa, { path: `/fr/gifts?receiverId=${bId}` });
  await his.getByRole('button', { name: `Envoyer des chocolats à Khady ${tag}` }).click();
  await his.getByRole('radio', { name: /^Carte/ }).check();
  await his.getByRole('button', { name: 'Aller au paiement' }).click();
  await expect(his).toHaveURL(/\/checkout\/local\//);
  // While he is on the checkout page, she blocks him.
  const block = `/api/users/${aId}/block`;
  expect((await request.post(block, { headers: await as(request, khady) })).ok()).toBe(true);
  await his.getByRole('button', { name: 'Pay' }).click();

  await expect(his).toHaveURL(/\/fr\/chat$/);
  await expect(his.getByRole('alert')).toHaveText(
    "Votre paiement a bien été reçu, mais le cadeau n'a pas pu être remis : ce membre n'est plus disponible. Nous vous rembourserons.",
  );
  // Lifted, the block shows her conversation with him as empty: the gift never reached her.
  expect((await request.delete(block, { headers: await as(request, khady) })).ok()).toBe(true);
  expect((await accountOf(request, khady, aId)).contents).toEqual([]);
  await his.context().close();
});

test('A cancels at the checkout: told nothing was charged, and nothing changes', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const samba = await registerMember(request, { name: `Samba ${tag}`, gender: 'homme' });
  const awa = await registerMember(request, { name: `Awa ${tag}`, gender: 'femme' });
  const { bId } = await match(request, samba, awa);
  // A gift, cancelled: back to the conversation, told, no gift.
  const his = await loggedInPage(browser, samba, { path: `/gifts?receiverId=${bId}` });
  await expect(his.getByLabel('Recipient')).toHaveValue(bId);
  expect(await seriousViolations(his)).toEqual([]);
  await his.getByRole('button', { name: `Send Chocolates to Awa ${tag}` }).click();
  await his.getByRole('radio', { name: /^Card/ }).check();
  await his.getByRole('button', { name: 'Go to payment' }).click();
  await expect(his).toHaveURL(/\/checkout\/local\//);
  await his.getByRole('button', { name: 'Cancel' }).click();
  // Back where he started, the recipient still chosen.
  await expect(his).toHaveURL(new RegExp(`/gifts\\?receiverId=${bId}$`));
  await expect(
    his.getByRole('status').filter({ hasText: 'Payment cancelled: nothing was charged.' }),
  ).toBeVisible();
  await expect(his.getByLabel('Recipient')).toHaveValue(bId);

  // A plan, cancelled: told, no subscription, /mon-profil says so.
  await his.getByRole('button', { name: 'Profile menu' }).click();
  await his.getByRole('menuitem', { name: 'Subscription' }).click();
  const plans = his.getByRole('dialog', { name: 'Choose a plan' });
  await expect(plans.getByRole('radio', { name: /Weekly/ })).toBeVisible();
  expect(await seriousViolations(his)).toEqual([]);
  await plans.getByRole('radio', { name: /Weekly/ }).check();
  await plans.getByRole('button', { name: 'Next' }).click();
  await plans.getByRole('radio', { name: /^Card/ }).check();
  await plans.getByRole('button', { name: 'Go to payment' }).click();
  await his.getByRole('button', { name: 'Cancel' }).click();
  await expect(his).toHaveURL(new RegExp(`/gifts\\?receiverId=${bId}$`));
  await expect(
    his.getByRole('status').filter({ hasText: 'Payment cancelled: nothing was charged.' }),
  ).toBeVisible();
  await his.goto('/mon-profil');
  await expect(his.getByTestId('subscription-status')).toHaveText('No subscription');

  expect(await accountOf(request, samba, bId)).toEqual({ subscription: null, contents: [] });
  await his.context().close();
});

test('A pays a plan by mobile money in FCFA, in French: named in French, back on her profile page, confirmed', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const aida = await registerMember(request, { name: `Aïda ${tag}`, gender: 'femme' });
  const page = await loggedInPage(browser, aida, { path: '/fr/mon-profil' });
  await page.getByRole('button', { name: 'Choisir une formule' }).click();
  const plans = page.getByRole('dialog', { name: 'Choisissez une formule' });
  await plans.getByRole('radio', { name: /Hebdomadaire/ }).check();
  await plans.getByRole('button', { name: 'Suivant' }).click();
  await plans.getByRole('radio', { name: /^Mobile money/ }).check();
  await plans.getByRole('button', { name: 'Aller au paiement' }).click();
  await expect(page).toHaveURL(/\/checkout\/local\//);
  await expect(page.getByText('Abonnement Mawadda : formule hebdomadaire')).toBeVisible();
  await expect(page.getByText(/FCFA/)).toBeVisible();
  await page.getByRole('button', { name: 'Payer' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Votre abonnement est actif. Merci !' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/fr\/mon-profil$/);
  expect(await page.evaluate(() => sessionStorage.getItem('pendingPaymentPlan'))).toBeNull();
  await expect(page.getByTestId('subscription-status')).toHaveText(
    /^Formule hebdomadaire, jusqu'au /,
  );
  await page.context().close();
});
