import { RegisterPage } from '@/features/register/components/register-page.tsx';
import { withQueries } from '../with-queries.tsx';

function RegisterRoute() {
  return <RegisterPage />;
}

export const Component = withQueries(RegisterRoute);
