import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { memberId, registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

// In English, on a 360 × 740 phone; Chromium's fake microphone records a tone
// (playwright.config.ts), as for the chat's voice notes.
test('Prompts and a voice introduction seen by another member: she answers two prompts and records her voice, he reads and plays them', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const awa = await registerMember(request, { name: `Awa ${tag}`, gender: 'femme' });
  const youssef = await registerMember(request, { name: `Youssef ${tag}`, gender: 'homme' });
  const awaId = await memberId(request, awa);

  const hers = await loggedInPage(browser, awa, {
    viewport: { width: 360, height: 740 },
    path: '/mon-profil',
  });
  const prompts = hers.getByRole('region', { name: 'Prompts to answer' });
  const choose = prompts.getByRole('combobox', { name: 'Choose a prompt' });
  await choose.selectOption({ label: 'What marriage means to me' });
  await prompts.getByRole('button', { name: 'Add this prompt' }).click();
  await prompts
    .getByRole('textbox', { name: 'What marriage means to me' })
    .fill('A promise before Allah, and a friendship for life.');
  await choose.selectOption({ label: 'An ideal day with family' });
  await prompts.getByRole('button', { name: 'Add this prompt' }).click();
  const day = prompts.getByRole('textbox', { name: 'An ideal day with family' });
  await day.fill('Friday prayer, then lunch at my parents’ house.');
  await expect(prompts.getByText('47 / 300')).toBeVisible();
  // The family day first.
  await prompts.getByRole('button', { name: 'Move up: An ideal day with family' }).click();
  expect(await seriousViolations(hers)).toEqual([]);
  await hers.getByRole('button', { name: 'Save my profile' }).click();
  await expect(hers.getByText('Profile updated successfully!')).toBeVisible();

  // Her voice: recorded, listened to, saved.
  await hers.goto('/mon-profil');
  const voice = hers.getByRole('region', { name: 'Your voice' });
  await voice.getByRole('button', { name: 'Record my introduction' }).click();
  await expect(voice.getByRole('status')).toHaveText(/Recording… [2-9] s of 30/, { timeout: 8000 });
  await voice.getByRole('button', { name: 'Stop' }).click();
  await expect(voice.getByLabel('Your new recording')).toBeVisible();
  await voice.getByRole('button', { name: 'Save on my profile' }).click();
  await expect(voice.getByText(/Your voice introduction \(\d+ s\)/)).toBeVisible();
  await expect(voice.getByLabel('Your voice introduction')).toBeVisible();

  // Youssef opens her page on his phone: her answers in her order, and her voice to play.
  const his = await loggedInPage(browser, youssef, {
    viewport: { width: 360, height: 740 },
    path: `/user-details/${awaId}`,
  });
  const answers = his.getByRole('heading', { level: 2, name: `Awa ${tag} in their own words` });
  await expect(answers).toBeVisible();
  const terms = his.locator('dt');
  await expect(terms.filter({ hasText: 'An ideal day with family' })).toBeVisible();
  await expect(his.getByText('A promise before Allah, and a friendship for life.')).toBeVisible();
  expect(
    await his
      .locator('dl dt')
      .filter({ hasText: /An ideal day with family|What marriage means to me/ })
      .allTextContents(),
  ).toEqual(['An ideal day with family', 'What marriage means to me']);
  const player = his.getByLabel(new RegExp(`^Voice introduction of Awa ${tag}, \\d+ seconds$`));
  await expect(player).toBeVisible();
  // Nothing of it is fetched before he plays it.
  expect(await player.evaluate((audio: HTMLAudioElement) => audio.readyState)).toBe(0);
  await player.evaluate((audio: HTMLAudioElement) => audio.play());
  await expect
    .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState))
    .toBeGreaterThan(0);
  expect(await seriousViolations(his)).toEqual([]);
});
