import type { PreferencesInput, UserDetails, UserSummary } from '@mawadda/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { discoveryKeys } from '@/lib/query-keys.ts';
import {
  fetchCurrentUser,
  fetchMemberDetails,
  fetchPreferences,
  fetchSuggestions,
  type SuggestionsPage,
  savePreferences,
} from './discovery-api.ts';

/** docs/spec.md §8: suggestion failures are only logged (the page still offers a small retry). */
function logged<T>(what: string, promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    if ((error as Error)?.name !== 'AbortError') console.error(`[discovery] ${what} failed`, error);
    throw error;
  });
}

/** The next page after a page; none once a page comes back empty (docs/spec.md §4). */
export function nextPageOf(last: SuggestionsPage): number | undefined {
  return last.content.length === 0 ? undefined : last.page + 1;
}

/**
 * Suggestions page by page. Pages never repeat anyone, but a member who moves while the walk is
 * under way may show twice (ADR 005): the flat list keeps the first.
 */
export function useSuggestions(stay?: string) {
  const query = useInfiniteQuery({
    // Under the suggestions' key, so saving the filters starts both lists again.
    queryKey: stay ? [...discoveryKeys.suggestions(), stay] : discoveryKeys.suggestions(),
    queryFn: ({ pageParam, signal }) =>
      logged(`suggestions page ${pageParam}`, fetchSuggestions(pageParam, signal, stay)),
    initialPageParam: 0,
    getNextPageParam: nextPageOf,
    // Refetching every loaded page on focus would reshuffle what the member is reading.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
  const pages = query.data?.pages;
  const members = useMemo(() => {
    const seen = new Set<string>();
    const list: UserSummary[] = [];
    for (const page of pages ?? []) {
      for (const member of page.content) {
        if (seen.has(member.id)) continue;
        seen.add(member.id);
        list.push(member);
      }
    }
    return list;
  }, [pages]);
  return { ...query, members };
}

/** One member's details; opening them records a profile view on the server. */
export function useMemberDetails(id: string | undefined) {
  return useQuery<UserDetails>({
    queryKey: discoveryKeys.details(id ?? ''),
    queryFn: ({ signal }) => fetchMemberDetails(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function usePreferences() {
  return useQuery({
    queryKey: discoveryKeys.preferences(),
    queryFn: ({ signal }) => logged('preferences', fetchPreferences(signal)),
    staleTime: 5 * 60_000,
  });
}

/**
 * The member's own gender, once the filters open: it decides which one-gender dealbreaker they
 * are offered (hijab for a man, beard for a woman). Null when the profile gives none yet.
 */
export function useOwnGender(memberId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: discoveryKeys.me(memberId ?? ''),
    queryFn: ({ signal }) => logged('own profile', fetchCurrentUser(signal)),
    enabled: enabled && Boolean(memberId),
    staleTime: 5 * 60_000,
    select: (user) => user.gender ?? null,
  });
}

/** Saves the filters, then the suggestions start again from page 0. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PreferencesInput) => savePreferences(preferences),
    onSuccess: async (saved) => {
      queryClient.setQueryData(discoveryKeys.preferences(), saved);
      await queryClient.resetQueries({ queryKey: discoveryKeys.suggestions() });
    },
  });
}
