import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { match } from '../support/match.ts';
import { type Member, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/**
 * A match ended, or a block, while the other member has the conversation open: it shows so at
 * once (ADR 017), rather than when a message is refused.
 */

/** A message in the conversation (English or French), found by its text. */
const bubble = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Messages (with|avec)/ })
    .getByRole('listitem')
    .filter({ hasText: text });

async function headersOf(request: APIRequestContext, member: Member) {
  const login = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** She writes to him from her phone. */
async function write(request: APIRequestContext, from: Member, to: string, content: string) {
  const sent = await request.post(`/api/chat/send/${to}`, {
    headers: await headersOf(request, from),
    data: { content },
  });
  expect(sent.status()).toBe(201);
}

/** Two matched members who wrote to each other. */
async function conversing(request: APIRequestContext, tag: string) {
  const moussa = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme' });
  const aicha = await registerMember(request, { name: `Aicha ${tag}`, gender: 'femme' });
  const { aId: moussaId, bId: aichaId } = await match(request, moussa, aicha);
  await write(request, aicha, moussaId, `Salam Moussa ${tag}`);
  return { moussa, aicha, moussaId, aichaId };
}

/**
 * His open conversation receives her messages live: what follows reaches his screen by the
 * socket, not by the answers a socket that opens asks again.
 */
async function listening(his: Page, request: APIRequestContext, aicha: Member, moussaId: string) {
  const text = 'Are you there?';
  await write(request, aicha, moussaId, text);
  await expect(bubble(his, text)).toBeVisible();
}

test('Aïcha unmatches Moussa while they both have the conversation open: it closes for him at once, the history and the report still there', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const { moussa, aicha, moussaId, aichaId } = await conversing(request, tag);
  const his = await loggedInPage(browser, moussa, { path: `/chat?userId=${aichaId}` });
  const hers = await loggedInPage(browser, aicha, { path: `/chat?userId=${moussaId}` });
  const presence = his.getByTestId('presence');
  await expect(presence).toHaveText('Online');
  const header = his.locator('header').filter({ has: his.getByTestId('presence') });
  await expect(header.getByRole('button', { name: `Voice call with Aicha ${tag}` })).toBeVisible();
  await expect(his.getByRole('textbox', { name: `Message to Aicha ${tag}` })).toBeVisible();
  await listening(his, request, aicha, moussaId);

  await hers.getByRole('button', { name: `More actions for Moussa ${tag}` }).click();
  await hers.getByRole('menuitem', { name: 'Unmatch' }).click();
  await hers
    .getByRole('dialog', { name: `Unmatch Moussa ${tag}?` })
    .getByRole('button', { name: 'Unmatch' })
    .click();

  // His screen, untouched by him: closed, said in a live region, without her presence.
  const closed = his.getByRole('status').filter({ hasText: 'This match has ended' });
  await expect(closed).toContainText(
    `You can still read your conversation, and report Aicha ${tag} from the menu above. Neither of you can write, call or send a gift unless you match again.`,
  );
  await expect(presence).toHaveText('Match ended');
  await expect(his.getByRole('textbox', { name: `Message to Aicha ${tag}` })).toHaveCount(0);
  for (const action of ['Voice call with', 'Video call with', 'Send a gift to']) {
    await expect(header.getByRole('button', { name: `${action} Aicha ${tag}` })).toHaveCount(0);
  }
  await expect(bubble(his, `Salam Moussa ${tag}`)).toBeVisible();
  expect(await seriousViolations(his)).toEqual([]);
  // What he can still do: report her (or block her), from the menu.
  await header.getByRole('button', { name: `More actions for Aicha ${tag}` }).click();
  await expect(his.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await expect(his.getByRole('menuitem', { name: 'Unmatch' })).toHaveCount(0);
  await his.keyboard.press('Escape');

  // Hers is closed too, and both stay so after a reload.
  await expect(hers.getByRole('status').filter({ hasText: 'This match has ended' })).toBeVisible();
  await his.reload();
  await expect(his.getByRole('status').filter({ hasText: 'This match has ended' })).toBeVisible();
  await expect(his.getByTestId('presence')).toHaveText('Match ended');
});

test('Aïcha annule le match pendant que le message de Moussa part : la conversation se ferme, et son message refusé ne propose pas de réessayer', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const { moussa, aicha, moussaId, aichaId } = await conversing(request, tag);
  const his = await loggedInPage(browser, moussa, { path: `/fr/chat?userId=${aichaId}` });
  await listening(his, request, aicha, moussaId);

  // His message is on its way (held here) when she ends the match from her phone.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await his.route('**/api/chat/send/**', async (route) => {
    await released;
    await route.continue();
  });
  await his.getByRole('textbox', { name: `Message à Aicha ${tag}` }).fill('Tu es là ?');
  await his.keyboard.press('Enter');
  const unmatched = await request.delete(`/api/users/${moussaId}/match`, {
    headers: await headersOf(request, aicha),
  });
  expect(unmatched.ok()).toBe(true);

  const closed = his.getByRole('status').filter({ hasText: 'Ce match a pris fin' });
  await expect(closed).toContainText(
    `Vous pouvez encore relire votre conversation, et signaler Aicha ${tag} depuis le menu ci-dessus. Aucun de vous deux ne peut écrire, appeler ou offrir un cadeau sans un nouveau match.`,
  );
  await expect(his.getByTestId('presence')).toHaveText('Match terminé');
  await expect(his.getByRole('textbox', { name: `Message à Aicha ${tag}` })).toHaveCount(0);

  release();
  const refused = bubble(his, 'Tu es là ?');
  await expect(refused).toContainText(
    'Ce match a pris fin : aucun de vous deux ne peut écrire, appeler ou offrir un cadeau sans un nouveau match.',
  );
  await expect(refused.getByRole('button', { name: 'Réessayer' })).toHaveCount(0);
  await refused.getByRole('button', { name: 'Supprimer' }).click();
  await expect(refused).toHaveCount(0);
});

test('Aïcha blocks Moussa while he reads their conversation: it becomes unavailable for him at once, as for a member gone', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const { moussa, aicha, moussaId, aichaId } = await conversing(request, tag);
  const his = await loggedInPage(browser, moussa, { path: `/chat?userId=${aichaId}` });
  await listening(his, request, aicha, moussaId);

  const blocked = await request.post(`/api/users/${moussaId}/block`, {
    headers: await headersOf(request, aicha),
  });
  expect(blocked.ok()).toBe(true);

  await expect(
    his.getByRole('heading', { level: 2, name: 'Conversation unavailable' }),
  ).toBeVisible();
  await expect(his.getByText('This conversation is no longer available.')).toBeVisible();
  await expect(his.getByRole('textbox', { name: `Message to Aicha ${tag}` })).toHaveCount(0);
  const list = his.getByRole('navigation', { name: 'Messages' });
  await expect(list.getByRole('link', { name: new RegExp(`Aicha ${tag}`) })).toHaveCount(0);
});
