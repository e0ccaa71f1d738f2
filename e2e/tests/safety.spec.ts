import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { match } from '../support/match.ts';
import { type Member, registerMember } from '../support/members.ts';
import { moderatorToken, SAFETY_MODERATOR } from '../support/moderator.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/** A message in the conversation, found by its text. */
const bubble = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Messages with/ })
    .getByRole('listitem')
    .filter({ hasText: text });

async function tokenOf(request: APIRequestContext, member: Member) {
  const login = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

test('B blocks A from the chat: A’s open conversation turns unavailable, as for a member gone, and B’s conversations no longer show A', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const awa = await registerMember(request, { name: `Awa ${tag}`, gender: 'femme' });
  const bakary = await registerMember(request, { name: `Bakary ${tag}`, gender: 'homme' });
  const { aId, bId } = await match(request, awa, bakary);
  const hers = await loggedInPage(browser, awa);
  const his = await loggedInPage(browser, bakary);

  await hers.goto(`/chat?userId=${bId}`);
  await hers.getByRole('textbox', { name: `Message to Bakary ${tag}` }).fill(`Salam ${tag}`);
  await hers.keyboard.press('Enter');
  await his.goto(`/chat?userId=${aId}`);
  await expect(bubble(his, `Salam ${tag}`)).toBeVisible();

  // He blocks her from the conversation's menu, by the keyboard, after reading what it does.
  await his.getByRole('button', { name: `More actions for Awa ${tag}` }).focus();
  await his.keyboard.press('Enter');
  await his.getByRole('menuitem', { name: 'Block' }).click();
  const confirm = his.getByRole('dialog', { name: `Block Awa ${tag}?` });
  await expect(confirm).toContainText('They will not be told');
  expect(await seriousViolations(his)).toEqual([]);
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();

  // He is back on his list, where she is no more, even after a reload.
  await expect(confirm).toBeHidden();
  await expect(his).toHaveURL(/\/chat$/);
  const hisList = his.getByRole('navigation', { name: 'Messages' });
  await expect(hisList.getByRole('link', { name: new RegExp(`Awa ${tag}`) })).toHaveCount(0);
  await his.reload();
  await expect(hisList).toContainText('No conversations yet.');

  // She is not told he blocked her: her open conversation says what it says of a member gone,
  // without her writing into it first (ADR 017).
  await expect(
    hers.getByRole('heading', { level: 2, name: 'Conversation unavailable' }),
  ).toBeVisible();
  await expect(hers.getByText('This conversation is no longer available.')).toBeVisible();
  await expect(hers.getByRole('textbox', { name: `Message to Bakary ${tag}` })).toHaveCount(0);

  // His settings list her, and he can lift the block.
  await his.goto('/mon-profil');
  const blocked = his.getByRole('region', { name: 'Blocked members' });
  await expect(blocked).toContainText(`Awa ${tag}`);
  await blocked.getByRole('button', { name: `Unblock Awa ${tag}` }).click();
  await expect(blocked).toContainText('You have not blocked anyone.');
  const headers = { authorization: `Bearer ${await tokenOf(request, bakary)}` };
  const contacts = await request.get('/api/chat/contacts', { headers });
  expect(((await contacts.json()) as Array<{ id: string }>).map((c) => c.id)).toContain(aId);
});

test('A reports B from the conversation with a message attached, and is offered to block B', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const aicha = await registerMember(request, { name: `Aicha ${tag}`, gender: 'femme' });
  const boubacar = await registerMember(request, { name: `Boubacar ${tag}`, gender: 'homme' });
  const { aId, bId } = await match(request, aicha, boubacar);
  const sent = await request.post(`/api/chat/send/${aId}`, {
    headers: { authorization: `Bearer ${await tokenOf(request, boubacar)}` },
    data: { content: `Send me 500 euros ${tag}` },
  });
  expect(sent.status()).toBe(201);

  const page = await loggedInPage(browser, aicha, { path: `/chat?userId=${bId}` });
  await expect(bubble(page, `Send me 500 euros ${tag}`)).toBeVisible();
  await page.getByRole('button', { name: `More actions for Boubacar ${tag}` }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();

  const report = page.getByRole('dialog', { name: `Report Boubacar ${tag}` });
  await report.getByRole('radio', { name: 'Asking for money' }).check();
  await report.getByRole('textbox', { name: 'Anything to add? (optional)' }).fill('Every day.');
  await report.getByRole('checkbox', { name: new RegExp(`Send me 500 euros ${tag}`) }).check();
  await expect(report).toContainText('1 of 20 chosen');
  expect(await seriousViolations(page)).toEqual([]);
  await report.getByRole('button', { name: 'Send the report' }).click();

  await expect(report).toContainText('Thank you: your report was sent.');
  await expect(report).toContainText(`Do you also want to block Boubacar ${tag}?`);
  await expect(report.getByRole('button', { name: `Block Boubacar ${tag}` })).toBeVisible();
  await report.getByRole('button', { name: 'Not now' }).click();
  await expect(report).toBeHidden();
  await expect(
    page.getByRole('button', { name: `More actions for Boubacar ${tag}` }),
  ).toBeFocused();

  // The moderators' queue holds it, with the message attached.
  const queue = await request.get('/api/moderation/reports', {
    headers: { authorization: `Bearer ${await moderatorToken(request, SAFETY_MODERATOR)}` },
  });
  expect(queue.ok()).toBe(true);
  const stored = (
    (await queue.json()) as Array<{
      reasons: string[];
      note: string | null;
      reporter: { id: string };
      reported: { id: string };
      messages: Array<{ content: string | null }>;
    }>
  ).find((open) => open.reported.id === bId);
  expect(stored).toMatchObject({
    reasons: ['asking-for-money'],
    note: 'Every day.',
    reporter: { id: aId },
    messages: [{ content: `Send me 500 euros ${tag}` }],
  });
});

test('A report opened from a profile’s menu comes over the profile, which is still there once it closes', async ({
  browser,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  await registerMember(request, { name: `Bintou ${tag}`, gender: 'femme' });
  const member = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme' });
  const page = await loggedInPage(browser, member, { path: '/suggestions' });
  await page
    .getByRole('main')
    .getByRole('button', { name: /, \d+$/ })
    .first()
    .click();
  const profile = page.getByRole('dialog');
  const more = profile.getByRole('button', { name: /^More actions for/ });
  await more.click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: /^Report / });
  // The report takes the focus, so the keyboard speaks to it.
  await expect
    .poll(() => report.evaluate((dialog) => dialog.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();
  await expect(profile).toBeVisible();
  await expect(more).toBeFocused();
  // The menu opens again from the profile, as many times as needed.
  await more.click();
  await expect(page.getByRole('menuitem', { name: 'Block' })).toBeVisible();
});
