import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchMe, moderationKeys } from '@/features/moderation/api/moderation-api.ts';
import { session, useSession } from '@/lib/session.ts';

const sameUrls = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((url, i) => url === b[i]);

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
    if (user && data && !sameUrls(user.mediaUrls ?? [], data)) {
      session.setUser({ ...user, mediaUrls: data });
    }
  }, [user, data]);
}
