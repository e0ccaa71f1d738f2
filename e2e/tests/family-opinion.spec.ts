import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { familyOpinionLinkFor } from '../support/mailbox.ts';
import { match } from '../support/match.ts';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

const PHONE = { width: 360, height: 740 };

test('On a phone, a member sends her match to her guardian, who answers from the link; she alone sees the answer in the conversation header', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const aminata = await registerMember(request, { name: `Aminata ${tag}`, gender: 'femme' });
  const youssef = await registerMember(request, { name: `Youssef ${tag}`, gender: 'homme' });
  const { aId, bId } = await match(request, aminata, youssef);
  const guardianAddress = `papa-${tag}@example.org`;

  // She names her father, mailed in English.
  const hers = await loggedInPage(browser, aminata);
  await hers.setViewportSize(PHONE);
  await hers.goto('/mon-profil');
  const section = hers.getByRole('region', { name: 'Family mode: your guardians' });
  await section.getByLabel('Name').fill('Mamadou Diallo');
  await section.getByLabel('E-mail address').fill(guardianAddress);
  await section.getByLabel('Language of the e-mail').selectOption('en');
  await section.getByRole('button', { name: 'Add a guardian' }).click();
  await expect(section.getByText('Mamadou Diallo was sent an e-mail with the link.')).toBeVisible();

  // From the conversation, she sends Youssef's profile to him.
  await hers.goto(`/chat?userId=${bId}`);
  const panel = hers.getByRole('region', { name: 'Your family’s opinion' });
  await panel.getByRole('button', { name: 'Ask my family’s opinion' }).click();
  await expect(panel.getByRole('combobox', { name: 'Guardian to ask' })).toHaveValue(/.+/);
  await panel.getByRole('button', { name: `Send Youssef ${tag}’s profile` }).click();
  await expect(panel.getByRole('status')).toContainText('The link works for 7 days');
  expect(await seriousViolations(hers)).toEqual([]);

  // Youssef is told, in the conversation.
  const his = await loggedInPage(browser, youssef);
  await his.setViewportSize(PHONE);
  await his.goto(`/chat?userId=${aId}`);
  await expect(his.getByTestId('notice-line')).toContainText(
    `Aminata ${tag} showed your profile to their family for an opinion`,
  );

  // The guardian opens the mailed link, with no account, on a phone, and answers.
  const link = await familyOpinionLinkFor(guardianAddress);
  const guardianContext = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const guardian = await guardianContext.newPage();
  await guardian.goto(link);
  await expect(guardian.getByRole('heading', { name: 'Aminata asks your opinion' })).toBeVisible();
  await expect(guardian.getByRole('heading', { name: new RegExp(`^Youssef ${tag}`) })).toBeVisible();
  expect(await seriousViolations(guardian)).toEqual([]);
  await guardian.getByRole('radio', { name: 'I have questions' }).check();
  await guardian
    .getByRole('textbox', { name: 'A note for Aminata (optional)' })
    .fill('Who are his parents?');
  await guardian.getByRole('button', { name: 'Send my answer' }).click();
  await expect(guardian.getByText('Thank you: Aminata will see your answer.')).toBeVisible();
  expect(
    await guardian.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  await guardianContext.close();

  // She sees the answer under the conversation's header; he never does.
  await hers.reload();
  await expect(panel.getByText('Mamadou Diallo (father): has questions')).toBeVisible();
  await expect(panel.getByText('Who are his parents?')).toBeVisible();
  await his.reload();
  await expect(his.getByTestId('notice-line')).toBeVisible();
  await expect(his.getByText('Who are his parents?')).toHaveCount(0);
  await expect(his.getByText(/has questions/)).toHaveCount(0);
});
