import type { CurrentUser } from '@mawadda/contract';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { aCurrentUser } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { logIn } from '../test/fixtures.ts';
import { SubscriptionSummary } from './subscription-summary.tsx';

const me = (subscription: CurrentUser['subscription']) => ({
  body: aCurrentUser({ id: 'me-0000', name: 'Moussa', subscription }),
});

describe('The subscription on /mon-profil', () => {
  it('shows the plan and its end date in French', async () => {
    logIn();
    mockEndpoints({
      currentUser: me({ plan: 'MONTHLY', endsAt: '2026-12-25T10:00:00.000Z' }),
    });
    await renderScreen(<SubscriptionSummary onChoosePlan={() => {}} />, { language: 'fr' });
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent(
      "Formule mensuelle, jusqu'au 25 décembre 2026",
    );
    expect(screen.getByRole('button', { name: 'Prolonger' })).toBeEnabled();
  });

  it('says when there is none, with a button to the plans', async () => {
    logIn();
    mockEndpoints({ currentUser: me(null) });
    const choose = vi.fn();
    await renderScreen(<SubscriptionSummary onChoosePlan={choose} />);
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('No subscription');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Choose a plan' }));
    expect(choose).toHaveBeenCalledTimes(1);
  });
});
