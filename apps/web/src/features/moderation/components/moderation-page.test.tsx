import type { OpenReport } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockEndpoints, type Refusal } from '@/test/api.ts';
import { anError } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { signInModerator } from '../test/moderator.ts';
import { aReport, photos } from '../test/report.ts';
import { ModerationPage } from './moderation-page.tsx';

beforeEach(signInModerator);

/** The queue holds `reports`; each action is recorded and answered `reply`. */
function serve(reports: OpenReport[], refusal?: Refusal) {
  const sent: unknown[] = [];
  mockEndpoints({
    moderationQueue: { body: reports },
    moderationAction: ({ body }) => {
      sent.push(body);
      return refusal ?? { body: { message: 'Done' } };
    },
  });
  return sent;
}

describe('the moderation page', () => {
  it('shows a report: why, by whom, the reported member, their photos and the attached messages', async () => {
    serve([aReport()]);
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    const report = await screen.findByRole('article', { name: 'Karim Benali: Asking for money' });
    screen.getByRole('heading', { level: 1, name: 'Reports to review' });
    screen.getByText('1 open report');
    expect(report).toHaveTextContent('Reported by Amina Diallo');
    expect(report).toHaveTextContent('Reported 3 hours ago');
    expect(report).toHaveTextContent('He keeps asking for a transfer.');
    expect(report).toHaveTextContent('Karim Benali, 31 years old, Man, Lyon, France');
    expect(report).toHaveTextContent('Standing: Active');
    expect(report).toHaveTextContent('Reported by 2 members');
    expect(report).not.toHaveTextContent('added to');
    expect(report).toHaveTextContent('Engineer, practising.');
    // The profession is free text like the bio: the moderator reads it too.
    expect(report).toHaveTextContent('Profession: Ingénieur, argent facile');
    const photoList = within(report).getByRole('region', { name: 'Photos' });
    expect(within(photoList).getByRole('img', { name: 'Photo 1 of Karim Benali' })).toHaveAttribute(
      'src',
      photos[0],
    );
    const messages = within(report).getByRole('region', { name: 'Attached messages' });
    expect(within(messages).getAllByRole('listitem')).toHaveLength(3);
    expect(messages).toHaveTextContent('Send me money now');
    within(messages).getByRole('img', { name: 'Photo sent by Karim Benali' });
    expect(messages.querySelector('audio')).toHaveAttribute(
      'aria-label',
      'Voice note sent by Karim Benali',
    );
  });

  it('shows the compliment the reported member sent with his like (French)', async () => {
    serve([aReport({ compliment: 'Envoie-moi ton numéro, ma belle' })]);
    await renderScreen(<ModerationPage />, { route: '/moderation', language: 'fr' });
    const report = await screen.findByRole('article');
    const compliment = within(report).getByRole('region', {
      name: "Le compliment envoyé avec son « J'aime »",
    });
    expect(compliment).toHaveTextContent('Envoie-moi ton numéro, ma belle');
  });

  it('shows no compliment section when the report has none', async () => {
    serve([aReport()]);
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    const report = await screen.findByRole('article');
    expect(
      within(report).queryByRole('region', { name: 'Compliment sent with their like' }),
    ).toBeNull();
  });

  it('removes the compliment he sent with his like, by keyboard alone, after confirming', async () => {
    const sent = serve([aReport({ compliment: 'Send me a private photo, beautiful' })]);
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    const user = userEvent.setup();
    const decision = await screen.findByRole('region', { name: 'Decision' });
    within(decision).getByRole('radio', { name: 'Dismiss the report' }).focus();
    // Past the photo removal; the voice introduction and the answers, which he has not, are skipped.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(decision).getByRole('radio', { name: 'Remove the compliment' })).toBeChecked();
    // The rule and the facts of the statement of reasons, as the report's reason points them.
    await user.tab();
    expect(
      within(decision).getByRole('combobox', { name: 'Rule of the guidelines' }),
    ).toHaveFocus();
    await user.tab();
    expect(within(decision).getByRole('combobox', { name: 'Facts' })).toHaveFocus();
    await user.tab();
    expect(within(decision).getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    await user.keyboard('Asks for private photos');
    await user.tab();
    expect(within(decision).getByRole('button', { name: 'Continue' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the decision' });
    expect(dialog).toHaveTextContent(
      'Remove the compliment Karim Benali sent with their like? The like stays.',
    );
    expect(dialog).toHaveTextContent('Send me a private photo, beautiful');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Compliment of Karim Benali removed.'),
    );
    expect(sent).toEqual([
      {
        action: 'remove-compliment',
        reason: 'Asks for private photos',
        rule: 'no-money',
        fact: 'asked-for-money',
      },
    ]);
  });

  it('offers no compliment to remove when the report shows none (French)', async () => {
    serve([aReport()]);
    await renderScreen(<ModerationPage />, { route: '/fr/moderation', language: 'fr' });
    const decision = await screen.findByRole('region', { name: 'Décision' });
    expect(within(decision).getByRole('radio', { name: 'Retirer le compliment' })).toBeDisabled();
  });

  it('says in French when the compliment is no longer there to remove, and keeps the report', async () => {
    serve([aReport({ compliment: 'Donne-moi ton numéro' })], {
      status: 400,
      body: anError('COMPLIMENT_TO_REMOVE_NONE'),
    });
    await renderScreen(<ModerationPage />, { route: '/fr/moderation', language: 'fr' });
    const user = userEvent.setup();
    const decision = await screen.findByRole('region', { name: 'Décision' });
    await user.click(within(decision).getByRole('radio', { name: 'Retirer le compliment' }));
    await user.type(within(decision).getByRole('textbox', { name: 'Motif' }), 'Demande un numéro');
    await user.click(within(decision).getByRole('button', { name: 'Continuer' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      "Retirer le compliment envoyé par Karim Benali avec son « J'aime » ? Le « J'aime » reste.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Le membre signalé n'a envoyé aucun compliment à l'auteur du signalement",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    screen.getByRole('article');
  });

  it('shows a report its reporter added to: every reason, and when it was added to', async () => {
    serve([
      aReport({
        reasons: ['asking-for-money', 'harassment-or-hate'],
        note: 'He keeps asking for a transfer.\n\nNow he insults me.',
        updatedAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
      }),
    ]);
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    const report = await screen.findByRole('article', {
      name: 'Karim Benali: Asking for money and Harassment or hate',
    });
    expect(report).toHaveTextContent('Reported 3 hours ago · added to 5 minutes ago');
    expect(report).toHaveTextContent('Now he insults me.');
  });

  it('suspends for the days and with the reason given, after confirming; the report leaves the queue', async () => {
    const sent = serve([aReport()]);
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    const user = userEvent.setup();
    const report = await screen.findByRole('article');
    const decision = within(report).getByRole('region', { name: 'Decision' });
    await user.click(
      within(within(decision).getByRole('group', { name: 'Action' })).getByRole('radio', {
        name: 'Suspend',
      }),
    );
    const days = within(decision).getByRole('spinbutton', { name: 'Days of suspension' });
    await user.clear(days);
    await user.type(days, '3');
    // The moderator may choose another rule and fact than the report's reason points at.
    await user.selectOptions(
      within(decision).getByRole('combobox', { name: 'Rule of the guidelines' }),
      'Be yourself: your own name, age and photos',
    );
    await user.selectOptions(
      within(decision).getByRole('combobox', { name: 'Facts' }),
      'A photo of your profile shows someone else.',
    );
    await user.type(within(decision).getByRole('textbox', { name: 'Reason' }), 'Fake photos');
    await user.click(within(decision).getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the decision' });
    expect(dialog).toHaveTextContent(
      'Suspend Karim Benali for 3 days? Their sessions end at once.',
    );
    expect(dialog).toHaveTextContent('Fake photos');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Karim Benali suspended for 3 days.'),
    );
    expect(sent).toEqual([
      {
        action: 'suspend',
        reason: 'Fake photos',
        days: 3,
        rule: 'be-yourself',
        fact: 'photo-not-the-member',
      },
    ]);
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    screen.getByRole('heading', { name: 'No report to review' });
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Reports to review' })).toHaveFocus(),
    );
  });

  it('refuses a decision without a reason, and sends nothing', async () => {
    const sent = serve([aReport()]);
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    const user = userEvent.setup();
    const decision = await screen.findByRole('region', { name: 'Decision' });
    await user.click(within(decision).getByRole('radio', { name: 'Ban' }));
    await user.type(within(decision).getByRole('textbox', { name: 'Reason' }), '  ');
    await user.click(within(decision).getByRole('button', { name: 'Continue' }));

    const reason = within(decision).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAccessibleDescription(
      /Say why, in a few words \(3 to 1000 characters\): it is kept in the record\./,
    );
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('says when the reporter has since deleted their account, in both languages', async () => {
    const gone = { kind: 'member' as const, id: 'stand-in', name: '', deleted: true };
    serve([aReport({ reporter: gone })]);
    const { unmount } = await renderScreen(<ModerationPage />, { route: '/moderation' });
    expect(
      await screen.findByRole('article', { name: 'Karim Benali: Asking for money' }),
    ).toHaveTextContent('Reported by a member who has since deleted their account');
    unmount();
    serve([aReport({ reporter: gone })]);
    await renderScreen(<ModerationPage />, { route: '/fr/moderation', language: 'fr' });
    expect(
      await screen.findByRole('article', { name: "Karim Benali : Demande d'argent" }),
    ).toHaveTextContent('Signalé par un membre qui a depuis supprimé son compte');
  });

  it('marks a report from the public page as illegal content, with its explanation, in both languages', async () => {
    const fromAnyone = aReport({
      reporter: { kind: 'public', illegalContent: 'fraud', subject: 'photo' },
      note: 'His photos are taken from an actor.',
      messages: [],
    });
    serve([fromAnyone]);
    const { unmount } = await renderScreen(<ModerationPage />, { route: '/moderation' });
    const report = await screen.findByRole('article', { name: 'Karim Benali: Asking for money' });
    expect(report).toHaveTextContent('Reported through the public page, with no account');
    expect(report).toHaveTextContent(
      'Public report of illegal content: Fraud or a scam, a photo of the profile',
    );
    expect(
      within(report).getByRole('region', { name: 'Reporter’s explanation' }),
    ).toHaveTextContent('His photos are taken from an actor.');
    unmount();
    serve([fromAnyone]);
    await renderScreen(<ModerationPage />, { route: '/fr/moderation', language: 'fr' });
    expect(
      await screen.findByRole('article', { name: "Karim Benali : Demande d'argent" }),
    ).toHaveTextContent(
      'Signalement public de contenu illégal : Une fraude ou une escroquerie, une photo du profil',
    );
  });

  it('says what the scam shield found when it filed the report, in the moderator’s language, never as a note', async () => {
    const byTheShield = aReport({
      reporter: { kind: 'scam-shield', flaggedMessages: 5, rules: ['money', 'phone'] },
      note: null,
    });
    serve([byTheShield]);
    const { unmount } = await renderScreen(<ModerationPage />, { route: '/moderation' });
    const report = await screen.findByRole('article', { name: 'Karim Benali: Asking for money' });
    expect(report).toHaveTextContent(
      'Reported automatically by the scam shield: 5 flagged messages (money and phone number)',
    );
    expect(within(report).queryByRole('region', { name: 'Reporter’s note' })).toBeNull();
    expect(report).not.toHaveTextContent('No note.');
    unmount();
    serve([byTheShield]);
    await renderScreen(<ModerationPage />, { route: '/fr/moderation', language: 'fr' });
    const inFrench = await screen.findByRole('article', {
      name: "Karim Benali : Demande d'argent",
    });
    expect(inFrench).toHaveTextContent(
      'Signalé automatiquement par le bouclier anti-arnaque : 5 messages signalés (argent et numéro de téléphone)',
    );
    expect(
      within(inFrench).queryByRole('region', { name: 'Note de la personne qui signale' }),
    ).toBeNull();
  });

  it('works in French: removes the chosen photo', async () => {
    const sent = serve([
      aReport({
        reasons: ['fake-profile', 'under-18'],
        updatedAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
      }),
    ]);
    await renderScreen(<ModerationPage />, { route: '/fr/moderation', language: 'fr' });
    const user = userEvent.setup();
    const report = await screen.findByRole('article', {
      name: 'Karim Benali : Faux profil et Moins de 18 ans',
    });
    expect(report).toHaveTextContent('Signalé par Amina Diallo');
    expect(report).toHaveTextContent('complété il y a 5 minutes');
    expect(report).toHaveTextContent('Signalé par 2 membres');
    screen.getByRole('heading', { level: 1, name: 'Signalements à examiner' });
    const decision = screen.getByRole('region', { name: 'Décision' });
    await user.click(within(decision).getByRole('radio', { name: 'Retirer une photo' }));
    await user.click(
      within(within(decision).getByRole('group', { name: 'Photo à retirer' })).getByRole('radio', {
        name: 'Photo 2 de Karim Benali',
      }),
    );
    await user.type(within(decision).getByRole('textbox', { name: 'Motif' }), 'Photo volée');
    await user.click(within(decision).getByRole('button', { name: 'Continuer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmer la décision' });
    expect(dialog).toHaveTextContent('Retirer cette photo de Karim Benali ?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));

    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Photo de Karim Benali retirée.'),
    );
    expect(sent).toEqual([
      {
        action: 'remove-photo',
        reason: 'Photo volée',
        photoUrl: photos[1],
        rule: 'be-yourself',
        fact: 'false-identity',
      },
    ]);
    screen.getByRole('heading', { name: 'Aucun signalement à examiner' });
  });

  it.each([
    [409, 'REPORT_CLOSED', 'This report was already handled.'],
    [403, 'REPORT_ABOUT_YOU', 'This report is about you: another moderator will handle it.'],
    [403, 'REPORT_FILED_BY_YOU', 'You filed this report: another moderator will handle it.'],
  ])(
    'says why a report is not this moderator’s to decide (%i %s), and drops it from the queue',
    async (status, code, why) => {
      serve([aReport()], { status: status as 403 | 409, body: anError(code) });
      await renderScreen(<ModerationPage />, { route: '/moderation' });
      const user = userEvent.setup();
      const decision = await screen.findByRole('region', { name: 'Decision' });
      await user.type(
        within(decision).getByRole('textbox', { name: 'Reason' }),
        'A misunderstanding',
      );
      await user.click(within(decision).getByRole('button', { name: 'Continue' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('Dismiss the report on Karim Benali?');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await vi.waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent(
          `The report on Karim Benali left the queue: ${why}`,
        ),
      );
      expect(screen.queryByRole('article')).toBeNull();
    },
  );

  it('keeps the report and says why when the decision is refused', async () => {
    serve([aReport()], {
      status: 400,
      body: { code: 'PHOTO_TO_REMOVE_UNKNOWN', message: 'unknown photo' },
    });
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    const user = userEvent.setup();
    const decision = await screen.findByRole('region', { name: 'Decision' });
    await user.click(within(decision).getByRole('radio', { name: 'Remove a photo' }));
    await user.type(within(decision).getByRole('textbox', { name: 'Reason' }), 'Nudity');
    await user.click(within(decision).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This photo is not one of the reported member’s.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    screen.getByRole('article', { name: 'Karim Benali: Asking for money' });
  });

  it('is forbidden to a member who is not a moderator', async () => {
    mockEndpoints({
      moderationQueue: {
        status: 403,
        body: { code: 'MODERATORS_ONLY', message: 'Only moderators may do this.' },
      },
    });
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    await screen.findByRole('heading', { level: 1, name: 'This page is for moderators' });
    expect(screen.getByRole('link', { name: 'Back to suggestions' })).toHaveAttribute(
      'href',
      '/suggestions',
    );
    expect(screen.queryByRole('article')).toBeNull();
  });
});
