import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page.tsx';
import { withQueries } from '../with-queries.tsx';

function ForgetRoute() {
  return <ForgotPasswordPage />;
}

export const Component = withQueries(ForgetRoute);
