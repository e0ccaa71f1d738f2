import { useLocation } from 'react-router';

/**
 * Where a member was when they opened the terms or the privacy policy, carried in the link's
 * navigation state, so the page can lead back there instead of to the registration.
 */
export type ReturnState = { from: string };

/** The in-app path a page was opened from, or null (typed address, new tab, forged state). */
export function returnPathOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  // Only a path of this app: never `//elsewhere` or `https://…`.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/**
 * The state for a link to a legal page: here, or, from one legal page to the other, the place
 * the first one was opened from.
 */
export function useReturnState(): ReturnState {
  const { pathname, search, state } = useLocation();
  return { from: returnPathOf(state) ?? `${pathname}${search}` };
}
