import type { PaymentOutcome } from '@mawadda/contract';
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, type MockInstance, vi } from 'vitest';
import { session } from '@/lib/session.ts';
import { mockEndpoints } from '@/test/api.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { AWA, BINTA, contact, logIn } from '../test/fixtures.ts';
import { PaymentReturnNotice } from './payment-return-notice.tsx';

/** Where the chat is, as the address bar shows it. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

async function comeBack(
  query: string,
  options: { language?: 'en' | 'fr'; onSubscribed?: () => void; page?: string } = {},
) {
  const page = options.page ?? '/chat';
  return renderScreen(
    <>
      <PaymentReturnNotice waitMs={0} onSubscribed={options.onSubscribed} />
      <Address />
    </>,
    { route: `${page}?${query}`, path: page, language: options.language ?? 'en' },
  );
}

const address = () => screen.getByRole('status', { name: 'Address' });
const posts = (api: MockInstance<typeof fetch>) =>
  api.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => `${url} ${init?.body ?? ''}`);

describe('Return from payment', () => {
  it('a paid gift: recorded once, the recipient’s conversation opens, the address is cleaned', async () => {
    logIn();
    const api = mockEndpoints({ sendGift: { body: { status: 'paid' } } });
    await comeBack(`success=true&giftId=3&receiverId=${AWA}`);
    await screen.findByText('Your gift has been sent.');
    expect(address()).toHaveTextContent(`/chat?userId=${AWA}`);
    expect(posts(api)).toEqual([`/api/gifts/send {"giftId":3,"receiverId":"${AWA}"}`]);
  });

  it('a gift paid but not delivered: says so, in English and in French, and opens no conversation', async () => {
    for (const [language, text] of [
      [
        'en',
        'Your payment went through, but the gift could not be delivered: this member is no longer available. We will refund you.',
      ],
      [
        'fr',
        "Votre paiement a bien été reçu, mais le cadeau n'a pas pu être remis : ce membre n'est plus disponible. Nous vous rembourserons.",
      ],
    ] as const) {
      logIn();
      mockEndpoints({ sendGift: { body: { status: 'undelivered' } } });
      const { unmount } = await comeBack(`success=true&giftId=3&receiverId=${AWA}`, { language });
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      await waitFor(() => expect(address()).toHaveTextContent(/\/chat$/));
      unmount();
    }
  });

  it('a payment still pending: says it is being confirmed and asks again', async () => {
    logIn();
    const answers: PaymentOutcome['status'][] = ['pending', 'pending', 'paid'];
    const api = mockEndpoints({
      sendGift: () => ({ body: { status: answers.shift() ?? 'paid' } }),
    });
    await comeBack(`success=true&giftId=1&receiverId=${AWA}`);
    await screen.findByText('Your gift has been sent.');
    expect(posts(api)).toHaveLength(3);
  });

  it('a payment the provider never settles: says it is still being confirmed', async () => {
    logIn();
    mockEndpoints({ sendGift: { body: { status: 'pending' } } });
    await comeBack(`success=true&giftId=1&receiverId=${AWA}`);
    await screen.findByText(/Your payment is still being confirmed/);
  });

  it('a cancelled gift: nothing was charged, nothing is asked, back to the conversation', async () => {
    logIn();
    const api = mockEndpoints({});
    await comeBack(`cancelled=gift&userId=${AWA}`);
    await screen.findByText('Payment cancelled: nothing was charged.');
    expect(address()).toHaveTextContent(`/chat?userId=${AWA}`);
    expect(api).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Payment cancelled: nothing was charged.')).not.toBeInTheDocument();
  });

  it('a cancelled plan says so in French', async () => {
    logIn();
    mockEndpoints({});
    await comeBack('cancelled=subscription', { language: 'fr' });
    await screen.findByText('Paiement annulé : rien n’a été prélevé.'.replace('’', "'"));
    expect(address()).toHaveTextContent(/^\/chat$/);
  });

  it('a paid plan: confirmed, the member asked again, then the last chat partner', async () => {
    logIn('me-1');
    const onSubscribed = vi.fn();
    const api = mockEndpoints({
      confirmSubscription: { body: { status: 'paid' } },
      chatContacts: {
        body: [contact(BINTA, 'Binta Sy'), contact(AWA, 'Awa Diop', '2026-11-25T08:00:00.000Z')],
      },
    });
    await comeBack('subscribed=true&plan=MONTHLY&userId=me-1', { onSubscribed });
    await screen.findByText('Your subscription is active. Thank you!');
    await waitFor(() => expect(address()).toHaveTextContent(`/chat?userId=${AWA}`));
    expect(posts(api)).toEqual(['/api/subscription/confirm?plan=MONTHLY ']);
    expect(onSubscribed).toHaveBeenCalledTimes(1);
  });

  it('mobile money: the plan comes from session storage, which is then emptied', async () => {
    logIn('me-1');
    session.pendingPlan.set('ANNUAL');
    const api = mockEndpoints({
      confirmSubscription: { body: { status: 'paid' } },
      chatContacts: { body: [] },
    });
    await comeBack('subscribed=true&token=abc');
    await screen.findByText('Your subscription is active. Thank you!');
    expect(posts(api)).toEqual(['/api/subscription/confirm?plan=ANNUAL ']);
    expect(session.pendingPlan.get()).toBeNull();
    expect(address()).toHaveTextContent(/^\/chat$/);
  });

  it('a paid plan started in a conversation: back to that conversation, not another', async () => {
    logIn('me-1');
    const api = mockEndpoints({ confirmSubscription: { body: { status: 'paid' } } });
    await comeBack(`userId=${AWA}&subscribed=true&plan=WEEKLY`, {
      page: '/fr/chat',
      language: 'fr',
    });
    await screen.findByText('Votre abonnement est actif. Merci !');
    expect(address()).toHaveTextContent(`/fr/chat?userId=${AWA}`);
    expect(posts(api)).toEqual(['/api/subscription/confirm?plan=WEEKLY ']);
    expect(api.mock.calls.map(([url]) => String(url))).not.toContain('/api/chat/contacts');
  });

  it('a plan cancelled on the profile page: back to it, told, nothing asked', async () => {
    logIn('me-1');
    const api = mockEndpoints({});
    await comeBack('cancelled=subscription', { page: '/mon-profil' });
    await screen.findByText('Payment cancelled: nothing was charged.');
    expect(address()).toHaveTextContent(/^\/mon-profil$/);
    expect(api).not.toHaveBeenCalled();
  });

  it('a gift paid from a suggestion’s card: recorded, and the member stays on the suggestions', async () => {
    logIn();
    const api = mockEndpoints({ sendGift: { body: { status: 'paid' } } });
    await comeBack(`success=true&giftId=8&receiverId=${AWA}`, { page: '/suggestions' });
    await screen.findByText('Your gift has been sent.');
    expect(address()).toHaveTextContent(/^\/suggestions$/);
    expect(posts(api)).toEqual([`/api/gifts/send {"giftId":8,"receiverId":"${AWA}"}`]);
  });

  it('a refusal is said in the member’s language', async () => {
    logIn();
    mockEndpoints({
      sendGift: {
        status: 404,
        body: { code: 'PAYMENT_NOT_FOUND', message: 'No payment was started for this purchase.' },
      },
    });
    await comeBack(`success=true&giftId=2&receiverId=${AWA}`, { language: 'fr' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Aucun paiement n'a été commencé pour cet achat.",
    );
  });

  it('an ordinary visit to /chat asks nothing', async () => {
    logIn();
    const api = mockEndpoints({});
    await comeBack(`userId=${AWA}`);
    expect(address()).toHaveTextContent(`/chat?userId=${AWA}`);
    expect(api).not.toHaveBeenCalled();
  });
});
