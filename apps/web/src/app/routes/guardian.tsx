import { useParams } from 'react-router';
import { GuardianPage } from '@/features/guardians/components/guardian-page.tsx';
import { withQueries } from '../with-queries.tsx';

/** A guardian's page (ADR 045): no login, outside the app shell; the link's token is the key. */
function GuardianRoute() {
  return <GuardianPage token={useParams().token ?? ''} />;
}

export const Component = withQueries(GuardianRoute);
