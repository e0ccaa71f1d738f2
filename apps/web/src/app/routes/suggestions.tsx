import { SuggestionsPage } from '@/features/discovery/components/suggestions-page.tsx';
import { memberLikes } from '@/features/likes/components/member-likes.ts';
import { usePaymentDialogs } from '../payment-dialogs.tsx';
import { useSafetyDialogs } from '../safety-dialogs.tsx';

/**
 * A card's gift button opens the gift popup (payment-dialogs.tsx); the profile dialog's menu
 * the block and report dialogs (safety-dialogs.tsx); the cards' and the dialog's like is the
 * likes feature's.
 */
export function Component() {
  return (
    <SuggestionsPage
      onGift={usePaymentDialogs().openGift}
      safety={useSafetyDialogs()}
      likes={memberLikes}
    />
  );
}
