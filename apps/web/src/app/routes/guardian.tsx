import { useParams } from 'react-router';
import { GuardianPage } from '@/features/guardians/components/guardian-page.tsx';

/** A guardian's page (ADR 045): no login, outside the app shell; the link's token is the key. */
export function Component() {
  return <GuardianPage token={useParams().token ?? ''} />;
}
