import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { familyOpinionLinkFor } from '../support/mailbox.ts';
import { match } from '../support/match.ts';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

const PHONE = { width: 360, height: 740 };

/** What each reader reads, in each language (the apps' own texts). */
const TEXTS = {
  en: {
    prefix: '',
    locale: 'en-US',
    section: 'Family mode: your guardians',
    name: 'Name',
    email: 'E-mail address',
    mailLanguage: 'Language of the e-mail',
    add: 'Add a guardian',
    added: 'Mamadou Diallo was sent an e-mail with the link.',
    panel: 'Your family’s opinion',
    ask: 'Ask my family’s opinion',
    guardian: 'Guardian to ask',
    send: (other: string) => `Send ${other}’s profile`,
    sent: 'The link works for 7 days',
    told: (member: string) => `${member} showed your profile to their family for an opinion`,
    title: 'Aminata asks your opinion',
    questions: 'I have questions',
    note: 'A note for Aminata (optional)',
    sendAnswer: 'Send my answer',
    thanks: 'Thank you: Aminata will see your answer.',
    answered: 'Mamadou Diallo (father): has questions',
    until: /This link works until \w+ \d+, \d{4}/,
  },
  fr: {
    prefix: '/fr',
    locale: 'fr-FR',
    section: 'Mode famille : vos tuteurs',
    name: 'Nom',
    email: 'Adresse e-mail',
    mailLanguage: 'Langue de l’e-mail',
    add: 'Ajouter un tuteur',
    added: 'Mamadou Diallo a reçu un e-mail avec le lien.',
    panel: 'L’avis de votre famille',
    ask: 'Demander l’avis de ma famille',
    guardian: 'Tuteur à qui demander',
    send: (other: string) => `Envoyer le profil de ${other}`,
    sent: 'Le lien fonctionne 7 jours',
    told: (member: string) => `${member} a montré votre profil à sa famille pour avoir son avis`,
    title: 'Aminata vous demande votre avis',
    questions: 'J’ai des questions',
    note: 'Une note pour Aminata (facultatif)',
    sendAnswer: 'Envoyer ma réponse',
    thanks: 'Merci : Aminata verra votre réponse.',
    answered: 'Mamadou Diallo (père) : a des questions',
    until: /Ce lien fonctionne jusqu’au \d+ \S+ \d{4}/,
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const say = TEXTS[language];
  test(`On a phone (${language}), a member sends her match to her guardian, who answers from the link; she alone sees the answer in the conversation header`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(60_000);
    const tag = String(Date.now()).slice(-6);
    const aminata = await registerMember(request, { name: `Aminata ${tag}`, gender: 'femme' });
    const youssef = await registerMember(request, { name: `Youssef ${tag}`, gender: 'homme' });
    const { aId, bId } = await match(request, aminata, youssef);
    const guardianAddress = `papa-${language}-${tag}@example.org`;

    // She names her father, mailed in the journey's language.
    const hers = await loggedInPage(browser, aminata, {
      viewport: PHONE,
      path: `${say.prefix}/mon-profil`,
    });
    const section = hers.getByRole('region', { name: say.section });
    await section.getByLabel(say.name, { exact: true }).fill('Mamadou Diallo');
    await section.getByLabel(say.email).fill(guardianAddress);
    await section.getByLabel(say.mailLanguage).selectOption(language);
    await section.getByRole('button', { name: say.add }).click();
    await expect(section.getByText(say.added)).toBeVisible();

    // From the conversation, she sends Youssef's profile to him.
    await hers.goto(`${say.prefix}/chat?userId=${bId}`);
    const panel = hers.getByRole('region', { name: say.panel });
    await panel.getByRole('button', { name: say.ask }).click();
    await expect(panel.getByRole('combobox', { name: say.guardian })).toHaveValue(/.+/);
    await panel.getByRole('button', { name: say.send(`Youssef ${tag}`) }).click();
    await expect(panel.getByRole('status')).toContainText(say.sent);
    expect(await seriousViolations(hers)).toEqual([]);

    // Youssef is told, in the conversation.
    const his = await loggedInPage(browser, youssef, {
      viewport: PHONE,
      path: `${say.prefix}/chat?userId=${aId}`,
    });
    await expect(his.getByTestId('notice-line')).toContainText(say.told(`Aminata ${tag}`));

    // The guardian opens the mailed link, with no account, on a phone, and answers.
    const link = await familyOpinionLinkFor(guardianAddress);
    expect(link).toContain(`/${language}/guardian/opinion/`);
    const guardianContext = await browser.newContext({ viewport: PHONE, locale: say.locale });
    const guardian = await guardianContext.newPage();
    await guardian.goto(link);
    await expect(guardian.getByRole('heading', { name: say.title })).toBeVisible();
    await expect(
      guardian.getByRole('heading', { name: new RegExp(`^Youssef ${tag}`) }),
    ).toBeVisible();
    await expect(guardian.getByText(say.until)).toBeVisible();
    expect(await seriousViolations(guardian)).toEqual([]);
    await guardian.getByRole('radio', { name: say.questions }).check();
    await guardian.getByRole('textbox', { name: say.note }).fill('Qui sont ses parents ?');
    await guardian.getByRole('button', { name: say.sendAnswer }).click();
    await expect(guardian.getByText(say.thanks)).toBeVisible();
    expect(
      await guardian.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await guardianContext.close();

    // She sees the answer under the conversation's header, live, without reloading; he never does.
    await expect(panel.getByText(say.answered)).toBeVisible();
    await expect(panel.getByText('Qui sont ses parents ?')).toBeVisible();
    await his.reload();
    await expect(his.getByTestId('notice-line')).toBeVisible();
    await expect(his.getByText('Qui sont ses parents ?')).toHaveCount(0);
    await expect(his.getByText(say.answered)).toHaveCount(0);
  });
}
