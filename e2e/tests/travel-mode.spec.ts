import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { familyOpinionLinkFor } from '../support/mailbox.ts';
import { memberId, registerMember, saveFilters } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';
import { scrollToCard } from '../support/suggestions.ts';

test.afterEach(closeMemberBrowsers);

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

const ONE_DAY = 86_400_000;
const day = (fromToday: number) =>
  new Date(Date.now() + fromToday * ONE_DAY).toISOString().slice(0, 10);

/** A member's card in the suggestions: the list item holding the heading with the name. */
const cardOf = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`^${name}\\s*,`) }) });

/** What each reader reads, in each language (the apps' own texts). */
const LANGUAGES = [
  {
    lang: 'fr',
    locale: 'fr-FR',
    title:
      'De Paris à Dakar : elle annonce un séjour, un membre de Dakar la voit avec ses dates et l’aime, elle envoie le match à son père, qui répond depuis le lien ; le séjour supprimé, elle n’est plus à Dakar',
    guardians: 'Mode famille : vos tuteurs',
    name: 'Nom',
    email: 'Adresse e-mail',
    mailLanguage: 'Langue de l’e-mail',
    add: 'Ajouter un tuteur',
    added: 'Mamadou Diallo a reçu un e-mail avec le lien.',
    travel: 'Mode voyage',
    town: 'Ville',
    arrival: 'Arrivée',
    departure: 'Départ',
    announce: 'Annoncer le séjour',
    announced: /^À Dakar, Sénégal/,
    inDakar: 'À Dakar',
    // The days by Intl: "1–20 août", "30 déc. – 16 janv.".
    onCard: /À Dakar \d+/u,
    like: 'Aimer',
    liked: 'Vous avez aimé',
    match: "C'est un match !",
    write: 'Envoyer un message',
    panel: 'L’avis de votre famille',
    ask: 'Demander l’avis de ma famille',
    guardian: 'Tuteur à qui demander',
    send: (other: string) => `Envoyer le profil de ${other}`,
    sent: 'Le lien fonctionne 7 jours',
    told: (member: string) => `${member} a montré votre profil à sa famille pour avoir son avis`,
    // The father reads her first name.
    opinionTitle: (member: string) => `${member} vous demande votre avis`,
    questions: 'J’ai des questions',
    note: (member: string) => `Une note pour ${member} (facultatif)`,
    sendAnswer: 'Envoyer ma réponse',
    thanks: (member: string) => `Merci : ${member} verra votre réponse.`,
    answered: 'Mamadou Diallo (père) : a des questions',
    until: /Ce lien fonctionne jusqu’au \d+ \S+ \d{4}/,
    remove: 'Supprimer le séjour à Dakar',
  },
  {
    lang: 'en',
    locale: 'en-US',
    title:
      'From Paris to Dakar: she announces a stay, a member in Dakar sees her with her dates and likes her, she sends the match to her father, who answers from the link; the stay deleted, she is no longer in Dakar',
    guardians: 'Family mode: your guardians',
    name: 'Name',
    email: 'E-mail address',
    mailLanguage: 'Language of the e-mail',
    add: 'Add a guardian',
    added: 'Mamadou Diallo was sent an e-mail with the link.',
    travel: 'Travel mode',
    town: 'Town',
    arrival: 'Arrival',
    departure: 'Departure',
    announce: 'Announce the stay',
    announced: /^In Dakar, Senegal/,
    inDakar: 'In Dakar',
    // "August 1 – 20", "December 30 – January 16".
    onCard: /In Dakar \p{L}+ \d+/u,
    like: 'Like',
    liked: 'You liked',
    match: "It's a match!",
    write: 'Send a message',
    panel: 'Your family’s opinion',
    ask: 'Ask my family’s opinion',
    guardian: 'Guardian to ask',
    send: (other: string) => `Send ${other}’s profile`,
    sent: 'The link works for 7 days',
    told: (member: string) => `${member} showed your profile to their family for an opinion`,
    // The father reads her first name.
    opinionTitle: (member: string) => `${member} asks your opinion`,
    questions: 'I have questions',
    note: (member: string) => `A note for ${member} (optional)`,
    sendAnswer: 'Send my answer',
    thanks: (member: string) => `Thank you: ${member} will see your answer.`,
    answered: 'Mamadou Diallo (father): has questions',
    until: /This link works until \w+ \d+, \d{4}/,
    remove: 'Delete the stay in Dakar',
  },
] as const;

for (const [i, say] of LANGUAGES.entries()) {
  test(say.title, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const tag = String(Date.now()).slice(-6);
    const root = `/${say.lang}`;
    // Ages no other journey's members have, and filters on them: the suggestions of Dakar, where
    // the journeys' members live, hold these members alone, not pages of others to scroll past.
    const herAge = 61 + 4 * i;
    const her = `Aïcha ${tag}`;
    const aicha = await registerMember(request, {
      name: her,
      gender: 'femme',
      age: String(herAge),
      location: 'Paris, France',
      latitude: '48.8566',
      longitude: '2.3522',
    });
    // Two members of Dakar: Youssef likes her; Omar only looks, before and after her stay.
    const youssef = await registerMember(request, {
      name: `Youssef ${tag}`,
      gender: 'homme',
      age: String(herAge + 2),
    });
    const omar = await registerMember(request, {
      name: `Omar ${tag}`,
      gender: 'homme',
      age: String(herAge + 2),
    });
    // Within 100 km of Dakar: she is there only while her stay is.
    for (const man of [youssef, omar]) {
      await saveFilters(request, man, { minAge: herAge, maxAge: herAge, maxDistanceKm: 100 });
    }
    await saveFilters(request, aicha, {
      minAge: herAge + 2,
      maxAge: herAge + 2,
      maxDistanceKm: null,
    });
    const guardianAddress = `papa-${say.lang}-${tag}@example.org`;

    // In Paris, she names her father, mailed in the journey's language.
    const hers = await loggedInPage(browser, aicha, { path: `${root}/mon-profil` });
    const guardians = hers.getByRole('region', { name: say.guardians });
    await guardians.getByLabel(say.name, { exact: true }).fill('Mamadou Diallo');
    await guardians.getByLabel(say.email).fill(guardianAddress);
    await guardians.getByLabel(say.mailLanguage).selectOption(say.lang);
    await guardians.getByRole('button', { name: say.add }).click();
    await expect(guardians.getByText(say.added)).toBeVisible();

    // She announces her stay, and browses Dakar's suggestions: Youssef is there.
    await hers.goto(`${root}/suggestions`);
    await hers.getByRole('button', { name: say.travel }).click();
    const travel = hers.getByRole('region', { name: say.travel });
    await travel.getByLabel(say.town).fill('Dakar');
    await travel.getByLabel(say.arrival).fill(day(3));
    await travel.getByLabel(say.departure).fill(day(20));
    await travel.getByRole('button', { name: say.announce }).click();
    const announced = travel.getByRole('listitem').filter({ hasText: say.announced });
    await expect(announced).toBeVisible();
    await travel.getByRole('radio', { name: say.inDakar }).check();
    const hisCard = cardOf(hers, `Youssef ${tag}`);
    await scrollToCard(hers, hisCard);
    expect(await seriousViolations(hers)).toEqual([]);

    // In Dakar, among its members active today (ADR 082): her card, with her dates. He likes her.
    const his = await loggedInPage(browser, youssef, { path: `${root}/suggestions` });
    const herCard = cardOf(his, her);
    await scrollToCard(his, herCard);
    await expect(herCard).toContainText(say.onCard);
    await herCard.getByRole('button', { name: `${say.like} ${her}` }).click();
    await expect(herCard.getByRole('button', { name: `${say.liked} ${her}` })).toBeVisible();
    const omars = await loggedInPage(browser, omar, { path: `${root}/suggestions` });
    await scrollToCard(omars, cardOf(omars, her));
    await expect(cardOf(omars, her)).toContainText(say.onCard);

    // She likes him back: a match, and from its moment she opens their conversation.
    await hisCard.getByRole('button', { name: `${say.like} Youssef ${tag}` }).click();
    const moment = hers.getByRole('dialog', { name: say.match });
    await moment.getByRole('link', { name: say.write }).click();
    await expect(hers).toHaveURL(/\/chat\?userId=/);

    // From the conversation, she sends Youssef's profile to her father.
    const panel = hers.getByRole('region', { name: say.panel });
    await panel.getByRole('button', { name: say.ask }).click();
    await expect(panel.getByRole('combobox', { name: say.guardian })).toHaveValue(/.+/);
    await panel.getByRole('button', { name: say.send(`Youssef ${tag}`) }).click();
    await expect(panel.getByRole('status')).toContainText(say.sent);
    expect(await seriousViolations(hers)).toEqual([]);

    // Youssef is told, in the conversation.
    await his.goto(`${root}/chat?userId=${await memberId(request, aicha)}`);
    await expect(his.getByTestId('notice-line')).toContainText(say.told(her));

    // The father opens the mailed link, with no account, on a phone, and answers.
    const link = await familyOpinionLinkFor(guardianAddress);
    expect(link).toContain(`/${say.lang}/guardian/opinion/`);
    const fathersContext = await browser.newContext({ viewport: PHONE, locale: say.locale });
    const father = await fathersContext.newPage();
    await father.goto(link);
    await expect(father.getByRole('heading', { name: say.opinionTitle('Aïcha') })).toBeVisible();
    await expect(
      father.getByRole('heading', { name: new RegExp(`^Youssef ${tag}`) }),
    ).toBeVisible();
    await expect(father.getByText(say.until)).toBeVisible();
    expect(await seriousViolations(father)).toEqual([]);
    await father.getByRole('radio', { name: say.questions }).check();
    await father.getByRole('textbox', { name: say.note('Aïcha') }).fill('Qui sont ses parents ?');
    await father.getByRole('button', { name: say.sendAnswer }).click();
    await expect(father.getByText(say.thanks('Aïcha'))).toBeVisible();
    expect(
      await father.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await fathersContext.close();

    // She sees the answer under the conversation's header, live, without reloading; he never does.
    await expect(panel.getByText(say.answered)).toBeVisible();
    await expect(panel.getByText('Qui sont ses parents ?')).toBeVisible();
    await his.reload();
    await expect(his.getByTestId('notice-line')).toBeVisible();
    await expect(his.getByText('Qui sont ses parents ?')).toHaveCount(0);
    await expect(his.getByText(say.answered)).toHaveCount(0);

    // She deletes the stay: at Omar's next look she is no longer in Dakar.
    await hers.goto(`${root}/suggestions`);
    await hers.getByRole('button', { name: say.travel }).click();
    await travel.getByRole('button', { name: say.remove }).click();
    await expect(announced).toHaveCount(0);
    await omars.reload();
    await expect(omars.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(cardOf(omars, her)).toHaveCount(0);
  });
}
