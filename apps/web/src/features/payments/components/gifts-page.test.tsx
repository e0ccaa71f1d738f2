import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { AWA, BINTA, contact, gifts, logIn } from '../test/fixtures.ts';
import { checkoutRedirect } from '../utils/checkout-redirect.ts';
import { GiftsPage } from './gifts-page.tsx';

const card = (name: string) => screen.getByRole('article', { name });

describe('Gifts page', () => {
  it('shows each gift with its picture, name, description and price in dollars', async () => {
    logIn();
    const api = mockEndpoints({
      gifts: { body: gifts },
      chatContacts: { body: [] },
    });
    await renderScreen(<GiftsPage />, { route: '/gifts' });
    const tulips = await screen.findByRole('article', { name: 'Tulip bouquet' });
    expect(tulips).toHaveTextContent('Fresh tulips to brighten the day.');
    expect(tulips).toHaveTextContent('Price: $4.99');
    expect(tulips.querySelector('img')).toHaveAttribute('src', '/images/gifts/tulip-bouquet.svg');
    expect(card('Gold bracelet')).toHaveTextContent('$29.99');
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
    mockEndpoints({ gifts: { body: [] }, chatContacts: { body: [] } });
    await renderScreen(<GiftsPage />, { route: '/gifts' });

    await screen.findByText('There are no gifts to offer at the moment.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gifts');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('asks for a recipient before paying', async () => {
    logIn();
    const api = mockEndpoints({
      gifts: { body: gifts },
      chatContacts: { body: [contact(AWA, 'Awa Diop')] },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, { route: '/gifts' });
    await user.click(await screen.findByRole('button', { name: 'Send Tulip bouquet' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select a recipient and be logged in.',
    );
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says so in French too', async () => {
    logIn();
    mockEndpoints({
      gifts: { body: gifts },
      chatContacts: { body: [] },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, { route: '/gifts', language: 'fr' });
    await user.click(await screen.findByRole('button', { name: 'Envoyer Tulip bouquet' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Veuillez sélectionner un destinataire et être connecté.',
    );
    screen.getByText(/Vous n'avez pas encore de contacts/);
  });

  it('pays for the gift to the contact chosen: the checkout opens, the gift shows it is sending', async () => {
    logIn();
    const go = vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => {});
    const api = mockEndpoints({
      gifts: { body: gifts },
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
    await user.click(screen.getByRole('button', { name: 'Send Gold bracelet to Binta Sy' }));

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
      chatContacts: { body: [contact(AWA, 'Awa Diop')] },
      giftCheckout: {
        body: { id: 'cs_2', url: 'http://localhost/checkout/local/cs_2' },
      },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, { route: `/gifts?receiverId=${BINTA}`, path: '/gifts' });
    expect(await screen.findByLabelText('Recipient')).toHaveDisplayValue('The member you chose');
    await user.click(
      await screen.findByRole('button', { name: 'Send Tulip bouquet to The member you chose' }),
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
      await screen.findByRole('button', { name: 'Envoyer Tulip bouquet à Awa Diop' }),
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
      chatContacts: { body: [contact(AWA, 'Awa Diop')] },
      giftCheckout: { status: 500, body: {} },
    });
    const user = userEvent.setup();
    await renderScreen(<GiftsPage />, { route: `/gifts?receiverId=${AWA}`, path: '/gifts' });
    const send = await screen.findByRole('button', { name: 'Send Tulip bouquet to Awa Diop' });
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while sending the gift.',
    );
    expect(send).toBeEnabled();
  });
});
