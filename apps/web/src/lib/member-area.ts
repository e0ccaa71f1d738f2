import type { QueryClient } from '@tanstack/react-query';
import { keepMemberCache } from './member-cache.ts';
import { session } from './session.ts';
import { askOtherTabs, shareSessionWithTabs } from './session-tabs.ts';

/** A member enters: their screens get back their last answers for offline use (ADR 010), and this tab shares its session with the next ones. */
function enter(queryClient: QueryClient): true {
  keepMemberCache(queryClient);
  shareSessionWithTabs();
  return true;
}

let asked: { token: string | null; answer: Promise<boolean> } | undefined;

/**
 * Whether the member area opens (its own chunk: the first route carries none of this): true at
 * once for a member. A tab opened without a session first asks the open tabs for theirs, once
 * while it has none: the answer is a promise (React's `use` suspends the member area on it),
 * false for a visitor.
 */
export function enterMemberArea(queryClient: QueryClient): true | Promise<boolean> {
  if (session.get()) return enter(queryClient);
  const token = session.token();
  if (asked?.token !== token) {
    asked = {
      token,
      answer: askOtherTabs().then(() => (session.get() ? enter(queryClient) : false)),
    };
  }
  return asked.answer;
}
