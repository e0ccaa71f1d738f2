import { useParams } from 'react-router';
import { UserDetailsPage } from '@/features/discovery/components/user-details-page.tsx';
import { memberLikes } from '@/features/likes/components/member-likes.ts';
import { useSafetyDialogs } from '../safety-dialogs.tsx';

/**
 * The profile's menu opens the block and report dialogs (safety-dialogs.tsx); its Lovely is the
 * likes feature's.
 */
export function Component() {
  const { id = '' } = useParams();
  return <UserDetailsPage id={id} safety={useSafetyDialogs()} likes={memberLikes} />;
}
