import { expect, type Page, test } from '@playwright/test';
import { match } from '../support/match.ts';
import { type Member, registerMember } from '../support/members.ts';
import { MODERATOR, proveSecondFactor } from '../support/moderator.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/** Logs in through the login screen of `page`; the moderator has no photo, so no destination is assumed. */
async function logIn(page: Page, member: Member) {
  await page.getByLabel('Username or e-mail').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The moderator signs in and opens the moderation page from the profile menu. */
async function openModeration(page: Page) {
  await page.goto('/');
  await logIn(page, MODERATOR);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Moderation' }).click();
  // A password is not enough for moderation (ADR 074): the app's code for this session.
  await proveSecondFactor(page, MODERATOR);
}

test('A reports B with a message attached and a moderator suspends B, whose open app says so at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const amina = await registerMember(request, { name: `Amina ${tag}`, gender: 'femme' });
  const karim = await registerMember(request, { name: `Karim ${tag}`, gender: 'homme' });
  const { aId, bId } = await match(request, amina, karim);

  // Karim writes first (the chat journey covers writing through the screen).
  const login = await request.post('/api/auth/login', {
    data: { username: karim.username, password: karim.password },
  });
  const { token } = (await login.json()) as { token: string };
  const sent = await request.post(`/api/chat/send/${aId}`, {
    data: { content: `Send me money first ${tag}` },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(sent.ok()).toBe(true);
  const his = await loggedInPage(browser, karim);

  // Amina reports him from their conversation, with his message attached, and does not block.
  const hers = await loggedInPage(browser, amina, { path: `/chat?userId=${bId}` });
  await expect(
    hers.getByRole('region', { name: /^Messages with/ }).getByText(`Send me money first ${tag}`),
  ).toBeVisible();
  await hers.getByRole('button', { name: `More actions for Karim ${tag}` }).click();
  await hers.getByRole('menuitem', { name: 'Report' }).click();
  const report = hers.getByRole('dialog', { name: `Report Karim ${tag}` });
  await report.getByRole('radio', { name: 'Asking for money' }).check();
  await report.getByLabel('Anything to add? (optional)').fill('He asks for a transfer.');
  await report.getByRole('checkbox', { name: new RegExp(`Send me money first ${tag}`) }).check();
  await report.getByRole('button', { name: 'Send the report' }).click();
  await expect(report).toContainText('Thank you: your report was sent.');
  await report.getByRole('button', { name: 'Not now' }).click();

  // The moderator finds it in the queue, from the profile menu.
  const context = await browser.newContext({ locale: 'en-US' });
  const theirs = await context.newPage();
  try {
    await openModeration(theirs);
    await expect(
      theirs.getByRole('heading', { level: 1, name: 'Reports to review' }),
    ).toBeVisible();
    const card = theirs.getByRole('article', { name: `Karim ${tag}: Asking for money` });
    await expect(card).toContainText(`Reported by Amina ${tag}`);
    await expect(card).toContainText('He asks for a transfer.');
    await expect(
      card.getByRole('region', { name: 'Attached messages' }).getByRole('listitem'),
    ).toHaveText([new RegExp(`Send me money first ${tag}`)]);
    await expect(card.getByRole('img', { name: `Photo 1 of Karim ${tag}` })).toBeVisible();

    // A reason is required; with it and the days, the suspension is confirmed.
    const decision = card.getByRole('region', { name: 'Decision' });
    await decision.getByRole('radio', { name: 'Suspend' }).check();
    await decision.getByRole('spinbutton', { name: 'Days of suspension' }).fill('3');
    await decision.getByRole('button', { name: 'Continue' }).click();
    await expect(decision.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      /Say why, in a few words/,
    );
    await decision.getByRole('textbox', { name: 'Reason' }).fill('Asked a match for money.');
    await decision.getByRole('button', { name: 'Continue' }).click();
    const confirm = theirs.getByRole('alertdialog', { name: 'Confirm the decision' });
    await expect(confirm).toContainText(`Suspend Karim ${tag} for 3 days?`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(theirs.getByRole('status').filter({ hasText: 'suspended' })).toHaveText(
      `Karim ${tag} suspended for 3 days.`,
    );
    await expect(card).toHaveCount(0);
  } finally {
    await context.close();
  }

  // Karim's open app is told at once, without a tap: until when, in words, and why.
  const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(
    new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
  );
  await expect(his.getByRole('heading', { level: 1 })).toHaveText('Your account is suspended');
  await expect(his.getByRole('main')).toContainText(
    `Your account is suspended until ${until}. Write to us if you think this is a mistake.`,
  );
  await expect(his.getByRole('main')).toContainText(
    'Reason given by the moderators: Asked a match for money.',
  );
  // The statement of reasons and the appeal are one link away (the appeals journey reads them).
  await expect(his.getByRole('link', { name: 'Read why, and appeal' })).toBeVisible();
  await his.getByRole('button', { name: 'Continue to the login page' }).click();
  // Signing in, he reads the decision and may appeal it (the appeals journey goes on from here).
  await logIn(his, karim);
  await expect(his).toHaveURL(/\/standing$/);
  await expect(his.getByRole('heading', { level: 1 })).toHaveText('Your account is suspended');
  await expect(his.getByRole('main')).toContainText('Asked a match for money.');
});

test('A moderator hides the message B sent A: her open conversation shows it hidden at once, his shows it marked', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const amina = await registerMember(request, { name: `Amina ${tag}`, gender: 'femme' });
  const karim = await registerMember(request, { name: `Karim ${tag}`, gender: 'homme' });
  const { aId, bId } = await match(request, amina, karim);
  const asMember = async (member: Member) => {
    const login = await request.post('/api/auth/login', {
      data: { username: member.username, password: member.password },
    });
    return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  };
  const sent = await request.post(`/api/chat/send/${aId}`, {
    data: { content: `Write me on WhatsApp ${tag}` },
    headers: await asMember(karim),
  });
  const { uuid } = (await sent.json()) as { uuid: string };
  const reported = await request.post('/api/reports', {
    data: { reportedId: bId, reason: 'other', messageIds: [uuid] },
    headers: await asMember(amina),
  });
  expect(reported.ok()).toBe(true);

  const hers = await loggedInPage(browser, amina, { path: `/chat?userId=${bId}` });
  const herMessages = hers.getByRole('region', { name: /^Messages with/ });
  await expect(herMessages.getByText(`Write me on WhatsApp ${tag}`)).toBeVisible();

  const context = await browser.newContext({ locale: 'en-US' });
  const theirs = await context.newPage();
  try {
    await openModeration(theirs);
    const card = theirs.getByRole('article', { name: `Karim ${tag}: Other` });
    const decision = card.getByRole('region', { name: 'Decision' });
    await decision.getByRole('radio', { name: 'Hide the reported messages' }).check();
    await decision
      .getByRole('combobox', { name: 'Facts' })
      .selectOption({ label: 'You gave contact details or links to take members off Mawadda.' });
    await decision.getByRole('textbox', { name: 'Reason' }).fill('A WhatsApp number, twice.');
    await decision.getByRole('button', { name: 'Continue' }).click();
    await theirs
      .getByRole('alertdialog', { name: 'Confirm the decision' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(theirs.getByRole('status').filter({ hasText: 'hidden' })).toHaveText(
      `Messages of Karim ${tag} hidden.`,
    );
  } finally {
    await context.close();
  }

  // Her open conversation asks again, without a tap: his words are gone.
  await expect(herMessages.getByText('Message hidden by moderation')).toBeVisible();
  await expect(herMessages.getByText(`Write me on WhatsApp ${tag}`)).toHaveCount(0);
  // He still reads what he wrote, marked, and the decision with its reasons.
  const his = await loggedInPage(browser, karim, { path: `/chat?userId=${aId}` });
  const hisMessages = his.getByRole('region', { name: /^Messages with/ });
  await expect(hisMessages.getByText(`Write me on WhatsApp ${tag}`)).toBeVisible();
  await expect(
    hisMessages.getByText(`Hidden by moderation: Amina ${tag} no longer sees it`),
  ).toBeVisible();
});
