import type { QueryClient } from '@tanstack/react-query';
import { keepMemberCache } from './member-cache.ts';
import { session } from './session.ts';
import { askOtherTabs, shareSessionWithTabs } from './session-tabs.ts';

/**
 * Entering the member area (its own chunk: the first route carries none of this). A tab opened
 * without a session first asks the open tabs for theirs; a member's screens then get back their
 * last answers for offline use (ADR 010), and this tab shares its session with the next ones.
 * False for a visitor.
 */
async function enterMemberArea(queryClient: QueryClient): Promise<boolean> {
  if (!session.get()) await askOtherTabs();
  if (!session.get()) return false;
  keepMemberCache(queryClient);
  shareSessionWithTabs();
  return true;
}

let entry: { token: string | null; entered: Promise<boolean> } | undefined;

/**
 * `enterMemberArea`, once for the session: the same promise for every render of the member area
 * (React's `use` suspends on it) until the session changes.
 */
export function memberAreaEntry(queryClient: QueryClient): Promise<boolean> {
  const token = session.token();
  if (entry?.token !== token) entry = { token, entered: enterMemberArea(queryClient) };
  return entry.entered;
}
