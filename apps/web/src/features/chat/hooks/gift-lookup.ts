import { createContext, useContext } from 'react';
import type { GiftLookup } from '../utils/gift-message.ts';

/** The gift catalogue as the app gives it to the chat (ChatPage's `gifts`), for the bubbles. */
export const GiftLookupContext = createContext<GiftLookup>(() => undefined);

export function useGiftLookup(): GiftLookup {
  return useContext(GiftLookupContext);
}
