import { useParams } from 'react-router';
import { UserDetailsPage } from '@/features/discovery/components/user-details-page.tsx';

export function Component() {
  const { id = '' } = useParams();
  return <UserDetailsPage id={id} />;
}
