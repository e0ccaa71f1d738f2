import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { AWA, BINTA, cardOnly, contact, gifts, logIn, offers } from '../test/fixtures.ts';
import { checkoutRedirect } from '../utils/checkout-redirect.ts';
import { GiftsPage } from './gifts-page.tsx';

const card = (name: string) => screen.getByRole('article', { name });

describe('Gifts page', () => {
  it('shows each gift with its picture, name, description and prices in dollars and FCFA', async () => {
    logIn();
    const api = mockEndpoints({
      gifts: { body: gifts },
      subscriptionPlans: { body: offers },
      chatContacts: { body: [] },
    });
    await renderScreen(<GiftsPage />, { route: '/gifts' });
    const tulips = await screen.findByRole('article', { name: 'Tulip bouquet' });
    expect(tulips).toHaveTextContent('Fresh tulips to brighten the day.');
    expect(tulips).toHaveTextContent('Price: $4.991,000 FCFA');
    expect(tulips.querySelector('img')).toHaveAttribute('src', '/images/gifts/tulip-bouquet.svg');
    expect(card('Gold bracelet')).toHaveTextContent('$29.995,000 FCFA');
    expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/gifts?lang=en');
  });

  it('says when the gifts cannot be loaded, and loads them on retry', async () => {
    logIn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockEndpoints({
      gifts: () =>
        fail
          ? { status: 500, body: { code: 'UNEXPECTED_ERROR', message: 'Unexpected server error' } }
          : { body: gifts },
      subscriptionPlans: { body: offers },
      chatContacts: { body: [] },
    });
    await renderScreen(<GiftsPage />, { route: '/gifts', language: 'fr' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Les cadeaux n'ont pas pu être chargés.",
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByRole('article', { name: 'Tulip bouquet' });
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });

  it('says so when there is no gift to offer, under the page heading', async () => {
    logIn();
    mockEndpoints({
      gifts: { body: [] },
      subscriptionPlans: { body: offers },
      chatContacts: { body: [] },
    });
    await renderScreen(<GiftsPage />, { route: '/gifts' });

    await screen.findByText('There are no gifts to offer at the moment.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gifts');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('asks for a recipient before paying', async () => {
    logIn();
    const api = mockEndpoints({
      gifts: { body: gifts },
      subscriptionPlans: { body: offers },
      chatContacts: { body: [contact(AWA, 'Awa Diop')] },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, { route: '/gifts' });
    await user.click(await screen.findByRole('button', { name: 'Send a tulip bouquet' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select a recipient and be logged in.',
    );
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says so in French too', async () => {
    logIn();
    mockEndpoints({
      gifts: { body: gifts },
      subscriptionPlans: { body: offers },
      chatContacts: { body: [] },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, { route: '/gifts', language: 'fr' });
    await user.click(await screen.findByRole('button', { name: 'Envoyer a tulip bouquet' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Veuillez sélectionner un destinataire et être connecté.',
    );
    screen.getByText(/Vous n'avez pas encore de contacts/);
  });

  it('pays for the gift to the contact chosen, by card where only cards are taken: the checkout opens, the gift shows it is sending', async () => {
    logIn();
    const go = vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => {});
    const api = mockEndpoints({
      gifts: { body: gifts },
      subscriptionPlans: { body: cardOnly },
      // As typed; the list of recipients shows the one display name.
      chatContacts: { body: [contact(AWA, 'awa DIOP'), contact(BINTA, 'BINTA sy')] },
      giftCheckout: {
        body: { id: 'cs_1', url: 'http://localhost/checkout/local/cs_1' },
      },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, { route: '/gifts' });
    await screen.findByRole('option', { name: 'Binta Sy' });
    await user.selectOptions(screen.getByLabelText('Recipient'), 'Binta Sy');
    await user.click(screen.getByRole('button', { name: 'Send a gold bracelet to Binta Sy' }));

    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/checkout/local/cs_1'));
    const [url, init] = api.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(url).toBe('/api/payment/create-checkout-session?lang=en&returnTo=%2Fgifts');
    expect(JSON.parse(String(init?.body))).toEqual({
      giftId: 4,
      giftName: 'Gold bracelet',
      amount: 2999,
      receiverId: BINTA,
    });
    const sending = within(card('Gold bracelet')).getByRole('button');
    expect(sending).toHaveTextContent('Sending…');
    expect(sending).toHaveAttribute('aria-busy', 'true');
    expect(within(card('Tulip bouquet')).getByRole('button')).toBeDisabled();
  });

  it('takes the member named in the address as the recipient, even when not a contact', async () => {
    logIn();
    vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => {});
    const api = mockEndpoints({
      gifts: { body: gifts },
      subscriptionPlans: { body: cardOnly },
      chatContacts: { body: [contact(AWA, 'Awa Diop')] },
      giftCheckout: {
        body: { id: 'cs_2', url: 'http://localhost/checkout/local/cs_2' },
      },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, { route: `/gifts?receiverId=${BINTA}`, path: '/gifts' });
    expect(await screen.findByLabelText('Recipient')).toHaveDisplayValue('The member you chose');
    await user.click(
      await screen.findByRole('button', { name: 'Send a tulip bouquet to The member you chose' }),
    );
    await vi.waitFor(() =>
      expect(
        api.mock.calls.some(
          ([, init]) => init?.method === 'POST' && String(init.body).includes(BINTA),
        ),
      ).toBe(true),
    );
  });

  it('pays in French: the checkout is to bring the member back to the French page', async () => {
    logIn();
    const go = vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => {});
    const api = mockEndpoints({
      gifts: { body: gifts },
      subscriptionPlans: { body: cardOnly },
      chatContacts: { body: [contact(AWA, 'Awa Diop')] },
      giftCheckout: {
        body: { id: 'cs_3', url: 'http://localhost/checkout/local/cs_3' },
      },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, {
      route: `/fr/gifts?receiverId=${AWA}`,
      path: '/fr/gifts',
      language: 'fr',
    });
    await user.click(
      await screen.findByRole('button', { name: 'Envoyer a tulip bouquet à Awa Diop' }),
    );
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/checkout/local/cs_3'));
    const [url] = api.mock.calls.find(([, init]) => init?.method === 'POST') ?? [];
    // Back to this page, in French, cancelled or paid.
    expect(url).toBe(
      `/api/payment/create-checkout-session?lang=fr&returnTo=${encodeURIComponent(`/gifts?receiverId=${AWA}`)}`,
    );
  });

  it('says the gift could not be sent when the server fails, and lets the member try again', async () => {
    logIn();
    mockEndpoints({
      gifts: { body: gifts },
      subscriptionPlans: { body: cardOnly },
      chatContacts: { body: [contact(AWA, 'Awa Diop')] },
      giftCheckout: { status: 500, body: {} },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, { route: `/gifts?receiverId=${AWA}`, path: '/gifts' });
    const send = await screen.findByRole('button', { name: 'Send a tulip bouquet to Awa Diop' });
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while sending the gift.',
    );
    expect(send).toBeEnabled();
  });

  it('asks how to pay where mobile money is taken: “Mobile money (FCFA)” names the operators and the price in FCFA', async () => {
    logIn();
    const go = vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => {});
    const api = mockEndpoints({
      gifts: { body: gifts },
      subscriptionPlans: { body: offers },
      chatContacts: { body: [contact(AWA, 'Awa Diop')] },
      paydunyaGiftCheckout: { body: { redirectUrl: 'https://paydunya.example/checkout/g1' } },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, { route: `/gifts?receiverId=${AWA}`, path: '/gifts' });
    await user.click(
      await screen.findByRole('button', { name: 'Send a gold bracelet to Awa Diop' }),
    );

    const step = screen.getByRole('region', { name: /How do you want to pay\?/ });
    expect(screen.getByRole('heading', { name: /How do you want to pay\?/ })).toHaveFocus();
    expect(step).toHaveTextContent('Gold bracelet for Awa Diop');
    expect(within(step).getByRole('radio', { name: /^Card/ }).closest('label')).toHaveTextContent(
      '$29.99, paid by card',
    );
    const mobile = within(step).getByRole('radio', { name: /^Mobile money \(FCFA\)/ });
    expect(mobile.closest('label')).toHaveTextContent(
      'Mobile money (FCFA)5,000 FCFA, paid with Orange Money, Wave, MTN Mobile Money, or Moov Money, as offered in your country',
    );
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(mobile);
    await user.click(within(step).getByRole('button', { name: 'Go to payment' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://paydunya.example/checkout/g1'));
    const [url, init] = api.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(url).toBe(
      `/api/gifts/paydunya/paydunya-session?lang=en&returnTo=${encodeURIComponent(`/gifts?receiverId=${AWA}`)}`,
    );
    expect(JSON.parse(String(init?.body))).toEqual({ giftId: 4, receiverId: AWA });
    expect(within(step).getByRole('button', { name: 'Opening the payment page…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('says it in French, and goes back to the gifts with the focus on the gift it left from', async () => {
    logIn();
    const api = mockEndpoints({
      gifts: { body: gifts },
      subscriptionPlans: { body: offers },
      chatContacts: { body: [contact(AWA, 'Awa Diop')] },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, {
      route: `/fr/gifts?receiverId=${AWA}`,
      path: '/fr/gifts',
      language: 'fr',
    });
    expect(await screen.findByRole('article', { name: 'Tulip bouquet' })).toHaveTextContent(
      'Prix : 4,99 $US1 000 FCFA',
    );
    await user.click(screen.getByRole('button', { name: 'Envoyer a tulip bouquet à Awa Diop' }));

    const step = screen.getByRole('region', { name: /Comment souhaitez-vous payer/ });
    expect(step).toHaveTextContent('Tulip bouquet pour Awa Diop');
    expect(
      within(step)
        .getByRole('radio', { name: /^Carte/ })
        .closest('label'),
    ).toHaveTextContent('4,99 $US, payé par carte');
    expect(
      within(step)
        .getByRole('radio', { name: /^Mobile money \(FCFA\)/ })
        .closest('label'),
    ).toHaveTextContent(
      'Mobile money (FCFA)1 000 FCFA, payé par Orange Money, Wave, MTN Mobile Money ou Moov Money, selon votre pays',
    );
    // Nothing chosen yet: no checkout can open.
    expect(within(step).getByRole('button', { name: 'Aller au paiement' })).toBeDisabled();

    await user.click(within(step).getByRole('button', { name: 'Retour' }));
    expect(screen.queryByRole('region', { name: /Comment souhaitez-vous payer/ })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Envoyer a tulip bouquet à Awa Diop' }),
    ).toHaveFocus();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
