import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { GiftRecipient } from '@/features/payments/components/gift-chooser.tsx';
import { realtime } from '@/lib/realtime/realtime-client.ts';

/** Both dialogs load with their first opening, never with the login route. */
const GiftDialog = lazy(() =>
  import('@/features/payments/components/payment-dialogs.tsx').then((module) => ({
    default: module.GiftDialog,
  })),
);
const SubscriptionDialog = lazy(() =>
  import('@/features/payments/components/payment-dialogs.tsx').then((module) => ({
    default: module.SubscriptionDialog,
  })),
);

type PaymentDialogs = {
  /** The gift popup, for one member (the chat header, a suggestion's card). */
  openGift: (recipient: GiftRecipient) => void;
  /** The subscription modal: the profile menu, /mon-profil, and every SUBSCRIPTION_REQUIRED. */
  openSubscription: () => void;
};

const PaymentDialogsContext = createContext<PaymentDialogs>({
  openGift: () => {},
  openSubscription: () => {},
});

/**
 * The gift popup and the subscription modal, over every member screen: features open them
 * through `usePaymentDialogs` given by their route (features do not import each other). A call
 * the server refuses for want of a subscription opens the modal too.
 */
export function PaymentDialogsProvider({ children }: { children: ReactNode }) {
  const [recipient, setRecipient] = useState<GiftRecipient | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const [loaded, setLoaded] = useState({ gift: false, subscription: false });

  const openSubscription = useCallback(() => {
    setLoaded((was) => ({ ...was, subscription: true }));
    setSubscribing(true);
  }, []);
  const value = useMemo<PaymentDialogs>(
    () => ({
      openGift: (next) => {
        setLoaded((was) => ({ ...was, gift: true }));
        setRecipient(next);
      },
      openSubscription,
    }),
    [openSubscription],
  );

  useEffect(
    () =>
      // The broker's refusal of a free member's call (apps/server calls.service).
      realtime.onRefusal(({ code }) => {
        if (code === 'SUBSCRIPTION_REQUIRED') openSubscription();
      }),
    [openSubscription],
  );

  return (
    <PaymentDialogsContext.Provider value={value}>
      {children}
      {loaded.gift ? (
        <Suspense fallback={null}>
          <GiftDialog recipient={recipient} onClose={() => setRecipient(null)} />
        </Suspense>
      ) : null}
      {loaded.subscription ? (
        <Suspense fallback={null}>
          <SubscriptionDialog open={subscribing} onClose={() => setSubscribing(false)} />
        </Suspense>
      ) : null}
    </PaymentDialogsContext.Provider>
  );
}

export function usePaymentDialogs(): PaymentDialogs {
  return useContext(PaymentDialogsContext);
}
