import { useQuery } from '@tanstack/react-query';
import { useFirstScreenShown } from '@/lib/first-screen.ts';
import { moderationKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { fetchMe } from '../api/moderation-api.ts';

/** A role changes rarely (`npm run moderator` on the server): asked again every few minutes. */
const ROLE_STALE_MS = 5 * 60_000;

/**
 * Whether the signed-in member is a moderator, so the profile menu links them to the moderation
 * page. Only a hint for the interface: the server checks the role on every moderation call.
 */
export function useIsModerator(): boolean {
  const role = useRole();
  return role === 'moderator' || role === 'senior-moderator';
}

/** Whether the moderator may reverse decisions (ADR 076): a hint, the server checks it. */
export function useIsSeniorModerator(): boolean {
  return useRole() === 'senior-moderator';
}

function useRole() {
  const memberId = useSession()?.user?.id ?? '';
  const shown = useFirstScreenShown();
  const query = useQuery({
    queryKey: moderationKeys.role(memberId),
    queryFn: ({ signal }) => fetchMe(signal),
    select: (me) => me.role,
    // Nothing the first screen shows (ADR 055).
    enabled: memberId !== '' && shown,
    staleTime: ROLE_STALE_MS,
  });
  return query.data;
}
