import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { isKeptKey } from './query-keys.ts';
import { MEMBER_CACHE_KEY, session } from './session.ts';

/** Older answers are dropped rather than shown: a week-old list says little about today. */
export const MEMBER_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Saves are gathered: a screen loading several answers at once writes once. */
const SAVE_DELAY_MS = 1000;

type Answer = { queryKey: QueryKey; data: unknown; dataUpdatedAt: number };
type Saved = { member: string; savedAt: number; answers: Answer[] };

/**
 * What is kept: the last good answer (a later failed refresh keeps it) of each query under one of
 * the key roots `keptKeys` lists (lib/query-keys.ts, ADR 060). Mutations (logins and their tokens
 * among them) never are.
 */
function isKept(query: Query, member: string): boolean {
  return query.state.data !== undefined && isKeptKey(query.queryKey, member);
}

/**
 * Of a paged list, the first page only: offline it is enough to show, and back online the list
 * then reloads one page, as a fresh visit does, instead of every page scrolled through.
 */
function firstPageOnly(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('pages' in data)) return data;
  const { pages, pageParams } = data as { pages: unknown[]; pageParams: unknown[] };
  if (!Array.isArray(pages) || !Array.isArray(pageParams)) return data;
  return { pages: pages.slice(0, 1), pageParams: pageParams.slice(0, 1) };
}

function currentMember(): string | undefined {
  return session.get()?.user?.id;
}

function load(member: string): Saved | null {
  const store = session.area();
  let saved: Saved | null = null;
  try {
    saved = JSON.parse(store.getItem(MEMBER_CACHE_KEY) ?? 'null') as Saved | null;
  } catch {
    saved = null;
  }
  if (!saved) return null;
  if (
    saved.member !== member ||
    !Array.isArray(saved.answers) ||
    !(Date.now() - saved.savedAt < MEMBER_CACHE_MAX_AGE_MS)
  ) {
    store.removeItem(MEMBER_CACHE_KEY);
    return null;
  }
  return saved;
}

/**
 * Each answer comes back with its own load time, unless the cache already holds a newer one, and
 * marked stale: a screen shows it while its own answer is on its way (or offline), and asks the
 * server as it opens whatever the query's `staleTime`. Restored fresh, an answer kept seconds
 * before a reload hid the server's (a member who had blocked him still first in his suggestions,
 * an empty list of blocks after a block), and so on at every reload within that time.
 */
function restore(queryClient: QueryClient, saved: Saved) {
  for (const { queryKey, data, dataUpdatedAt } of saved.answers) {
    const held = queryClient.getQueryState(queryKey);
    if (held && held.dataUpdatedAt >= dataUpdatedAt) continue;
    queryClient.setQueryData(queryKey, data, { updatedAt: dataUpdatedAt });
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }
}

function save(queryClient: QueryClient, member: string) {
  if (currentMember() !== member) return;
  const answers: Answer[] = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => isKept(query, member))
    .map(({ queryKey, state }) => ({
      queryKey,
      data: firstPageOnly(state.data),
      dataUpdatedAt: state.dataUpdatedAt,
    }));
  const saved: Saved = { member, savedAt: Date.now(), answers };
  try {
    session.area().setItem(MEMBER_CACHE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the last copy that fitted stays, with its own load times.
  }
}

let current: { member: string; queryClient: QueryClient; leave: () => void } | undefined;

/**
 * The member's last answers, kept beside their session token (local storage, or session storage
 * when the session ends with the browser) so a reload without a connection shows what was last
 * loaded (ADR 010). On entering the member area: brings back this member's copy (another
 * member's, or one over a week old, is deleted unread), then saves the cache as it changes.
 * The cache belongs to one member: when the signed-in member changes (logout, an expired token,
 * another account, in this tab or another), saving stops and the query client empties, so the
 * next person never sees the last one's answers; `session.end` deletes the copy.
 */
export function keepMemberCache(queryClient: QueryClient): void {
  const member = currentMember();
  if (!member || (current?.member === member && current.queryClient === queryClient)) return;
  current?.leave();

  const saved = load(member);
  if (saved) restore(queryClient, saved);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    save(queryClient, member);
  };
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    const changed =
      event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success');
    if (changed && timer === undefined) timer = setTimeout(flush, SAVE_DELAY_MS);
  });
  // A page closed right after an answer arrived still keeps it.
  window.addEventListener('pagehide', flush);
  const stopSession = session.subscribe(() => {
    if (currentMember() !== member) leave();
  });
  function leave() {
    clearTimeout(timer);
    timer = undefined;
    stopCache();
    stopSession();
    window.removeEventListener('pagehide', flush);
    if (current?.member === member) current = undefined;
    queryClient.clear();
  }
  current = { member, queryClient, leave };
}
