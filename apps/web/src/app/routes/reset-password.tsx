import { ResetPasswordPage } from '@/features/auth/components/reset-password-page.tsx';
import { withQueries } from '../with-queries.tsx';

function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}

export const Component = withQueries(ResetPasswordRoute);
