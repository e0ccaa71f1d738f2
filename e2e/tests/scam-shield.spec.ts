import { expect, type Page, test } from '@playwright/test';
import { match } from '../support/match.ts';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/** A message in the conversation, found by its text. */
const bubble = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /^Messages (with|avec)/ })
    .getByRole('listitem')
    .filter({ hasText: text });

const WARNING =
  'Never send money to someone you have not met. Mawadda will never ask you for money.';

test('The scam shield: a message asking for money shows the receiver a calm warning (not the sender), and reports in one tap; a new account’s phone number is refused', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const moussa = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme' });
  const aminata = await registerMember(request, { name: `Aminata ${tag}`, gender: 'femme' });
  const { aId, bId } = await match(request, moussa, aminata);
  const his = await loggedInPage(browser, moussa, { path: `/chat?userId=${bId}` });
  const hers = await loggedInPage(browser, aminata, { path: `/chat?userId=${aId}` });
  await expect(hers.getByRole('heading', { level: 2, name: `Moussa ${tag}` })).toBeVisible();

  // An ordinary message: no warning for anyone.
  await his.getByRole('textbox', { name: `Message to Aminata ${tag}` }).fill(`Salam ${tag}`);
  await his.keyboard.press('Enter');
  await expect(bubble(hers, `Salam ${tag}`)).toBeVisible();
  await expect(bubble(hers, `Salam ${tag}`).getByRole('note')).toHaveCount(0);

  // A scam-like one: she is warned under it, live; he sees his message as any other.
  const scam = `Faut m'envoyer l'argent par Wave pour le billet d'avion ${tag}`;
  await his.getByRole('textbox', { name: `Message to Aminata ${tag}` }).fill(scam);
  await his.keyboard.press('Enter');
  // Accepted like any other: sent, or already read (her conversation is open beside his).
  await expect(bubble(his, scam)).toContainText(/, (sent|read)$/);
  const note = bubble(hers, scam).getByRole('note');
  await expect(note).toHaveText(new RegExp(WARNING.replace(/\./g, '\\.')));
  await expect(bubble(his, scam).getByRole('note')).toHaveCount(0);
  await expect(his.getByText(WARNING)).toHaveCount(0);

  // Reloaded, the warning is still there for her, and still absent for him.
  await hers.reload();
  await expect(bubble(hers, scam).getByRole('note')).toBeVisible();
  await his.reload();
  await expect(bubble(his, scam)).toBeVisible();
  await expect(his.getByText(WARNING)).toHaveCount(0);

  // One tap: the report, asking for money and this message already chosen.
  await bubble(hers, scam)
    .getByRole('button', { name: `Report this message from Moussa ${tag}` })
    .click();
  const dialog = hers.getByRole('dialog', { name: `Report Moussa ${tag}` });
  await expect(dialog.getByRole('radio', { name: 'Asking for money' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(tag) }).first()).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /billet d'avion/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^Salam/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(dialog.getByText(/your report was sent/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Not now' }).click();

  // He is a new account: a phone number is refused, and said why; nothing reaches her, and no
  // Retry is offered, since only another text can pass.
  await his
    .getByRole('textbox', { name: `Message to Aminata ${tag}` })
    .fill(`Mon numéro : 07 07 12 34 56 (${tag})`);
  await his.keyboard.press('Enter');
  const refused = bubble(his, /07 07 12 34 56/);
  await expect(refused).toContainText(
    'New accounts cannot share links or phone numbers for their first 48 hours, or until they are verified',
  );
  await expect(refused.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(refused.getByRole('button', { name: 'Remove' })).toBeVisible();
  await expect(bubble(hers, /07 07 12 34 56/)).toHaveCount(0);
});
