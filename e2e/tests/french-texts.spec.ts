import { expect, test } from '@playwright/test';
import { match } from '../support/match.ts';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

test('French elides before a name, punctuates a shared contact its way, and names are shown as every screen names them, not as typed', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  // Names as members type them.
  const aicha = await registerMember(request, { name: `aïcha ba ${tag}`, gender: 'femme' });
  const ibrahima = await registerMember(request, { name: `ibrahima sy ${tag}`, gender: 'homme' });
  const { aId: aichaId, bId: ibrahimaId } = await match(request, aicha, ibrahima);

  // He reads the app in French: "d'Aïcha", not "de Aïcha".
  const his = await loggedInPage(browser, ibrahima, { path: `/fr/chat?userId=${aichaId}` });
  await his
    .getByRole('button', { name: `Demander le contact du wali d'Aïcha Ba ${tag}`, exact: true })
    .click();
  await expect(his.getByTestId('notice-line').last()).toContainText(
    `Vous avez demandé à Aïcha Ba ${tag} le contact de son wali`,
  );

  // She reads it in English: she shares her father's name, typed as it comes (a new account
  // shares no phone number).
  const hers = await loggedInPage(browser, aicha, { path: `/chat?userId=${ibrahimaId}` });
  const answer = hers.getByRole('form', {
    name: `Share your wali’s contact with Ibrahima Sy ${tag}?`,
  });
  await answer.getByLabel('Your wali’s name').fill('mamadou ba');
  await answer.getByRole('button', { name: 'Share' }).click();
  // Each language punctuates the contact within its sentence: a space before the colon in French.
  await expect(his.getByTestId('notice-line').last()).toHaveText(
    new RegExp(`^Aïcha Ba ${tag} a partagé le contact de son wali : Mamadou Ba \\(père\\),`),
  );
  await hers.reload();
  await expect(hers.getByTestId('notice-line').last()).toHaveText(
    /^You shared your wali’s contact: Mamadou Ba \(father\),/,
  );

  // Her family mode names him as every screen does, in both languages (exact: names are matched
  // regardless of case otherwise).
  await hers.goto('/mon-profil');
  await expect(
    hers.getByRole('checkbox', {
      name: `Let them follow my conversation with Ibrahima Sy ${tag}`,
      exact: true,
    }),
  ).toBeVisible();
  await hers.goto('/fr/mon-profil');
  await expect(
    hers.getByRole('checkbox', {
      name: `Les laisser suivre ma conversation avec Ibrahima Sy ${tag}`,
      exact: true,
    }),
  ).toBeVisible();
});
