import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchMe } from '@/features/moderation/api/moderation-api.ts';
import { moderationKeys } from '@/lib/query-keys.ts';
import { session, useSession } from '@/lib/session.ts';

const photoOf = (url: string) => url.split('?')[0];
const expiryOf = (url: string) => Number(new URLSearchParams(url.split('?')[1]).get('e')) || 0;

/**
 * Later links to the same photos. A `/me` answer kept in the query cache can predate a photo
 * change saved since (the profile editor writes the session), so other photos are never taken
 * from it, nor links that expire sooner.
 */
function fresherLinks(kept: readonly string[], fetched: readonly string[]) {
  const samePhotos =
    kept.length === fetched.length &&
    kept.every((url, i) => photoOf(url) === photoOf(fetched[i] ?? ''));
  return samePhotos && fetched.some((url, i) => expiryOf(url) > expiryOf(kept[i] ?? ''));
}

/**
 * The member's own photo links kept with the session (the navbar's avatar) expire like every
 * photo link (ADR 019): each answer of `/me` the shell already asks for (the moderator check,
 * whose query this shares) puts the fresh links in their place.
 */
export function useFreshOwnPhotos() {
  const user = useSession()?.user ?? null;
  const memberId = user?.id ?? '';
  const { data } = useQuery({
    queryKey: moderationKeys.role(memberId),
    queryFn: ({ signal }) => fetchMe(signal),
    select: (me) => me.mediaUrls,
    enabled: memberId !== '',
    // As the moderator check asks: the links outlive this by far (an hour by default).
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (user && data && fresherLinks(user.mediaUrls ?? [], data)) {
      session.setUser({ ...user, mediaUrls: data });
    }
  }, [user, data]);
}
