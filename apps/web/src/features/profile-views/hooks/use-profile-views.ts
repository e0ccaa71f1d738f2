import type { ProfileViewEntry } from '@mawadda/contract';
import { useMarkSeen, useMemberList } from '@/hooks/use-member-list.ts';
import { profileViewsKeys } from '@/lib/query-keys.ts';
import { fetchProfileViews, markProfileViewsSeen } from '../api/profile-views-api.ts';

/** Who viewed my profile (docs/spec.md §2), asked again each time the page opens. */
export function useProfileViews() {
  return useMemberList({ keys: profileViewsKeys, load: fetchProfileViews, timeKey: 'viewedAt' });
}

/** Opening the page marks the views seen (POST mark-seen); `onSeen` clears the views badge. */
export function useMarkViewsSeen(
  query: { isSuccess: boolean; isFetchedAfterMount: boolean; data: ProfileViewEntry[] | undefined },
  onSeen: (() => void) | undefined,
) {
  useMarkSeen({
    query,
    mark: markProfileViewsSeen,
    onSeen,
    failure: '[profile views] marking views seen failed',
  });
}
