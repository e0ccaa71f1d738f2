import { expect, type Page, test } from '@playwright/test';
import { statementGuidelinesLinkFor } from '../support/mailbox.ts';
import { type Member, memberId, registerMember } from '../support/members.ts';
import {
  APPEALS_MODERATOR,
  type Moderator,
  proveSecondFactor,
  SENIOR_MODERATOR,
} from '../support/moderator.ts';
import { closeMemberBrowsers } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/** The login screen in English (the moderators) or in the member's language. */
async function logIn(page: Page, member: Member, language: 'en' | 'fr') {
  const [username, password, submit] =
    language === 'fr'
      ? ["Nom d'utilisateur ou e-mail", 'Mot de passe', 'Se connecter']
      : ['Username or e-mail', 'Password', 'Log in'];
  await page.getByLabel(username).fill(member.username);
  await page.getByLabel(password, { exact: true }).fill(member.password);
  await page.getByRole('button', { name: submit, exact: true }).click();
}

async function moderationPage(page: Page, moderator: Moderator) {
  await page.goto('/en');
  await logIn(page, moderator, 'en');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Moderation' }).click();
  // A password is not enough for moderation (ADR 074): the app's code for this session.
  await proveSecondFactor(page, moderator);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports to review' })).toBeVisible();
}

/**
 * What the member reads and writes, in their language: the journey is the same story in both
 * (docs/spec.md §1); the moderators work in English.
 */
const MEMBER_TEXTS = {
  fr: {
    locale: 'fr-FR',
    guidelinesTitle: 'Règles de la communauté',
    rule: 'Ne demandez jamais d’argent',
    suspendedTitle: 'Votre compte est suspendu',
    statement: 'Votre compte suspendu',
    facts: 'Vous avez demandé de l’argent ou un transfert à un membre. Asked a match for money.',
    until: 'Jusqu’au',
    profileMenu: 'Menu du profil',
    appealLabel: 'Pourquoi cette décision devrait-elle être annulée ?',
    appeal: 'Mon frère utilisait mon téléphone ce soir-là ; je me suis excusé auprès d’elle.',
    send: 'Envoyer mon appel',
    sent: 'Appel envoyé le',
    reopenedTitle: 'Votre compte est de nouveau ouvert',
    upheld: 'Votre appel a été accepté : la décision est annulée.',
    backToLogin: 'Retour à la connexion',
  },
  en: {
    locale: 'en-US',
    guidelinesTitle: 'Community guidelines',
    rule: 'Never ask for money',
    suspendedTitle: 'Your account is suspended',
    statement: 'Your account suspended',
    facts: 'You asked a member for money or a transfer. Asked a match for money.',
    until: 'Until',
    profileMenu: 'Profile menu',
    appealLabel: 'Why should this decision be reversed?',
    appeal: 'My brother was using my phone that evening; I apologised to her.',
    send: 'Send my appeal',
    sent: 'Appeal sent on',
    reopenedTitle: 'Your account is open again',
    upheld: 'Your appeal was upheld: the decision is reversed.',
    backToLogin: 'Back to sign-in',
  },
} as const;

for (const language of ['fr', 'en'] as const) {
  const texts = MEMBER_TEXTS[language];
  test(`a suspended member reads why at sign-in and by mail, appeals, and another moderator upholds it: the suspension ends (${language})`, async ({
    browser,
    request,
  }) => {
    // Each moderator proves a fresh code of their app, which may wait for the next 30 s step.
    test.setTimeout(150_000);
    const tag = String(Date.now()).slice(-6);
    const amina = await registerMember(request, { name: `Amina ${tag}`, gender: 'femme' });
    const karim = await registerMember(request, { name: `Karim ${tag}`, gender: 'homme' });
    const karimId = await memberId(request, karim);
    // Amina reports him (the moderation journey reports through the screen).
    const hers = (await (
      await request.post('/api/auth/login', {
        data: { username: amina.username, password: amina.password },
      })
    ).json()) as { token: string };
    const reported = await request.post('/api/reports', {
      data: { reportedId: karimId, reason: 'asking-for-money', note: 'He asks for a transfer.' },
      headers: { authorization: `Bearer ${hers.token}` },
    });
    expect(reported.status()).toBe(201);

    // A moderator suspends him for 3 days.
    const moderatorContext = await browser.newContext({ locale: 'en-US' });
    try {
      const page = await moderatorContext.newPage();
      await moderationPage(page, APPEALS_MODERATOR);
      const card = page.getByRole('article', { name: `Karim ${tag}: Asking for money` });
      const decision = card.getByRole('region', { name: 'Decision' });
      await decision.getByRole('radio', { name: 'Suspend' }).check();
      await decision.getByRole('spinbutton', { name: 'Days of suspension' }).fill('3');
      await decision.getByRole('textbox', { name: 'Reason' }).fill('Asked a match for money.');
      await decision.getByRole('button', { name: 'Continue' }).click();
      await page
        .getByRole('alertdialog', { name: 'Confirm the decision' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await expect(card).toHaveCount(0);
    } finally {
      await moderatorContext.close();
    }

    // The statement of reasons came by mail, linking the guidelines, a page of the app.
    const guidelines = await statementGuidelinesLinkFor(karim.username);
    const memberContext = await browser.newContext({ locale: texts.locale });
    const his = await memberContext.newPage();
    try {
      await his.goto(new URL(guidelines).pathname.replace(/^\//, `/${language}/`));
      await expect(his.getByRole('heading', { level: 1 })).toHaveText(texts.guidelinesTitle);
      await expect(his.getByRole('main')).toContainText(texts.rule);

      // Signing in, he meets the decision: what, the rule, the facts, how long.
      await his.goto(`/${language}`);
      await logIn(his, karim, language);
      await expect(his).toHaveURL(new RegExp(`/${language}/standing$`));
      await expect(his.getByRole('heading', { level: 1 })).toHaveText(texts.suspendedTitle);
      const statement = his.getByRole('article', { name: texts.statement });
      await expect(statement).toContainText(texts.rule);
      await expect(statement).toContainText(texts.facts);
      await expect(statement).toContainText(texts.until);
      // Nothing else of the app opens with what his sign-in gave him.
      await expect(his.getByRole('button', { name: texts.profileMenu })).toHaveCount(0);

      // He appeals.
      await statement.getByRole('textbox', { name: texts.appealLabel }).fill(texts.appeal);
      await statement.getByRole('button', { name: texts.send }).click();
      await expect(statement).toContainText(texts.sent);
    } catch (error) {
      await memberContext.close();
      throw error;
    }

    // Another moderator, a senior one, upholds it with her reasons.
    const seniorContext = await browser.newContext({ locale: 'en-US' });
    try {
      const page = await seniorContext.newPage();
      await moderationPage(page, SENIOR_MODERATOR);
      await page.getByRole('tab', { name: 'Appeals' }).click();
      const appeal = page.getByRole('article', { name: `Karim ${tag} appeals: a suspension` });
      await expect(appeal).toContainText('Asked a match for money.');
      await expect(appeal).toContainText(texts.appeal);
      await appeal
        .getByRole('textbox', { name: 'Your answer to the member, with its reasons' })
        .fill('The messages were sent from another phone that evening.');
      await appeal.getByRole('button', { name: 'Uphold (reverse the decision)' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'upheld' })).toHaveText(
        `Appeal of Karim ${tag} upheld: the decision is reversed.`,
      );
      await expect(appeal).toHaveCount(0);
    } finally {
      await seniorContext.close();
    }

    // The suspension is over at once: his page says so, and he signs in to the app.
    try {
      await his.reload();
      await expect(his.getByRole('heading', { level: 1 })).toHaveText(texts.reopenedTitle);
      await expect(his.getByRole('main')).toContainText(texts.upheld);
      await expect(his.getByRole('main')).toContainText(
        'The messages were sent from another phone that evening.',
      );
      await his.getByRole('link', { name: texts.backToLogin }).click();
      await logIn(his, karim, language);
      await expect(his).toHaveURL(new RegExp(`/${language}/(suggestions|mon-profil)`));
    } finally {
      await memberContext.close();
    }
  });
}
