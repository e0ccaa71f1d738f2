import type { Statement } from '@mawadda/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { DecisionsPage } from './decisions-page.tsx';

const refused: Statement = {
  id: '00000000-0000-4000-8000-00000000d002',
  decision: 'verification-refused',
  decidedAt: '2026-12-01T10:00:00.000Z',
  rule: 'be-yourself',
  fact: 'selfie-unclear',
  detail: '',
  until: null,
  reversed: false,
  appealUntil: '2027-06-02T10:00:00.000Z',
  appeal: null,
  profileTexts: [],
};

describe('the decisions about a member’s account', () => {
  it('shows each statement of reasons and sends the appeal with the session, in French', async () => {
    const sent: Array<{ body: unknown; authorization: string | null }> = [];
    mockEndpoints({
      statements: { body: [refused] },
      appeal: ({ body, headers }) => {
        sent.push({ body, authorization: headers.get('authorization') });
        return {
          status: 201,
          body: {
            ...refused,
            appealUntil: null,
            appeal: {
              filedAt: '2026-12-01T12:00:00.000Z',
              text: 'Mon visage était bien éclairé.',
              answerBy: '2026-12-08T12:00:00.000Z',
              outcome: null,
              answer: null,
              answeredAt: null,
            },
          },
        };
      },
    });
    await renderScreen(<DecisionsPage />, { route: '/decisions', language: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Décisions concernant votre compte' }),
    ).toBeVisible();
    const statement = await screen.findByRole('article', {
      name: 'Votre selfie de vérification refusé',
    });
    expect(statement).toHaveTextContent(
      'Votre selfie de vérification ne montrait pas clairement votre visage dans la pose demandée.',
    );
    const user = userEvent.setup();
    await user.type(within(statement).getByRole('textbox'), 'Mon visage était bien éclairé.');
    await user.click(within(statement).getByRole('button', { name: /recours|appel/i }));
    expect(await within(statement).findByText('Mon visage était bien éclairé.')).toBeVisible();
    expect(sent).toEqual([
      { body: { text: 'Mon visage était bien éclairé.' }, authorization: null },
    ]);
  });

  it('says when there is none', async () => {
    mockEndpoints({ statements: { body: [] } });
    await renderScreen(<DecisionsPage />, { route: '/decisions' });
    expect(await screen.findByText('No decision about your account.')).toBeVisible();
  });
});
