import type { Standing, Statement } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { standingPass } from '@/lib/standing-pass.ts';
import { mockEndpoints } from '@/test/api.ts';
import { anError } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { StandingPage } from './standing-page.tsx';

const DECISION_ID = '00000000-0000-4000-8000-00000000d001';

function aStatement(overrides: Partial<Statement> = {}): Statement {
  return {
    id: DECISION_ID,
    decision: 'suspend',
    decidedAt: '2026-12-01T10:00:00.000Z',
    rule: 'no-money',
    fact: 'asked-for-money',
    detail: 'Asked a match for a transfer.',
    until: '2026-12-08T10:00:00.000Z',
    profileTexts: [],
    reversed: false,
    appealUntil: '2027-06-02T10:00:00.000Z',
    appeal: null,
    ...overrides,
  };
}

const suspended = (statement = aStatement()): Standing => ({
  standing: 'suspended',
  until: '2026-12-08T10:00:00.000Z',
  statements: [statement],
});

describe('the standing page', () => {
  it('shows the decision, the rule, the facts and how long, then sends the appeal with the pass', async () => {
    standingPass.set('the-pass');
    const sent: Array<{ body: unknown; authorization: string | null }> = [];
    mockEndpoints({
      standing: { body: suspended() },
      standingAppeal: ({ body, headers }) => {
        sent.push({ body, authorization: headers.get('authorization') });
        return {
          status: 201,
          body: aStatement({
            appealUntil: null,
            appeal: {
              filedAt: '2026-12-01T12:00:00.000Z',
              text: 'My brother used my phone.',
              answerBy: '2026-12-08T12:00:00.000Z',
              outcome: null,
              answer: null,
              answeredAt: null,
            },
          }),
        };
      },
    });
    await renderScreen(<StandingPage />, { route: '/standing' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is suspended' }),
    ).toBeVisible();
    const statement = screen.getByRole('article', { name: 'Your account suspended' });
    expect(statement).toHaveTextContent('Never ask for money');
    expect(statement).toHaveTextContent(
      'You asked a member for money or a transfer. Asked a match for a transfer.',
    );
    expect(statement).toHaveTextContent('Until December 8, 2026');

    const user = userEvent.setup();
    const text = within(statement).getByRole('textbox', {
      name: 'Why should this decision be reversed?',
    });
    expect(text).toHaveAccessibleDescription(/You may appeal for free until June 2, 2027/);
    await user.type(text, 'My brother used my phone.');
    await user.click(within(statement).getByRole('button', { name: 'Send my appeal' }));
    expect(await within(statement).findByText(/Appeal sent on/)).toBeVisible();
    expect(sent).toEqual([
      { body: { text: 'My brother used my phone.' }, authorization: 'Bearer the-pass' },
    ]);
    expect(within(statement).queryByRole('textbox')).toBeNull();
  });

  it('shows the answer of an upheld appeal, and no form once the window is over', async () => {
    standingPass.set('the-pass');
    mockEndpoints({
      standing: {
        body: {
          standing: 'active',
          until: null,
          statements: [
            aStatement({
              reversed: true,
              appealUntil: null,
              appeal: {
                filedAt: '2026-12-01T12:00:00.000Z',
                text: 'My brother used my phone.',
                answerBy: '2026-12-08T12:00:00.000Z',
                outcome: 'upheld',
                answer: 'Sent from another device.',
                answeredAt: '2026-12-02T09:00:00.000Z',
              },
            }),
            aStatement({
              id: '00000000-0000-4000-8000-00000000d002',
              decision: 'warn',
              appealUntil: null,
            }),
          ],
        },
      },
    });
    await renderScreen(<StandingPage />, { route: '/standing' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is open again' }),
    ).toBeVisible();
    const [upheld, warning] = screen.getAllByRole('article');
    expect(upheld).toHaveTextContent('Your appeal was upheld: the decision is reversed.');
    expect(upheld).toHaveTextContent('Sent from another device.');
    expect(warning).toHaveTextContent('The time to appeal this decision (6 months) is over.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says what a hiding of messages or a removal of texts took (ADR 083), in French too', async () => {
    standingPass.set('the-pass');
    mockEndpoints({
      standing: {
        body: {
          standing: 'banned',
          until: null,
          statements: [
            aStatement({ decision: 'hide-messages', until: null }),
            aStatement({
              id: '00000000-0000-4000-8000-00000000d003',
              decision: 'remove-profile-text',
              until: null,
              profileTexts: ['bio', 'profession'],
            }),
          ],
        },
      },
    });
    await renderScreen(<StandingPage />, { route: '/fr/standing', language: 'fr' });
    const [hidden, removed] = await screen.findAllByRole('article');
    expect(hidden).toHaveTextContent(
      'Des messages que vous avez envoyés, masqués à leur destinataire',
    );
    expect(hidden).toHaveTextContent('ne sont plus montrés au membre qui les a reçus');
    expect(removed).toHaveTextContent(
      'Retiré de votre profil : votre présentation et votre profession. Une annulation ne le rend pas',
    );
  });

  it('asks to sign in again with a pass no longer valid', async () => {
    standingPass.set('an-old-pass');
    mockEndpoints({
      standing: {
        status: 403,
        body: anError('STANDING_PASS_INVALID', 'Please sign in again to read this.'),
      },
    });
    await renderScreen(<StandingPage />, { route: '/standing' });
    expect(await screen.findByText(/Sign in again to read the decision/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toBeVisible();
  });
});
