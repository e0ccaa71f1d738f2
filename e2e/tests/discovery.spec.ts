import { expect, test } from '@playwright/test';
import { memberId, portraitPath, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

test('Two members find each other: a like, the badge, a like back, a match, a view, a new photo', async ({
  browser,
  request,
}) => {
  // Three browsers and two sign-ups: it ran past 30 s on a busy machine.
  test.setTimeout(60_000);
  // Digits only, so the names read the same in Title Case.
  const tag = String(Date.now()).slice(-6);
  const ibrahima = await registerMember(request, { name: `Ibrahima ${tag}`, gender: 'homme' });
  const awa = await registerMember(request, { name: `Awa ${tag}`, gender: 'femme' });
  const awaId = await memberId(request, awa);

  // Ibrahima likes Awa from his suggestions.
  const his = await loggedInPage(browser, ibrahima);
  await his.getByRole('button', { name: `Like Awa ${tag}` }).click();
  // The focus stays on the heart, now "You liked…" (a disabled button would drop it to the page).
  await expect(his.getByRole('button', { name: `You liked Awa ${tag}` })).toBeFocused();
  // On another device (a fresh browser), the server remembers the like: no second like, no
  // second "match".
  const hisPhone = await loggedInPage(browser, ibrahima);
  await expect(hisPhone.getByRole('button', { name: `You liked Awa ${tag}` })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await hisPhone.context().close();

  // Awa sees a new like on the badge, and Ibrahima in the liked-you list.
  const hers = await loggedInPage(browser, awa);
  const likes = hers.getByRole('button', { name: /^Likes/ });
  await expect(likes).toHaveAccessibleName(/1 new/);
  await likes.click();
  const likedYou = hers.getByRole('dialog');
  await expect(likedYou.getByText(`Ibrahima ${tag}`)).toBeVisible();
  await hers.keyboard.press('Escape');
  await expect(likes).not.toHaveAccessibleName(/new/);

  // She likes him back: it is a match for her...
  await hers.getByRole('button', { name: `Like Ibrahima ${tag}` }).click();
  await expect(hers.getByText(/match/i).first()).toBeVisible();

  // ...and for him: she is now in his liked-you list, and her profile shows his like as sent.
  await his.reload();
  await his.getByRole('button', { name: /^Likes/ }).click();
  await expect(his.getByRole('dialog').getByText(`Awa ${tag}`)).toBeVisible();
  await his.keyboard.press('Escape');
  await his.goto(`/user-details/${awaId}`);
  await expect(
    his.getByRole('heading', { level: 1, name: new RegExp(`Awa ${tag}`) }),
  ).toBeVisible();
  await expect(his.getByRole('button', { name: 'Super like sent' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Opening her profile counted as a view: she sees him in her profile views.
  await hers.goto('/profile-views');
  await expect(hers.getByText(`Ibrahima ${tag}`)).toBeVisible();

  // He replaces his photo on his profile page.
  const before = await his.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}'));
  await his.goto('/mon-profil');
  await his.getByRole('button', { name: 'Delete photo 1' }).click();
  await his.locator('input[type="file"]').setInputFiles(portraitPath);
  await his.getByRole('button', { name: 'Save my profile' }).click();
  await expect(his.getByText('Profile updated successfully!')).toBeVisible();
  await expect(his).toHaveURL(/\/suggestions$/, { timeout: 5000 });
  const after = await his.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}'));
  expect(after.mediaUrls).toHaveLength(1);
  expect(after.mediaUrls[0]).not.toBe(before.mediaUrls[0]);
  const photo = await request.get(after.mediaUrls[0]);
  expect(photo.headers()['content-type']).toBe('image/webp');
});
