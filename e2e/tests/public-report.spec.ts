import { type Browser, expect, type Page, test } from '@playwright/test';
import { mailSaying } from '../support/mailbox.ts';
import { memberId, newEmail, registerMember } from '../support/members.ts';
import { PUBLIC_REPORT_MODERATOR, proveSecondFactor } from '../support/moderator.ts';
import { closeMemberBrowsers } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/** What each journey reads and does in its language (ADR 079). */
const WORDS = {
  en: {
    locale: 'en-US',
    subject: 'A profile',
    link: 'Link of the profile',
    kind: 'Fraud or a scam',
    why: 'Why do you believe it is illegal?',
    email: 'Your e-mail address',
    goodFaith: 'I believe in good faith that what I report is accurate and complete.',
    send: 'Send the report',
    sent: 'Thank you. We received your report',
    receipt: 'We received your report of',
    login: { username: 'Username or e-mail', password: 'Password', submit: 'Log in' },
    queue: 'Reports to review',
    card: (name: string) => `${name}: Asking for money`,
    badge: 'Public report of illegal content: Fraud or a scam, the profile',
    decision: 'Decision',
    action: 'Dismiss the report',
    reason: 'Reason',
    review: 'Continue',
    confirm: { dialog: 'Confirm the decision', button: 'Confirm' },
    outcome: 'Our moderators found nothing in what you reported',
  },
  fr: {
    locale: 'fr-FR',
    subject: 'Une photo d’un profil',
    link: 'Lien du profil',
    kind: 'Un mineur',
    why: 'Pourquoi pensez-vous que c’est illégal ?',
    email: 'Votre adresse e-mail',
    goodFaith: 'Je crois de bonne foi que ce que je signale est exact et complet.',
    send: 'Envoyer le signalement',
    sent: 'Merci. Nous avons reçu votre signalement',
    receipt: 'Nous avons reçu votre signalement du',
    login: {
      username: "Nom d'utilisateur ou e-mail",
      password: 'Mot de passe',
      submit: 'Se connecter',
    },
    queue: 'Signalements à examiner',
    card: (name: string) => `${name} : Moins de 18 ans`,
    badge: 'Signalement public de contenu illégal : Un mineur, une photo du profil',
    decision: 'Décision',
    action: 'Avertir par e-mail',
    reason: 'Motif',
    review: 'Continuer',
    confirm: { dialog: 'Confirmer la décision', button: 'Confirmer' },
    outcome: 'Nos modérateurs ont adressé un avertissement au membre.',
  },
};
type Language = keyof typeof WORDS;

/** A visitor, signed in nowhere, fills in the public page and reads the receipt. */
async function report(page: Page, language: Language, profileLink: string, email: string) {
  const words = WORDS[language];
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: words.subject, exact: true }).check();
  await page.getByRole('textbox', { name: words.link }).fill(profileLink);
  await page.getByRole('radio', { name: words.kind, exact: true }).check();
  await page.getByRole('textbox', { name: words.why }).fill('What this profile shows is illegal.');
  await page.getByRole('textbox', { name: words.email }).fill(email);
  await page.getByRole('checkbox', { name: words.goodFaith }).check();
  await page.getByRole('button', { name: words.send }).click();
  await expect(page.getByText(words.sent)).toBeVisible();
}

/** The moderator, in the journey's language, finds the card marked as a public report and decides. */
async function decide(browser: Browser, language: Language, reported: string) {
  const words = WORDS[language];
  const context = await browser.newContext({ locale: words.locale });
  try {
    const page = await context.newPage();
    await page.goto(`/${language}`);
    const { username, password, submit } = words.login;
    await page.getByLabel(username).fill(PUBLIC_REPORT_MODERATOR.username);
    await page.getByLabel(password, { exact: true }).fill(PUBLIC_REPORT_MODERATOR.password);
    await page.getByRole('button', { name: submit, exact: true }).click();
    await expect(page).not.toHaveURL(new RegExp(`/${language}/?$`));
    await page.goto(`/${language}/moderation`);
    await proveSecondFactor(page, PUBLIC_REPORT_MODERATOR, language);
    await expect(page.getByRole('heading', { level: 1, name: words.queue })).toBeVisible();
    const card = page.getByRole('article', { name: words.card(reported) });
    await expect(card).toContainText(words.badge);
    const decision = card.getByRole('region', { name: words.decision });
    await decision.getByRole('radio', { name: words.action }).check();
    await decision
      .getByRole('textbox', { name: words.reason })
      .fill('Checked against the profile.');
    await decision.getByRole('button', { name: words.review }).click();
    await page
      .getByRole('alertdialog', { name: words.confirm.dialog })
      .getByRole('button', { name: words.confirm.button })
      .click();
    await expect(card).toHaveCount(0);
  } finally {
    await context.close();
  }
}

test('a visitor reports a profile from the login page, a moderator dismisses it, and the visitor is told by mail', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = String(Date.now()).slice(-6);
  const karim = await registerMember(request, { name: `Karim ${tag}`, gender: 'homme' });
  const link = `${baseURL}/en/user-details/${await memberId(request, karim)}`;
  const visitor = newEmail('visitor');

  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/en');
  await page.getByRole('link', { name: 'Report illegal content' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Report illegal content' }),
  ).toBeVisible();
  await report(page, 'en', link, visitor);
  await context.close();
  await mailSaying(visitor, WORDS.en.receipt);

  await decide(browser, 'en', `Karim ${tag}`);
  await mailSaying(visitor, WORDS.en.outcome);
});

test('un visiteur signale la photo d’un profil depuis les règles, une modératrice avertit le membre, et le visiteur l’apprend par e-mail', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = String(Date.now()).slice(-6);
  const karim = await registerMember(request, { name: `Karim ${tag}`, gender: 'homme' });
  const link = `${baseURL}/fr/user-details/${await memberId(request, karim)}`;
  const visitor = newEmail('visiteur');

  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/fr/guidelines');
  await page.getByRole('link', { name: 'Signaler un contenu illégal' }).first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Signaler un contenu illégal' }),
  ).toBeVisible();
  await report(page, 'fr', link, visitor);
  await context.close();
  await mailSaying(visitor, WORDS.fr.receipt);

  await decide(browser, 'fr', `Karim ${tag}`);
  await mailSaying(visitor, WORDS.fr.outcome);
  // The member is told why, as after any report (ADR 076), that it came as illegal content.
  await mailSaying(karim.username, 'Votre profil nous a été signalé comme contenu illégal');
});
