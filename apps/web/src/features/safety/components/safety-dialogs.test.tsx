import { REPORT_MESSAGES_MAX } from '@mawadda/contract/constants';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { describe, expect, it, type MockInstance, vi } from 'vitest';
import type { ReportableMessage, SafetyMember } from '@/components/members/member-safety-menu.tsx';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen, type TestLanguage } from '@/test/render.tsx';
import { BlockDialog, ReportDialog, UnmatchDialog } from './safety-dialogs.tsx';

/** As she typed her name; the dialogs show it as every screen does ("Awa Diop"). */
const AWA: SafetyMember = { id: 'awa-2', name: 'awa DIOP' };

const reportable = (n: number): ReportableMessage => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  text: `Message ${n}`,
  imageUrl: null,
  timestamp: `2026-11-25T08:${String(n).padStart(2, '0')}:00.000Z`,
});

type Dialog = (props: { member: SafetyMember | null; onClose: () => void }) => ReactElement;

/** A dialog as the app opens it, from a button that gets the focus back. */
async function open(Dialog: Dialog, language: TestLanguage = 'en') {
  function Opener() {
    const [member, setMember] = useState<SafetyMember | null>(null);
    return (
      <>
        <button type="button" onClick={() => setMember(AWA)}>
          Open
        </button>
        <Dialog member={member} onClose={() => setMember(null)} />
      </>
    );
  }
  await renderScreen(<Opener />, { language });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, dialog: screen.getByRole('dialog') };
}

const sent = (api: MockInstance<typeof fetch>) =>
  api.mock.calls.map(([url, init]) =>
    [init?.method ?? 'GET', String(url), init?.body ? JSON.parse(String(init.body)) : null].filter(
      (part) => part !== null,
    ),
  );

describe('Report dialog', () => {
  it('sends the chosen reason, note and messages, then confirms and offers to block', async () => {
    const api = mockEndpoints({
      report: { status: 201, body: { id: 'report-1' } },
      block: { body: { message: 'Blocked' } },
    });
    const onBlocked = vi.fn();
    const messages = [reportable(1), reportable(2), { ...reportable(3), text: 'Send me money' }];
    const { user, dialog } = await open((props) => (
      <ReportDialog {...props} messages={messages} onBlocked={onBlocked} />
    ));
    expect(dialog).toHaveAccessibleName('Report Awa Diop');
    within(dialog).getByRole('group', { name: 'Why are you reporting Awa Diop?' });
    const choices = within(dialog).getByRole('group', {
      name: 'Messages from Awa Diop to attach (optional)',
    });
    // The newest first.
    expect(
      within(choices)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual([
      expect.stringContaining('Send me money'),
      expect.stringContaining('Message 2'),
      expect.stringContaining('Message 1'),
    ]);

    await user.click(within(dialog).getByRole('radio', { name: 'Asking for money' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Anything to add? (optional)' }),
      ' He insists. ',
    );
    within(dialog).getByText('13 of 1000 characters');
    await user.click(within(choices).getByRole('checkbox', { name: /Send me money/ }));
    await user.click(within(choices).getByRole('checkbox', { name: /Message 1/ }));
    within(dialog).getByText('2 of 20 chosen');
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));

    expect(await within(dialog).findByText(/your report was sent/)).toHaveFocus();
    expect(sent(api)).toEqual([
      [
        'POST',
        '/api/reports',
        {
          reportedId: 'awa-2',
          reason: 'asking-for-money',
          note: 'He insists.',
          messageIds: [messages[2]?.uuid, messages[0]?.uuid],
        },
      ],
    ]);
    expect(dialog).toHaveTextContent('Do you also want to block Awa Diop?');
    await user.click(within(dialog).getByRole('button', { name: 'Block Awa Diop' }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalledWith({ ...AWA, name: 'Awa Diop' }));
    expect(sent(api)[1]).toEqual(['POST', '/api/users/awa-2/block']);
  });

  it('opened from the scam shield’s warning, starts with asking for money and that message chosen', async () => {
    const api = mockEndpoints({ report: { status: 201, body: { id: 'report-1' } } });
    const messages = [reportable(1), { ...reportable(2), text: 'Envoie sur Wave' }];
    const { user, dialog } = await open((props) => (
      <ReportDialog
        {...props}
        messages={messages}
        preset={{ reason: 'asking-for-money', messageIds: [reportable(2).uuid] }}
        onBlocked={vi.fn()}
      />
    ));
    expect(within(dialog).getByRole('radio', { name: 'Asking for money' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Envoie sur Wave/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Message 1/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    await within(dialog).findByText(/your report was sent/);
    expect(sent(api)).toEqual([
      [
        'POST',
        '/api/reports',
        { reportedId: 'awa-2', reason: 'asking-for-money', messageIds: [reportable(2).uuid] },
      ],
    ]);
  });

  it('asks for a reason first, and sends neither note nor messages when there are none', async () => {
    const api = mockEndpoints({ report: { status: 201, body: { id: 'report-1' } } });
    const { user, dialog } = await open((props) => <ReportDialog {...props} onBlocked={vi.fn()} />);
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose why you report Awa Diop.');
    expect(api).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('radio', { name: 'Fake profile' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    await within(dialog).findByText(/your report was sent/);
    expect(sent(api)).toEqual([
      ['POST', '/api/reports', { reportedId: 'awa-2', reason: 'fake-profile' }],
    ]);
    // "Not now" closes it; the focus goes back to what opened it.
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it(`lets at most ${REPORT_MESSAGES_MAX} messages be ticked`, async () => {
    mockEndpoints({});
    const messages = Array.from({ length: REPORT_MESSAGES_MAX + 1 }, (_, n) => reportable(n + 1));
    const { user, dialog } = await open((props) => (
      <ReportDialog {...props} messages={messages} onBlocked={vi.fn()} />
    ));
    const boxes = within(dialog).getAllByRole('checkbox');
    for (const box of boxes.slice(0, REPORT_MESSAGES_MAX)) await user.click(box);
    within(dialog).getByText(`${REPORT_MESSAGES_MAX} of ${REPORT_MESSAGES_MAX} chosen`);
    expect(boxes.at(-1)).toBeDisabled();
    await user.click(boxes[0] as HTMLElement);
    expect(boxes.at(-1)).toBeEnabled();
  });

  it('says when the daily limit of reports is reached, in French too', async () => {
    mockEndpoints({
      report: {
        status: 429,
        body: { code: 'REPORTS_DAILY_LIMIT', message: 'You have sent as many reports…' },
      },
    });
    const { user, dialog } = await open(
      (props) => <ReportDialog {...props} onBlocked={vi.fn()} />,
      'fr',
    );
    expect(dialog).toHaveAccessibleName('Signaler Awa Diop');
    await user.click(within(dialog).getByRole('radio', { name: 'Marié(e) et le cache' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Vous avez envoyé autant de signalements que permis aujourd'hui. Réessayez demain.",
    );
  });

  it('says when the report could not be sent for another reason', async () => {
    mockEndpoints({ report: { status: 502, body: {} } });
    const { user, dialog } = await open((props) => <ReportDialog {...props} onBlocked={vi.fn()} />);
    await user.click(within(dialog).getByRole('radio', { name: 'Under 18' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your report could not be sent. Try again.',
    );
  });
});

describe('Block dialog', () => {
  it('says what a block does, and blocks once confirmed', async () => {
    const api = mockEndpoints({ block: { body: { message: 'Blocked' } } });
    const onBlocked = vi.fn();
    const { user, dialog } = await open((props) => (
      <BlockDialog {...props} onBlocked={onBlocked} />
    ));
    expect(dialog).toHaveAccessibleName('Block Awa Diop?');
    expect(dialog).toHaveAccessibleDescription(
      /They will not be told\. You will no longer see each other/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalledWith({ ...AWA, name: 'Awa Diop' }));
    expect(sent(api)).toEqual([['POST', '/api/users/awa-2/block']]);
  });

  it('closes with Escape or Cancel without blocking, the focus back on what opened it', async () => {
    const api = mockEndpoints({});
    const { user } = await open((props) => <BlockDialog {...props} onBlocked={vi.fn()} />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('keeps the focus inside while open', async () => {
    mockEndpoints({});
    const { user, dialog } = await open((props) => <BlockDialog {...props} onBlocked={vi.fn()} />);
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('shows why a block failed, in French', async () => {
    mockEndpoints({
      block: {
        status: 404,
        body: { code: 'MEMBER_NOT_FOUND', message: 'This member does not exist.' },
      },
    });
    const onBlocked = vi.fn();
    const { user, dialog } = await open(
      (props) => <BlockDialog {...props} onBlocked={onBlocked} />,
      'fr',
    );
    expect(dialog).toHaveAccessibleName('Bloquer Awa Diop ?');
    await user.click(within(dialog).getByRole('button', { name: 'Bloquer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Ce membre n'existe pas");
    expect(onBlocked).not.toHaveBeenCalled();
  });
});

describe('Unmatch dialog', () => {
  it('says what unmatching does, and unmatches once confirmed', async () => {
    const api = mockEndpoints({ unmatch: { body: { message: 'Unmatched' } } });
    const onUnmatched = vi.fn();
    const { user, dialog } = await open((props) => (
      <UnmatchDialog {...props} onUnmatched={onUnmatched} />
    ));
    expect(dialog).toHaveAccessibleName('Unmatch Awa Diop?');
    expect(dialog).toHaveAccessibleDescription(/the conversation closes for both of you/);
    await user.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    await waitFor(() => expect(onUnmatched).toHaveBeenCalledWith({ ...AWA, name: 'Awa Diop' }));
    expect(sent(api)).toEqual([['DELETE', '/api/users/awa-2/match']]);
  });

  it('closes kindly, in French: the chosen message, then the match ends, in one call', async () => {
    const api = mockEndpoints({ closeKindly: { body: { message: 'Closed kindly' } } });
    const onUnmatched = vi.fn();
    const { user, dialog } = await open(
      (props) => <UnmatchDialog {...props} onUnmatched={onUnmatched} />,
      'fr',
    );
    const choices = within(dialog).getByRole('group', {
      name: 'Laisser un mot bienveillant à Awa Diop ? (facultatif)',
    });
    expect(within(choices).getByRole('radio', { name: 'Pas de message' })).toBeChecked();
    await user.click(within(choices).getByRole('radio', { name: '“Qu’Allah te facilite.”' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer et annuler le match' }));
    await waitFor(() => expect(onUnmatched).toHaveBeenCalled());
    expect(sent(api)).toEqual([
      ['POST', '/api/users/awa-2/match/close-kindly', { templateId: 'may-allah-make-it-easy' }],
    ]);
  });

  it('says when it failed, offline', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { user, dialog } = await open((props) => (
      <UnmatchDialog {...props} onUnmatched={vi.fn()} />
    ));
    await user.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The match with Awa Diop could not be ended. Try again.',
    );
  });
});
