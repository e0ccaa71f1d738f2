import type { OpenReport } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen, type TestLanguage } from '@/test/render.tsx';
import { signInModerator } from '../test/moderator.ts';
import { ActionForm } from './action-form.tsx';

const sentAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();

/** A report on Karim: what his profile says, and what the reporter attached of his messages. */
function aReport(overrides: Partial<OpenReport['reported']> = {}, messages = 1): OpenReport {
  return {
    id: '00000000-0000-4000-8000-0000000000r2',
    priority: 'money',
    reviewState: 'open',
    assigneeId: null,
    reasons: ['asking-for-money'],
    note: null,
    createdAt: sentAt,
    updatedAt: sentAt,
    reporter: { kind: 'member', id: 'amina', name: 'Amina', deleted: false },
    reported: {
      id: 'karim',
      name: 'Karim',
      age: 31,
      gender: 'homme',
      location: 'Lyon, France',
      bio: 'Write me on +33 6 12 34 56 78',
      profession: 'Trader, easy money',
      photoUrls: [],
      promptAnswers: [],
      voiceIntroductionUrl: null,
      standing: 'active',
      reporterCount: 1,
      ...overrides,
    },
    compliment: null,
    messages: Array.from({ length: messages }, (_, i) => ({
      uuid: `m${i}`,
      content: 'Send me money now',
      imageUrl: null,
      audioUrl: null,
      timestamp: sentAt,
    })),
  };
}

beforeEach(signInModerator);

function serve() {
  const sent: unknown[] = [];
  mockEndpoints({
    moderationAction: ({ body }) => {
      sent.push(body);
      return { body: { message: 'Done' } };
    },
  });
  return sent;
}

const form = (report: OpenReport, language: TestLanguage = 'en') => {
  const onLeave = vi.fn();
  return {
    onLeave,
    screen: renderScreen(<ActionForm report={report} onLeave={onLeave} />, { language }),
  };
};

const action = (name: string) =>
  within(screen.getByRole('group', { name: /^Action$/ })).getByRole('radio', { name });

describe('hiding the reported messages and removing a profile text (ADR 083)', () => {
  it('offers each only when there is something to take', async () => {
    await form(aReport({ bio: null, profession: '  ' }, 0)).screen;
    expect(action('Hide the reported messages')).toBeDisabled();
    expect(action('Remove a profile text')).toBeDisabled();
  });

  it('hides the messages by keyboard, with a fact about them, after confirming', async () => {
    const sent = serve();
    const { onLeave, screen: rendered } = form(aReport());
    await rendered;
    const user = userEvent.setup();
    action('Dismiss the report').focus();
    // Past the removals of what he has not (photos, voice, answers, compliment).
    await user.keyboard('{ArrowDown}');
    expect(action('Hide the reported messages')).toBeChecked();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Facts' }),
      'What you wrote insults, demeans or shocks others.',
    );
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Insults in two messages');
    await user.keyboard('{Tab}{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Hide the reported messages of Karim from the member they were sent to? Karim still sees them, marked as hidden.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onLeave).toHaveBeenCalledWith('Messages of Karim hidden.'));
    expect(sent).toEqual([
      {
        action: 'hide-messages',
        reason: 'Insults in two messages',
        rule: 'no-money',
        fact: 'offensive-text',
      },
    ]);
  });

  it('removes the chosen texts, each shown, in French', async () => {
    const sent = serve();
    const { screen: rendered } = form(aReport(), 'fr');
    await rendered;
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Retirer un texte du profil' }));
    const texts = screen.getByRole('group', { name: 'Textes à retirer' });
    expect(within(texts).getByRole('checkbox', { name: /Présentation/ })).toBeChecked();
    expect(texts).toHaveTextContent('Write me on +33 6 12 34 56 78');
    await user.click(within(texts).getByRole('checkbox', { name: /Profession/ }));
    await user.type(screen.getByRole('textbox', { name: 'Motif' }), 'Un numéro et une promesse');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Une annulation ne les rend pas');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      action: 'remove-profile-text',
      profileTexts: ['bio', 'profession'],
    });
  });

  it('asks for a text to remove when none is chosen, its first box focused, and sends nothing', async () => {
    const sent = serve();
    const { screen: rendered } = form(aReport());
    await rendered;
    const user = userEvent.setup();
    await user.click(action('Remove a profile text'));
    const bio = screen.getByRole('checkbox', { name: /Bio/ });
    await user.click(bio);
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'A phone number');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(bio).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Texts to remove' })).toHaveTextContent(
      'Choose the texts to remove',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);
  });
});
