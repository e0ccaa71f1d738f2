import { SuggestionsPage } from '@/features/discovery/components/suggestions-page.tsx';
import { usePaymentDialogs } from '../payment-dialogs.tsx';

/** A card's gift button opens the gift popup (payment-dialogs.tsx). */
export function Component() {
  return <SuggestionsPage onGift={usePaymentDialogs().openGift} />;
}
