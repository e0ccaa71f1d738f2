import type { PaymentOutcome } from '@mawadda/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { paymentsKeys } from '@/lib/query-keys.ts';
import { session } from '@/lib/session.ts';
import { translateError } from '@/lib/translate-error.ts';
import { confirmSubscription, fetchRecipients, sendGift } from '../api/payments-api.ts';
import { usePaymentsTranslation } from '../i18n.ts';
import { type PaymentReturn, pageOfReturn, readPaymentReturn } from '../utils/payment-return.ts';

/** A provider may tell us a moment after the member is back: asked again, a few times. */
export const PENDING_TRIES = 5;
const PENDING_WAIT_MS = 2000;

export type ReturnNotice = {
  tone: 'working' | 'success' | 'info' | 'error';
  text: string;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each return is handled once, even when React runs an effect twice in development. */
const handled = new WeakSet<PaymentReturn>();

/**
 * Coming back from a provider (docs/spec.md §4), to the page the checkout was started from or to
 * /chat. The address is cleaned at once (a reload runs nothing again), then the server is asked
 * what became of the payment:
 * - a gift: `POST /api/gifts/send`; back on /chat, the recipient's conversation opens (the gift
 *   message arrives there live);
 * - a plan: `POST /api/subscription/confirm`, the member is asked again; back on /chat, the
 *   conversation with the last chat partner opens if there is one;
 * - cancelled: nothing was charged, and the page says so.
 * A page of its own (a conversation, the profile page) stays as it was. "pending" (the provider
 * has not settled yet) is asked again a few times. `onSubscribed` lets the app refresh what
 * shows the member's subscription.
 */
export function usePaymentReturn({
  onSubscribed,
  waitMs = PENDING_WAIT_MS,
}: {
  onSubscribed?: (() => void) | undefined;
  waitMs?: number;
} = {}) {
  const { t } = usePaymentsTranslation();
  const { t: tAll } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const queryClient = useQueryClient();
  const [job] = useState(() => readPaymentReturn(location.search, session.pendingPlan.get()));
  // Where the member was, what the provider added left out; bare /chat is the spec's return.
  const [page] = useState(() =>
    job ? pageOfReturn(job, location, session.get()?.user?.id) : null,
  );
  const [notice, setNotice] = useState<ReturnNotice | null>(null);

  useEffect(() => {
    if (!job || !page || handled.has(job)) return;
    handled.add(job);
    const chat = (userId: string) => localized(`/chat?userId=${encodeURIComponent(userId)}`);
    const started = page === '/chat' ? null : localized(page);

    async function settle(ask: () => Promise<PaymentOutcome>): Promise<PaymentOutcome['status']> {
      for (let tries = 1; ; tries += 1) {
        const { status } = await ask();
        if (status !== 'pending' || tries >= PENDING_TRIES) return status;
        setNotice({ tone: 'info', text: t('return.pending') });
        await wait(waitMs);
      }
    }

    const outcomeNotice = (status: PaymentOutcome['status'], paid: string): ReturnNotice => {
      if (status === 'paid') return { tone: 'success', text: paid };
      // A gift paid for after its receiver stopped being reachable: never delivered, owed back.
      if (status === 'undelivered') return { tone: 'error', text: t('return.giftUndelivered') };
      if (status === 'pending') return { tone: 'info', text: t('return.stillPending') };
      if (status === 'cancelled') return { tone: 'info', text: t('return.cancelled') };
      return { tone: 'error', text: t('return.failed') };
    };

    const refusal = (error: unknown, fallback: string): ReturnNotice => ({
      tone: 'error',
      text: (error instanceof ApiError ? translateError(tAll, error.body) : undefined) ?? fallback,
    });

    async function run(current: PaymentReturn) {
      if (current.kind === 'cancelled') {
        if (current.what === 'subscription') session.pendingPlan.clear();
        navigate(started ?? localized('/chat'), { replace: true });
        setNotice({ tone: 'info', text: t('return.cancelled') });
        return;
      }
      if (current.kind === 'gift') {
        navigate(started ?? chat(current.receiverId), { replace: true });
        setNotice({ tone: 'working', text: t('return.giftWorking') });
        try {
          const status = await settle(() => sendGift(current.giftId, current.receiverId));
          // The receiver is out of the giver's reach: their conversation would not open either.
          if (status === 'undelivered') navigate(localized('/chat'), { replace: true });
          setNotice(outcomeNotice(status, t('return.giftSent')));
        } catch (error) {
          setNotice(refusal(error, t('gifts.sendError')));
        }
        return;
      }
      navigate(started ?? localized('/chat'), { replace: true });
      setNotice({ tone: 'working', text: t('return.subscriptionWorking') });
      try {
        const status = await settle(() => confirmSubscription(current.plan));
        if (status !== 'pending') session.pendingPlan.clear();
        setNotice(outcomeNotice(status, t('return.subscribed')));
        if (status !== 'paid') return;
        await queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
        onSubscribed?.();
        if (started) return;
        const partner = (await fetchRecipients().catch(() => [])).find((c) => c.lastMessageTime);
        if (partner) navigate(chat(partner.id), { replace: true });
      } catch (error) {
        console.error('[payments] Échec de la confirmation de l’abonnement', error);
        setNotice(refusal(error, t('return.subscriptionError')));
      }
    }
    void run(job);
  }, [job, page, localized, navigate, queryClient, t, tAll, waitMs, onSubscribed]);

  return { notice, dismiss: () => setNotice(null) };
}
