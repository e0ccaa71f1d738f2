import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { memberId, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

const PHONE = { width: 360, height: 740 };

test('A compliment on a photo answered by a like back, on a phone, in English', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  // Digits only, so the names read the same in Title Case.
  const tag = String(Date.now()).slice(-6);
  const ibrahima = await registerMember(request, { name: `Ibrahima ${tag}`, gender: 'homme' });
  const aicha = await registerMember(request, { name: `Aicha ${tag}`, gender: 'femme' });
  const aichaId = await memberId(request, aicha);

  // Ibrahima opens Aïcha's profile on his phone and adds a compliment about her photo.
  const his = await loggedInPage(browser, ibrahima, {
    viewport: PHONE,
    path: `/user-details/${aichaId}`,
  });
  await his.getByRole('button', { name: 'Add a compliment' }).click();
  const dialog = his.getByRole('dialog', { name: `A compliment for Aicha ${tag}` });
  const about = dialog.getByRole('group', { name: 'What is it about?' });
  // It opens on the photo on screen; her bio is there to choose too.
  await expect(about.getByRole('radio', { name: 'Photo 1 of 1' })).toBeChecked();
  await expect(about.getByRole('radio', { name: 'In their own words' })).toBeVisible();
  const note = dialog.getByRole('textbox', { name: 'Your compliment' });
  await note.fill('Your smile in this photo speaks of a peaceful heart.');
  await expect(note).toHaveAccessibleDescription('52 / 200 characters');
  expect(await seriousViolations(his)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send my like and compliment' }).click();
  await expect(dialog).toBeHidden();
  // Sent with his like: the profile says he liked her, and offers no second compliment.
  await expect(his.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  await expect(his.getByRole('button', { name: 'Add a compliment' })).toBeHidden();

  // Aïcha sees it in who liked her, on her phone: the note, and the photo it is about.
  const hers = await loggedInPage(browser, aicha);
  await hers.setViewportSize(PHONE);
  const likes = hers.getByRole('button', { name: /^Likes/ });
  await expect(likes).toHaveAccessibleName(/1 new/);
  await likes.click();
  const likedYou = hers.getByRole('dialog', { name: 'Who liked you' });
  const compliment = likedYou.getByRole('figure', { name: `Compliment from Ibrahima ${tag}` });
  await expect(compliment).toContainText('About your photo');
  await expect(compliment).toContainText('Your smile in this photo speaks of a peaceful heart.');
  await expect
    .poll(() => compliment.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await seriousViolations(hers)).toEqual([]);

  // She answers it as one answers a like: liking back opens the match.
  await likedYou.getByRole('button', { name: `Like back Ibrahima ${tag}` }).click();
  const herMatch = hers.getByRole('dialog', { name: "It's a match!" });
  await expect(herMatch).toHaveAccessibleDescription(
    `You and Ibrahima ${tag} like each other. Take the first step: say salam.`,
  );
  // He is told live, as for any match.
  await expect(his.getByRole('dialog', { name: "It's a match!" })).toBeVisible();
});
