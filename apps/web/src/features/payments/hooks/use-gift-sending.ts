import type { Gift, PaymentMethod } from '@mawadda/contract';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { session } from '@/lib/session.ts';
import { translateError } from '@/lib/translate-error.ts';
import { usePaymentsTranslation } from '../i18n.ts';
import { useGiftCheckout } from './use-payments.ts';

/**
 * Sending a gift to `to`: with one payment method the checkout opens at once; with more, the
 * method step replaces the cards (`paying`), its heading taking the focus, and going back
 * returns the focus to the gift's own send button. A refusal is said in `error`.
 */
export function useGiftSending({
  to,
  offered,
}: {
  to: { id: string; name: string } | null;
  offered: PaymentMethod[];
}) {
  const { t } = usePaymentsTranslation();
  const { t: tAll } = useTranslation();
  const checkout = useGiftCheckout();
  const [error, setError] = useState<string | null>(null);
  // The gift waiting for its payment method, and the method chosen for it.
  const [paying, setPaying] = useState<Gift | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const methodHeading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const sendButtonId = (gift: Gift) => `${ids}-send-${gift.id}`;
  const sendingId = checkout.isPending || checkout.isSuccess ? checkout.variables?.gift.id : null;

  const pay = (gift: Gift, chosen: PaymentMethod) => {
    if (!to) {
      setError(t('gifts.recipientRequired'));
      return;
    }
    setError(null);
    checkout.mutate(
      { gift, receiverId: to.id, method: chosen },
      {
        onError: (failure) =>
          setError(
            (failure instanceof ApiError ? translateError(tAll, failure.body) : undefined) ??
              t('gifts.sendError'),
          ),
      },
    );
  };

  const send = (gift: Gift) => {
    if (!to || !session.token()) {
      setError(t('gifts.recipientRequired'));
      return;
    }
    const [only, ...others] = offered;
    if (!only) {
      setError(t('method.none'));
      return;
    }
    if (others.length === 0) {
      pay(gift, only);
      return;
    }
    // The step replaces the cards: the focus goes to its heading, so a screen reader hears it.
    flushSync(() => {
      setError(null);
      setMethod(null);
      setPaying(gift);
    });
    methodHeading.current?.focus();
  };

  /** Back to the cards, the focus on the gift's button it left from. */
  const backToGifts = (gift: Gift) => {
    flushSync(() => {
      setError(null);
      setPaying(null);
    });
    document.getElementById(sendButtonId(gift))?.focus();
  };

  return {
    error,
    setError,
    paying,
    method,
    setMethod,
    methodHeading,
    methodHeadingId: `${ids}-method`,
    sendButtonId,
    sendingId,
    send,
    pay,
    backToGifts,
  };
}
