import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { type Member, memberId, registerMember } from '../support/members.ts';
import {
  type Moderator,
  QUEUE_MODERATOR,
  QUEUE_SENIOR_MODERATOR,
  totpCode,
} from '../support/moderator.ts';
import { closeMemberBrowsers } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/** The moderation page's words the journey goes through, in each of its two languages. */
const WORDS = {
  en: {
    username: 'Username or e-mail',
    password: 'Password',
    logIn: 'Log in',
    menu: 'Profile menu',
    moderation: 'Moderation',
    prove: 'Confirm it is you',
    confirm: 'Confirm',
    title: 'Reports to review',
  },
  fr: {
    username: "Nom d'utilisateur ou e-mail",
    password: 'Mot de passe',
    logIn: 'Se connecter',
    menu: 'Menu du profil',
    moderation: 'Modération',
    prove: 'Confirmez que c’est vous',
    confirm: 'Confirmer',
    title: 'Signalements à examiner',
  },
};

/** Signs in from the login screen, opens moderation from the profile menu, proves the code. */
async function moderationPage(page: Page, moderator: Moderator, language: 'en' | 'fr') {
  const words = WORDS[language];
  await page.goto(`/${language}`);
  await page.getByLabel(words.username).fill(moderator.username);
  await page.getByLabel(words.password, { exact: true }).fill(moderator.password);
  await page.getByRole('button', { name: words.logIn, exact: true }).click();
  await page.getByRole('button', { name: words.menu }).click();
  await page.getByRole('menuitem', { name: words.moderation }).click();
  // A password is not enough for moderation (ADR 074): the app's code for this session.
  await expect(page.getByRole('heading', { level: 1, name: words.prove })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Code' })
    .fill(await totpCode(moderator.totpSecret ?? ''));
  await page.getByRole('button', { name: words.confirm, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
}

/** `reporter` reports `reportedId` through the API (the moderation journey reports on screen). */
async function report(
  request: Parameters<typeof memberId>[0],
  reporter: Member,
  reportedId: string,
) {
  const login = await request.post('/api/auth/login', {
    data: { username: reporter.username, password: reporter.password },
  });
  const { token } = (await login.json()) as { token: string };
  const filed = await request.post('/api/reports', {
    data: { reportedId, reason: 'married-and-hiding-it', note: 'He told me he is married.' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(filed.status()).toBe(201);
}

test('a moderator filters the queue, decides on two reports at once, comments and escalates; a senior moderator reverses in French; both read the history', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-6);
  const karim = await registerMember(request, { name: `Karim ${tag}`, gender: 'homme' });
  const karimId = await memberId(request, karim);
  for (const name of ['Amina', 'Fatou', 'Aissatou']) {
    await report(request, await registerMember(request, { name: `${name} ${tag}` }), karimId);
  }

  const moderatorContext = await browser.newContext({ locale: 'en-US' });
  const seniorContext = await browser.newContext({ locale: 'fr-FR' });
  try {
    const page = await moderatorContext.newPage();
    await moderationPage(page, QUEUE_MODERATOR, 'en');
    const glance = page.getByRole('region', { name: 'The queue at a glance' });
    await expect(glance).toContainText(/Open\d+/);
    await expect(glance).toContainText(/Escalated\d+/);
    await expect(glance).toContainText(/Appeals waiting\d+/);
    await expect(glance).toContainText('Oldest open report');
    await expect(glance).toContainText('Median time to a first decision (7 days)');
    await glance.getByRole('combobox', { name: 'Reason' }).selectOption({
      label: 'Married and hiding it',
    });
    const cards = page.getByRole('article', { name: `Karim ${tag}: Married and hiding it` });
    await expect(cards).toHaveCount(3);

    // Two of his reports, one decision: a suspension of 3 days.
    const together = `Decide together with other reports on Karim ${tag}`;
    await cards.nth(0).getByRole('checkbox', { name: together }).check();
    await cards.nth(1).getByRole('checkbox', { name: together }).check();
    const bulk = page.getByRole('region', { name: `One decision on 2 reports of Karim ${tag}` });
    await bulk.getByRole('radio', { name: 'Suspend' }).check();
    await bulk.getByRole('spinbutton', { name: 'Days of suspension' }).fill('3');
    await bulk
      .getByRole('textbox', { name: 'Reason' })
      .fill('Hides his marriage from two members.');
    await bulk.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm the decision' });
    await expect(confirm).toContainText('It closes the 2 chosen reports.');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Karim ${tag} suspended for 3 days.` }),
    ).toContainText('2 reports closed.');
    await expect(cards).toHaveCount(1);

    // His history from the report left: the reports, the one decision, the report closed with it.
    const history = cards.getByRole('region', { name: `History of Karim ${tag}` });
    await history.getByRole('button', { name: 'Show the history' }).click();
    const events = history.getByRole('listitem');
    await expect(events).toHaveText([
      /^Reported · by a report/,
      /^Reported · by a report/,
      /^Reported · by a report/,
      new RegExp(`^Suspension · by ${QUEUE_MODERATOR.name}.*Hides his marriage`),
      /^Closed with another report's decision/,
    ]);
    // The figures, the filters, the history and its forms, as a screen reader meets them.
    expect(await seriousViolations(page)).toEqual([]);
    await history
      .getByRole('textbox', { name: 'Comment for the moderators' })
      .fill('He says the account was made by his cousin.');
    await history.getByRole('button', { name: 'Add the comment' }).click();
    await expect(events.last()).toContainText('Comment · by Khady Moderator');
    await history.getByRole('button', { name: 'Escalate to a senior moderator' }).click();
    const escalation = page.getByRole('alertdialog', { name: 'Escalate to a senior moderator' });
    expect(await seriousViolations(page)).toEqual([]);
    await escalation.getByRole('textbox', { name: 'Your reason' }).fill('He contests the facts.');
    await escalation.getByRole('button', { name: 'Escalate to a senior moderator' }).click();
    await expect(escalation).toBeHidden();
    await expect(events.last()).toContainText('Escalated · by Khady Moderator');
    await expect(history).toContainText('Review: Escalated');

    // The escalated filter keeps his report, marked so.
    await glance.getByRole('combobox', { name: 'Review state' }).selectOption({
      label: 'Escalated',
    });
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('Escalated');

    // The senior moderator, in French, finds it escalated and reverses the suspension.
    const senior = await seniorContext.newPage();
    await moderationPage(senior, QUEUE_SENIOR_MODERATOR, 'fr');
    const vue = senior.getByRole('region', { name: "La file en un coup d'œil" });
    await vue
      .getByRole('combobox', { name: "État de l'examen" })
      .selectOption({ label: 'Remonté' });
    const card = senior.getByRole('article', { name: `Karim ${tag} : Marié(e) et le cache` });
    await expect(card).toHaveCount(1);
    const historique = card.getByRole('region', { name: `Historique de Karim ${tag}` });
    await historique.getByRole('button', { name: "Afficher l'historique" }).click();
    await expect(historique.getByRole('listitem').last()).toContainText(
      'Remonté · par Khady Moderator',
    );
    await expect(historique).toContainText('He says the account was made by his cousin.');
    await historique.getByRole('button', { name: 'Infirmer la décision' }).click();
    const reversal = senior.getByRole('alertdialog', { name: 'Infirmer la décision' });
    await expect(reversal).toContainText(`Infirmer « Suspension » concernant Karim ${tag} ?`);
    await reversal.getByRole('textbox', { name: 'Votre motif' }).fill('Son cousin a avoué.');
    await reversal.getByRole('button', { name: 'Infirmer la décision' }).click();
    await expect(reversal).toBeHidden();
    // The review is closed: the report leaves the escalated view, and is open again in the queue.
    await expect(card).toHaveCount(0);
    await vue
      .getByRole('combobox', { name: "État de l'examen" })
      .selectOption({ label: 'Ouverts et remontés' });
    await historique.getByRole('button', { name: "Afficher l'historique" }).click();
    await expect(historique.getByRole('listitem').last()).toContainText(
      `Décision infirmée · par ${QUEUE_SENIOR_MODERATOR.name}`,
    );
    await expect(historique).toContainText('Examen : Clos');

    // He may sign in again; the first moderator reads the reversal in the history.
    const back = await request.post('/api/auth/login', {
      data: { username: karim.username, password: karim.password },
    });
    expect(back.status()).toBe(200);
    // The session proved its second factor: the page opens again at once.
    await page.reload();
    await glance.getByRole('combobox', { name: 'Reason' }).selectOption({
      label: 'Married and hiding it',
    });
    await history.getByRole('button', { name: 'Show the history' }).click();
    await expect(events.last()).toContainText(
      `Decision reversed · by ${QUEUE_SENIOR_MODERATOR.name}`,
    );
    await expect(events.last()).toContainText('Son cousin a avoué.');
  } finally {
    await moderatorContext.close();
    await seniorContext.close();
  }
});
