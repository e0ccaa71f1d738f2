import type { PaymentMethod, SubscriptionPlan } from '@mawadda/contract';
import { titleCase } from '@mawadda/contract/text';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paymentsKeys } from '@/lib/query-keys.ts';
import { session, useSession } from '@/lib/session.ts';
import {
  type CheckoutReturn,
  fetchGifts,
  fetchMe,
  fetchPlans,
  fetchRecipients,
  startCardCheckout,
  startGiftCheckout,
  startMobileMoneyCheckout,
  startMobileMoneyGiftCheckout,
} from '../api/payments-api.ts';
import { usePaymentsTranslation } from '../i18n.ts';
import { checkoutRedirect } from '../utils/checkout-redirect.ts';
import { returnPathHere } from '../utils/payment-return.ts';

// One module for the feature's queries and checkouts: every chunk name is listed in the first
// route's preload map, so the payments code is cut in as few chunks as its screens allow.

/**
 * A checkout button stays busy once the member is on their way to the provider; coming back with
 * the browser's back button restores the page from its cache as it was, so it is made usable again.
 */
function useResetWhenRestored(reset: () => void) {
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);
}

/**
 * The language the member reads: the gift catalogue's, and the one a checkout brings them back
 * in. The resolved one, as a browser's `fr-FR` is shown in French.
 */
function useLanguage(): 'en' | 'fr' {
  const { i18n } = usePaymentsTranslation();
  return i18n.resolvedLanguage === 'fr' ? 'fr' : 'en';
}

/** Back from a checkout started here: to this page, in the member's language. */
function useCheckoutReturn(): CheckoutReturn {
  return { lang: useLanguage(), returnTo: returnPathHere(useLocation()) };
}

/** The gift catalogue in the member's language; it changes with a release, not during a visit. */
export function useGifts() {
  const language = useLanguage();
  return useQuery({
    queryKey: paymentsKeys.gifts(language),
    queryFn: ({ signal }) => fetchGifts(language, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Whom a gift may go to from the gifts page: the member's contacts, newest first, named as every
 * screen names members.
 */
export function useRecipients(enabled: boolean) {
  const me = useSession()?.user?.id ?? '';
  return useQuery({
    queryKey: paymentsKeys.recipients(me),
    queryFn: ({ signal }) => fetchRecipients(signal),
    select: (contacts) => contacts.map((c) => ({ ...c, name: titleCase(c.name) })),
    enabled,
  });
}

/**
 * Paying for a gift: the server opens a checkout, by card or mobile money, and the member goes
 * there; they come back to this page in their language (payment-return) either way. The gift
 * stays "sending" until the page is left.
 */
export function useGiftCheckout() {
  const back = useCheckoutReturn();
  const mutation = useMutation({
    mutationFn: async ({
      gift,
      receiverId,
      method,
    }: {
      gift: { id: number; name: string; price: number };
      receiverId: string;
      method: PaymentMethod;
    }) => {
      checkoutRedirect.go(
        method === 'card'
          ? (await startGiftCheckout(gift, receiverId, back)).url
          : (await startMobileMoneyGiftCheckout(gift.id, receiverId, back)).redirectUrl,
      );
    },
  });
  useResetWhenRestored(mutation.reset);
  return mutation;
}

/** The plans and the methods the server takes now. */
export function usePlans() {
  return useQuery({ queryKey: paymentsKeys.plans(), queryFn: ({ signal }) => fetchPlans(signal) });
}

/** The methods the server takes now, for a gift as for a plan: the plans' answer says them. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: paymentsKeys.plans(),
    queryFn: ({ signal }) => fetchPlans(signal),
    select: (offers) => offers.methods,
  });
}

/** The member's running subscription (or null), asked again whenever a screen shows it. */
export function useMySubscription() {
  const me = useSession()?.user?.id ?? '';
  return useQuery({
    queryKey: paymentsKeys.me(me),
    queryFn: ({ signal }) => fetchMe(signal),
    select: (user) => user.subscription,
    staleTime: 0,
  });
}

/**
 * Paying for a plan: by card, the server's checkout; by mobile money, PayDunya's, with the plan
 * kept in session storage (`pendingPaymentPlan`). Either brings the member back to this page.
 */
export function useSubscriptionCheckout() {
  const back = useCheckoutReturn();
  const mutation = useMutation({
    mutationFn: async ({ plan, method }: { plan: SubscriptionPlan; method: PaymentMethod }) => {
      if (method === 'card') {
        const { url } = await startCardCheckout(plan, session.get()?.user?.id, back);
        checkoutRedirect.go(url);
        return;
      }
      session.pendingPlan.set(plan);
      try {
        const { redirectUrl } = await startMobileMoneyCheckout(plan, back);
        checkoutRedirect.go(redirectUrl);
      } catch (error) {
        session.pendingPlan.clear();
        throw error;
      }
    },
  });
  useResetWhenRestored(mutation.reset);
  return mutation;
}
