import { SuggestionsPage } from '@/features/discovery/components/suggestions-page.tsx';
import { usePaymentDialogs } from '../payment-dialogs.tsx';
import { useSafetyDialogs } from '../safety-dialogs.tsx';

/**
 * A card's gift button opens the gift popup (payment-dialogs.tsx); the profile dialog's menu
 * the block and report dialogs (safety-dialogs.tsx).
 */
export function Component() {
  return <SuggestionsPage onGift={usePaymentDialogs().openGift} safety={useSafetyDialogs()} />;
}
