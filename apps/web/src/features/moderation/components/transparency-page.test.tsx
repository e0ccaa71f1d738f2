import type { TransparencySummary } from '@mawadda/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { anError } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { savedFiles } from '@/test/saved-files.ts';
import { signInModerator } from '../test/moderator.ts';
import { ModerationPage } from './moderation-page.tsx';
import { TransparencyPage } from './transparency-page.tsx';

const saved = savedFiles();
beforeEach(signInModerator);

function aSummary(from: string, to: string, reports: number): TransparencySummary {
  return {
    from,
    to,
    reports: {
      total: reports,
      byReason: {
        'fake-profile': 1,
        'inappropriate-photos': 0,
        'inappropriate-voice-introduction': 0,
        'harassment-or-hate': 0,
        'asking-for-money': 2,
        'under-18': 0,
        'married-and-hiding-it': 0,
        other: 1,
      },
      bySource: { member: 1, 'scam-shield': 1, public: 0 },
      sourceUnknown: 1,
    },
    decisions: {
      dismiss: 1,
      'remove-photo': 0,
      'remove-voice-introduction': 0,
      'remove-prompt-answer': 0,
      'remove-compliment': 0,
      'hide-messages': 0,
      'remove-profile-text': 0,
      warn: 4,
      suspend: 1,
      ban: 0,
      'verification-approved': 0,
      'verification-refused': 0,
    },
    appeals: { filed: 1, upheld: 1, rejected: 0 },
    reversals: 1,
    medianHandlingSeconds: 6 * 3600,
    medianAppealAnswerSeconds: null,
  };
}

const november = aSummary('2026-11-01', '2026-11-30', 3);
const firstWeek = aSummary('2026-12-01', '2026-12-07', 9);

/** The row of the table named `label`: its value cell's text. */
const figure = (label: string) =>
  within(screen.getByRole('row', { name: new RegExp(`^${label}`) })).getByRole('cell').textContent;

describe('the transparency summary page', () => {
  it('shows last month’s figures in a table, then the period chosen', async () => {
    const asked: string[] = [];
    mockEndpoints({
      transparencySummary: ({ query }) => {
        asked.push(query.toString());
        return { body: query.get('from') ? firstWeek : november };
      },
    });
    await renderScreen(<TransparencyPage />);
    const table = await screen.findByRole('table', {
      name: 'Moderation from November 1, 2026 to November 30, 2026',
    });
    expect(within(table).getByRole('columnheader', { name: 'Number' })).toBeVisible();
    expect(figure('Reports received')).toBe('3');
    expect(figure('Filed by the scam shield')).toBe('1');
    expect(figure('Asking for money')).toBe('2');
    expect(figure('Warnings')).toBe('4');
    expect(figure('Appeals upheld')).toBe('1');
    expect(figure('Median time from a report to its first decision')).toBe('6 hours');
    expect(figure('Median time to answer an appeal')).toBe('None in the period');
    // The fields hold the period shown.
    expect(screen.getByLabelText('First day')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Last day')).toHaveValue('2026-11-30');

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First day'));
    await user.type(screen.getByLabelText('First day'), '2026-12-01');
    await user.clear(screen.getByLabelText('Last day'));
    await user.type(screen.getByLabelText('Last day'), '2026-12-07');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('table', {
      name: 'Moderation from December 1, 2026 to December 7, 2026',
    });
    expect(figure('Reports received')).toBe('9');
    expect(asked).toEqual(['', 'from=2026-12-01&to=2026-12-07']);
  });

  it('downloads the CSV of the period shown, under the server’s name', async () => {
    const fetched: string[] = [];
    mockEndpoints({
      transparencySummary: { body: november },
      transparencyCsv: ({ url, headers }) => {
        fetched.push(`${url} ${headers.get('authorization')}`);
        return {
          file: 'figure,breakdown,value\r\nperiod,from,2026-11-01\r\n',
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition':
              'attachment; filename="mawadda-transparency-2026-11-01-2026-11-30.csv"',
          },
        };
      },
    });
    await renderScreen(<TransparencyPage />);
    await screen.findByRole('table');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('mawadda-transparency-2026-11-01-2026-11-30.csv');
    expect(await saved[0]?.blob?.text()).toContain('period,from,2026-11-01');
    expect(fetched).toEqual([
      '/api/moderation/transparency.csv?from=2026-11-01&to=2026-11-30 Bearer token',
    ]);
  });

  it('says in French why a period is refused, the dates typed kept to correct', async () => {
    mockEndpoints({
      transparencySummary: ({ query }) =>
        query.get('from')
          ? { status: 400, body: anError('TRANSPARENCY_PERIOD_REVERSED') }
          : { body: november },
    });
    await renderScreen(<TransparencyPage />, { language: 'fr', route: '/fr' });
    await screen.findByRole('table', { name: 'Modération du 1 novembre 2026 au 30 novembre 2026' });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Premier jour'));
    await user.type(screen.getByLabelText('Premier jour'), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le début de la période doit précéder sa fin.',
    );
    expect(screen.getByLabelText('Premier jour')).toHaveValue('2026-12-31');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens on the period the address names, kept in the fields when it is refused', async () => {
    mockEndpoints({
      transparencySummary: { status: 400, body: anError('TRANSPARENCY_PERIOD_TOO_LONG') },
    });
    await renderScreen(<TransparencyPage />, {
      route: '/moderation/transparency?from=2020-01-01&to=2026-12-31',
      path: '/moderation/transparency',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A summary covers at most 366 days.',
    );
    expect(screen.getByLabelText('First day')).toHaveValue('2020-01-01');
    expect(screen.getByLabelText('Last day')).toHaveValue('2026-12-31');
  });

  it('is refused to a member who is not a moderator', async () => {
    mockEndpoints({
      transparencySummary: { status: 403, body: anError('MODERATORS_ONLY') },
    });
    await renderScreen(<TransparencyPage />);
    await screen.findByRole('heading', { name: 'This page is for moderators' });
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks for the second factor this session has not proved, then shows the summary', async () => {
    let proved = false;
    mockEndpoints({
      transparencySummary: () =>
        proved ? { body: november } : { status: 403, body: anError('SECOND_FACTOR_REQUIRED') },
      proveSecondFactor: () => {
        proved = true;
        return { body: { recoveryCodesLeft: 10 } };
      },
    });
    await renderScreen(<TransparencyPage />);
    await screen.findByRole('heading', { level: 1, name: 'Confirm it is you' });
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Code' }), '123456{Enter}');
    expect(await screen.findByRole('table')).toBeVisible();
  });

  it('is linked from the moderation page, in the page’s language', async () => {
    mockEndpoints({ moderationQueue: { body: [] } });
    await renderScreen(<ModerationPage />, { language: 'fr', route: '/fr' });
    expect(await screen.findByRole('link', { name: 'Bilan de transparence' })).toHaveAttribute(
      'href',
      '/fr/moderation/transparency',
    );
  });
});
