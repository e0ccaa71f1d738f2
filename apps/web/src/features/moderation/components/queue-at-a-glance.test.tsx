import type { ModerationSubject, OpenReport } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockEndpoints, type StubRequest, type Stubs } from '@/test/api.ts';
import { aCurrentUser } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { signInModerator } from '../test/moderator.ts';
import { aReport } from '../test/report.ts';
import { ModerationPage } from './moderation-page.tsx';

const HOUR_MS = 60 * 60 * 1000;
const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

/** Two reports on Karim by two members, one on Youssef. */
const karimsReports = ids.map((id, index) =>
  aReport({
    id,
    reporter: {
      kind: 'member',
      id: `reporter-${index}`,
      name: `Reporter ${index}`,
      deleted: false,
    },
  }),
);
const youssefsReport = aReport({
  id: '00000000-0000-4000-8000-000000000003',
  priority: 'minor',
  reasons: ['under-18'],
  reported: { ...aReport().reported, id: 'youssef', name: 'youssef ba' },
});

const karimsHistory: ModerationSubject = {
  memberId: 'karim',
  state: 'open',
  assigneeId: null,
  standing: 'suspended',
  events: [
    {
      id: 'e1',
      kind: 'reported',
      at: new Date(Date.now() - 5 * HOUR_MS).toISOString(),
      moderatorId: null,
      moderatorName: null,
      reportId: ids[0] ?? '',
      reason: 'asking-for-money',
      rule: null,
      fact: null,
      until: null,
      refersTo: null,
    },
    {
      id: 'e2',
      kind: 'suspend',
      at: new Date(Date.now() - 4 * HOUR_MS).toISOString(),
      moderatorId: 'other-moderator',
      moderatorName: 'Fatou',
      reportId: ids[0] ?? '',
      reason: 'Asked two members for a transfer.',
      rule: 'no-money',
      fact: 'asked-for-money',
      until: new Date(Date.now() + 3 * 24 * HOUR_MS).toISOString(),
      refersTo: null,
    },
  ],
};

beforeEach(signInModerator);

/** The page's endpoints, each call kept by name; `more` answers or overrides some. */
function serve(reports: OpenReport[], more: Stubs = {}) {
  const calls: Record<string, StubRequest[]> = {};
  const keep = (name: string, request: StubRequest) => {
    calls[name] = [...(calls[name] ?? []), request];
  };
  mockEndpoints({
    moderationQueue: (request) => {
      keep('queue', request);
      return { body: reports };
    },
    moderationQueueFigures: {
      body: {
        open: 3,
        escalated: 1,
        appealed: 2,
        oldestOpenAt: new Date(Date.now() - 2 * 24 * HOUR_MS).toISOString(),
        medianFirstDecisionSeconds: 5400,
      },
    },
    moderationBulkAction: (request) => {
      keep('bulk', request);
      return { body: { message: 'Done' } };
    },
    moderationSubject: { body: karimsHistory },
    moderationComment: (request) => {
      keep('comment', request);
      return { status: 201, body: { message: 'Done' } };
    },
    moderationEscalation: (request) => {
      keep('escalation', request);
      return { body: { message: 'Done' } };
    },
    moderationReversal: (request) => {
      keep('reversal', request);
      return { body: { message: 'Done' } };
    },
    currentUser: { body: aCurrentUser({ id: 'mod', role: 'moderator' }) },
    ...more,
  });
  return calls;
}

describe('the queue at a glance', () => {
  it('shows the counts, the oldest report and the median first decision, and filters by keyboard', async () => {
    const calls = serve([youssefsReport, ...karimsReports]);
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    const glance = await screen.findByRole('region', { name: 'The queue at a glance' });
    await vi.waitFor(() => expect(glance).toHaveTextContent('Open3'));
    expect(glance).toHaveTextContent('Escalated1');
    expect(glance).toHaveTextContent('Appeals waiting2');
    expect(glance).toHaveTextContent('Oldest open report2 days ago');
    expect(glance).toHaveTextContent('Median time to a first decision (7 days)1 hr 30 min');
    // The reported minor is marked first in the queue.
    const [first] = screen.getAllByRole('article');
    expect(first).toHaveTextContent('Reported as a minor: first in the queue');

    const lastQuery = () => Object.fromEntries(calls.queue?.at(-1)?.query ?? []);
    expect(lastQuery()).toEqual({});
    const user = userEvent.setup();
    const state = within(glance).getByRole('combobox', { name: 'Review state' });
    state.focus();
    await user.selectOptions(state, 'Escalated');
    await user.tab();
    await user.selectOptions(
      within(glance).getByRole('combobox', { name: 'Whose' }),
      'Escalated to me',
    );
    await vi.waitFor(() => expect(lastQuery()).toEqual({ state: 'escalated', assignee: 'me' }));
    await user.selectOptions(within(glance).getByRole('combobox', { name: 'Reason' }), 'Under 18');
    await vi.waitFor(() =>
      expect(lastQuery()).toEqual({ state: 'escalated', reason: 'under-18', assignee: 'me' }),
    );
  });

  it('takes one decision on two reports of one member, after confirming; both leave the queue', async () => {
    const calls = serve([youssefsReport, ...karimsReports]);
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    const user = userEvent.setup();
    const [youssef, karim1, karim2] = await screen.findAllByRole('article');
    // Youssef has one report: nothing to decide together.
    expect(within(youssef as HTMLElement).queryByRole('checkbox')).toBeNull();
    const choose = 'Decide together with other reports on Karim Benali';
    await user.click(within(karim1 as HTMLElement).getByRole('checkbox', { name: choose }));
    expect(screen.queryByRole('region', { name: /One decision on/ })).toBeNull();
    await user.click(within(karim2 as HTMLElement).getByRole('checkbox', { name: choose }));
    const bulk = screen.getByRole('region', { name: 'One decision on 2 reports of Karim Benali' });
    // A compliment is one reporter's: not removed for several.
    expect(within(bulk).getByRole('radio', { name: 'Remove the compliment' })).toBeDisabled();
    await user.click(within(bulk).getByRole('radio', { name: 'Warn by e-mail' }));
    await user.type(within(bulk).getByRole('textbox', { name: 'Reason' }), 'Asked two members');
    await user.click(within(bulk).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the decision' });
    expect(dialog).toHaveTextContent(
      'Warn Karim Benali by e-mail? It closes the 2 chosen reports.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Karim Benali warned by e-mail. 2 reports closed.',
      ),
    );
    expect(calls.bulk?.map((call) => call.body)).toEqual([
      {
        reportIds: ids,
        action: 'warn',
        reason: 'Asked two members',
        rule: 'no-money',
        fact: 'asked-for-money',
      },
    ]);
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });
});

describe('a reported member’s history', () => {
  it('shows every event in order, takes a comment and escalates after confirming (French)', async () => {
    const calls = serve([karimsReports[0] as OpenReport]);
    await renderScreen(<ModerationPage />, { route: '/fr/moderation', language: 'fr' });
    const user = userEvent.setup();
    const history = await screen.findByRole('region', { name: 'Historique de Karim Benali' });
    const show = within(history).getByRole('button', { name: "Afficher l'historique" });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const events = await within(history).findAllByRole('listitem');
    expect(events.map((event) => event.textContent)).toEqual([
      expect.stringMatching(/^Signalé · par un signalement · .*Demande d'argent/),
      expect.stringMatching(
        /^Suspension · par Fatou · .*Règle : .*Faits : .*Jusqu'au .*Asked two members for a transfer\.$/,
      ),
    ]);
    // Only a senior moderator reverses.
    expect(within(history).queryByRole('button', { name: 'Infirmer la décision' })).toBeNull();

    const comment = within(history).getByRole('textbox', {
      name: 'Commentaire pour les modérateurs',
    });
    expect(comment).toHaveAccessibleDescription('Gardé au registre. Le membre ne le voit jamais.');
    await user.type(comment, 'Deuxième signalement ce mois-ci');
    await user.click(within(history).getByRole('button', { name: 'Ajouter le commentaire' }));
    await vi.waitFor(() =>
      expect(calls.comment?.map((call) => call.body)).toEqual([
        { text: 'Deuxième signalement ce mois-ci' },
      ]),
    );
    await vi.waitFor(() => expect(comment).toHaveValue(''));

    await user.click(
      within(history).getByRole('button', { name: 'Remonter à un modérateur principal' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Remonter à un modérateur principal',
    });
    // No reason, nothing sent.
    await user.click(
      within(dialog).getByRole('button', { name: 'Remonter à un modérateur principal' }),
    );
    expect(dialog).toHaveTextContent('Dites pourquoi, en quelques mots');
    await user.type(within(dialog).getByRole('textbox', { name: 'Votre motif' }), 'Il conteste');
    await user.click(
      within(dialog).getByRole('button', { name: 'Remonter à un modérateur principal' }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.escalation?.map((call) => [call.params.id, call.body])).toEqual([
      ['karim', { reason: 'Il conteste' }],
    ]);
  });

  it('lets a senior moderator reverse another’s decision with a reason, after confirming', async () => {
    const calls = serve([karimsReports[0] as OpenReport], {
      currentUser: { body: aCurrentUser({ id: 'mod', role: 'senior-moderator' }) },
    });
    await renderScreen(<ModerationPage />, { route: '/moderation' });
    const user = userEvent.setup();
    const history = await screen.findByRole('region', { name: 'History of Karim Benali' });
    await user.click(within(history).getByRole('button', { name: 'Show the history' }));
    const reverse = await within(history).findByRole('button', { name: 'Reverse' });
    await user.click(reverse);
    const dialog = await screen.findByRole('alertdialog', { name: 'Reverse the decision' });
    expect(dialog).toHaveTextContent(
      'Reverse “Suspension” about Karim Benali? A suspension or a ban is lifted at once.',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.reversal).toBeUndefined();

    await user.click(reverse);
    const again = await screen.findByRole('alertdialog', { name: 'Reverse the decision' });
    await user.type(
      within(again).getByRole('textbox', { name: 'Your reason' }),
      'Quotes of someone else',
    );
    await user.click(within(again).getByRole('button', { name: 'Reverse' }));
    await vi.waitFor(() =>
      expect(calls.reversal?.map((call) => [call.params.id, call.body])).toEqual([
        ['e2', { reason: 'Quotes of someone else' }],
      ]),
    );
  });
});
