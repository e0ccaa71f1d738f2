import type { PlanOffers } from '@mawadda/contract';
import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '@/lib/realtime/realtime-client.ts';
import { session } from '@/lib/session.ts';
import { mockEndpoints } from '@/test/api.ts';
import { FakeStompClient } from '@/test/fake-stomp-client.ts';
import { aCurrentUser } from '@/test/fixtures.ts';
import { renderScreen, screen } from '@/test/render.tsx';
import { PaymentDialogsProvider, usePaymentDialogs } from './payment-dialogs.tsx';

vi.mock(
  '@stomp/stompjs',
  async () => (await import('@/test/fake-stomp-client.ts')).fakeStompModule,
);

const offers: PlanOffers = {
  plans: [{ plan: 'MONTHLY', days: 30, usdCents: 999, xof: 6000 }],
  methods: ['card'],
};
const gifts = [
  {
    id: 2,
    name: 'Plush elephant',
    inSentence: 'a plush elephant',
    description: 'A soft elephant.',
    price: 399,
    xof: 2000,
    imageUrl: '/images/gifts/plush-elephant.svg',
  },
];

/** A member screen that opens the gift popup, as the chat header does. */
function Screen() {
  const { openGift } = usePaymentDialogs();
  return (
    <button type="button" onClick={() => openGift({ id: 'awa', name: 'Awa Diop' })}>
      Gift
    </button>
  );
}

async function signedIn() {
  session.start('token-1');
  realtime.start();
  await waitFor(() => expect(FakeStompClient.instances).toHaveLength(1));
  act(() => FakeStompClient.latest().open());
  await renderScreen(
    <PaymentDialogsProvider>
      <Screen />
    </PaymentDialogsProvider>,
  );
  return FakeStompClient.latest();
}

beforeEach(() => {
  FakeStompClient.instances = [];
});

afterEach(() => {
  realtime.stop();
  session.end();
});

describe('the payment dialogs over the member screens', () => {
  it('open the plans on a call refused for want of a subscription, by its code, not on other refusals', async () => {
    mockEndpoints({
      subscriptionPlans: { body: offers },
      currentUser: { body: aCurrentUser() },
    });
    const broker = await signedIn();
    act(() => broker.fail('CALL_NOT_ALLOWED'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => broker.open());
    act(() => broker.fail('SUBSCRIPTION_REQUIRED', 1008, 'Calls are for subscribers.'));
    // The dialogs' chunk is imported on the first opening: slower than the rest here.
    const plans = await screen.findByRole('dialog', { name: 'Choose a plan' }, { timeout: 5000 });
    expect(await screen.findByRole('radio', { name: /Monthly/ })).toBeEnabled();
    expect(plans).toHaveTextContent('$9.99');
  });

  it('open the gift popup for the member a screen names', async () => {
    mockEndpoints({ gifts: { body: gifts }, subscriptionPlans: { body: offers } });
    await signedIn();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Gift' }));
    await screen.findByRole('dialog', { name: 'A gift for Awa Diop' }, { timeout: 5000 });
    expect(
      await screen.findByRole('button', { name: 'Send a plush elephant to Awa Diop' }),
    ).toBeEnabled();
  });
});
