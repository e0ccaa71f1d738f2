import { useMemo } from 'react';
import { calls, useInCall } from '@/features/calls/hooks/use-call.ts';
import { ChatPage } from '@/features/chat/components/chat-page.tsx';
import { useGifts } from '@/features/payments/hooks/use-payments.ts';
import { usePaymentDialogs } from '../payment-dialogs.tsx';
import { useSafetyDialogs } from '../safety-dialogs.tsx';

/**
 * The conversation header's
 * call buttons start calls through the tab's call machine: the chat feature only gets a
 * `calling` prop (features do not import each other), and the call layer mounted around every
 * member screen (shell-layout.tsx) shows the call it starts. Its gift button opens the gift
 * popup and gift messages get their names (as a sentence says them, with their article) and
 * pictures from the catalogue, in the member's language. Its menu opens the report, block and
 * unmatch dialogs (safety-dialogs.tsx).
 */
export function Component() {
  const inCall = useInCall();
  const { openGift, openSubscription } = usePaymentDialogs();
  const catalogue = useGifts().data;
  const gifts = useMemo(
    () => (number: number) => {
      const gift = catalogue?.find(({ id }) => id === number);
      return gift && { name: gift.inSentence, imageUrl: gift.imageUrl };
    },
    [catalogue],
  );
  return (
    <ChatPage
      calling={{ start: (peer, type) => calls.startCall(peer, type), inCall }}
      paying={{ gift: openGift, subscribe: openSubscription }}
      safety={useSafetyDialogs()}
      gifts={gifts}
    />
  );
}
