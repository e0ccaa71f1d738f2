import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, type MockInstance, vi } from 'vitest';
import { session } from '@/lib/session.ts';
import { mockEndpoints } from '@/test/api.ts';
import { aCurrentUser } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { AWA, logIn, offers } from '../test/fixtures.ts';
import { checkoutRedirect } from '../utils/checkout-redirect.ts';
import { SubscriptionDialog } from './payment-dialogs.tsx';

/** The modal as the app opens it, from a button that gets the focus back. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Plans
      </button>
      <SubscriptionDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

async function openModal(language: 'en' | 'fr' = 'en', route = '/suggestions') {
  await renderScreen(<Opener />, { language, route, path: route.split('?')[0] });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Plans' }));
  const dialog = screen.getByRole('dialog');
  await within(dialog).findByRole('radio', { name: /Monthly|Mensuel/ });
  return { user, dialog };
}

const posts = (api: MockInstance<typeof fetch>) =>
  api.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => `${url} ${init?.body ?? ''}`);

describe('Subscription modal', () => {
  it('step 1 shows each plan with its price by card and by mobile money; a plan is needed', async () => {
    logIn();
    mockEndpoints({
      subscriptionPlans: { body: offers },
      currentUser: { body: aCurrentUser() },
    });
    const { user, dialog } = await openModal();
    expect(dialog).toHaveAccessibleName('Choose a plan');
    const monthly = within(dialog)
      .getByRole('radio', { name: /Monthly/ })
      .closest('label');
    expect(monthly).toHaveTextContent('30 days');
    expect(monthly).toHaveTextContent('$9.99');
    expect(monthly).toHaveTextContent('6,000 FCFA');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a plan first.');
    within(dialog).getByText('Step 1 of 2');
  });

  it('pays by card: step 2 lists the methods with the plan’s price, then the checkout opens', async () => {
    logIn('me-1');
    const go = vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => {});
    const api = mockEndpoints({
      subscriptionPlans: { body: offers },
      currentUser: { body: aCurrentUser() },
      subscriptionCheckout: {
        body: { id: 'cs_9', url: 'http://localhost/checkout/local/cs_9' },
      },
    });
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('radio', { name: /Monthly/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    within(dialog).getByText('Step 2 of 2');
    expect(within(dialog).getByRole('heading', { name: /How do you want to pay/ })).toHaveFocus();
    expect(within(dialog).getByRole('radio', { name: /Card/ }).closest('label')).toHaveTextContent(
      '$9.99, paid by card',
    );
    expect(
      within(dialog)
        .getByRole('radio', { name: /Mobile money/ })
        .closest('label'),
    ).toHaveTextContent(
      'Mobile money (FCFA)6,000 FCFA, paid with Orange Money, Wave, MTN Mobile Money, or Moov Money, as offered in your country',
    );
    await user.click(within(dialog).getByRole('radio', { name: /Card/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/checkout/local/cs_9'));
    expect(posts(api)).toEqual([
      '/api/subscription/create-subscription-session?plan=MONTHLY&userId=me-1&lang=en&returnTo=%2Fsuggestions ',
    ]);
  });

  it('pays by card in French: the checkout is to bring the member back to the French page', async () => {
    logIn('me-1');
    const go = vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => {});
    const api = mockEndpoints({
      subscriptionPlans: { body: offers },
      currentUser: { body: aCurrentUser() },
      subscriptionCheckout: {
        body: { id: 'cs_10', url: 'http://localhost/checkout/local/cs_10' },
      },
    });
    const { user, dialog } = await openModal('fr');
    await user.click(within(dialog).getByRole('radio', { name: /Mensuel/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('radio', { name: /Carte/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Aller au paiement' }));
    await vi.waitFor(() =>
      expect(go).toHaveBeenCalledWith('http://localhost/checkout/local/cs_10'),
    );
    expect(posts(api)).toEqual([
      '/api/subscription/create-subscription-session?plan=MONTHLY&userId=me-1&lang=fr&returnTo=%2Fsuggestions ',
    ]);
  });

  it('opened in a conversation, the checkout is to bring the member back to it, by card or mobile money', async () => {
    logIn('me-1');
    vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => {});
    const api = mockEndpoints({
      subscriptionPlans: { body: offers },
      currentUser: { body: aCurrentUser() },
      subscriptionCheckout: {
        body: { id: 'cs_11', url: 'http://localhost/checkout/local/cs_11' },
      },
      paydunyaCheckout: {
        body: { redirectUrl: 'https://paydunya.example/checkout/y' },
      },
    });
    const { user, dialog } = await openModal('fr', `/fr/chat?userId=${AWA}`);
    await user.click(within(dialog).getByRole('radio', { name: /Mensuel/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('radio', { name: /Carte/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Aller au paiement' }));
    await vi.waitFor(() => expect(posts(api)).toHaveLength(1));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Plans' }));
    const again = await screen.findByRole('dialog');
    await user.click(await within(again).findByRole('radio', { name: /Hebdomadaire/ }));
    await user.click(within(again).getByRole('button', { name: 'Suivant' }));
    await user.click(within(again).getByRole('radio', { name: /Mobile money/ }));
    await user.click(within(again).getByRole('button', { name: 'Aller au paiement' }));
    await vi.waitFor(() => expect(posts(api)).toHaveLength(2));
    const back = `returnTo=${encodeURIComponent(`/chat?userId=${AWA}`)}`;
    expect(posts(api)).toEqual([
      `/api/subscription/create-subscription-session?plan=MONTHLY&userId=me-1&lang=fr&${back} `,
      `/api/subscription/paydunya/paydunya-session?plan=WEEKLY&lang=fr&${back} {}`,
    ]);
  });

  it('shows the plan the member already has and until when, before they choose another', async () => {
    logIn('me-1');
    mockEndpoints({
      subscriptionPlans: { body: offers },
      currentUser: {
        body: aCurrentUser({
          subscription: { plan: 'MONTHLY', endsAt: '2026-12-22T10:00:00.000Z' },
        }),
      },
    });
    const { dialog } = await openModal('fr');
    expect(await within(dialog).findByTestId('current-plan')).toHaveTextContent(
      "Vous avez la formule mensuelle jusqu'au 22 décembre 2026.Une formule achetée maintenant commence à la fin de la vôtre : ses jours s'ajoutent après cette date.",
    );
  });

  it('says nothing of a plan to a member who has none', async () => {
    logIn('me-1');
    const api = mockEndpoints({
      subscriptionPlans: { body: offers },
      currentUser: { body: aCurrentUser({ subscription: null }) },
    });
    const { dialog } = await openModal();
    await vi.waitFor(() =>
      expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/users/me'),
    );
    expect(within(dialog).queryByTestId('current-plan')).not.toBeInTheDocument();
  });

  it('pays by mobile money: the plan waits in session storage, the return is this site', async () => {
    logIn();
    const go = vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => {});
    const api = mockEndpoints({
      subscriptionPlans: { body: offers },
      currentUser: { body: aCurrentUser() },
      paydunyaCheckout: {
        body: { redirectUrl: 'https://paydunya.example/checkout/x' },
      },
    });
    const { user, dialog } = await openModal('fr');
    await user.click(within(dialog).getByRole('radio', { name: /Hebdomadaire/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('radio', { name: /Mobile money/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Aller au paiement' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://paydunya.example/checkout/x'));
    expect(session.pendingPlan.get()).toBe('WEEKLY');
    expect(posts(api)).toEqual([
      '/api/subscription/paydunya/paydunya-session?plan=WEEKLY&lang=fr&returnTo=%2Fsuggestions {}',
    ]);
  });

  it('offers only the methods the server takes, and says when a payment fails', async () => {
    logIn();
    mockEndpoints({
      subscriptionPlans: { body: { ...offers, methods: ['mobile-money'] } },
      paydunyaCheckout: { status: 502, body: {} },
      currentUser: { body: aCurrentUser() },
    });
    const { user, dialog } = await openModal();
    expect(within(dialog).queryByText('$9.99')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Annual/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).queryByRole('radio', { name: /Card/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('PayDunya payment error');
    expect(session.pendingPlan.get()).toBeNull();
  });

  it('closes at any step with Escape, the focus back on what opened it', async () => {
    logIn();
    mockEndpoints({
      subscriptionPlans: { body: offers },
      currentUser: { body: aCurrentUser() },
    });
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('radio', { name: /Weekly/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plans' })).toHaveFocus();
  });
});
