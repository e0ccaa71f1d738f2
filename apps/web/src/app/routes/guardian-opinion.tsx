import { useParams } from 'react-router';
import { FamilyOpinionPage } from '@/features/guardians/components/family-opinion-page.tsx';
import { withQueries } from '../with-queries.tsx';

/** A guardian's page for an opinion on a match (ADR 078): no login, outside the app shell. */
function GuardianOpinionRoute() {
  return <FamilyOpinionPage token={useParams().token ?? ''} />;
}

export const Component = withQueries(GuardianOpinionRoute);
