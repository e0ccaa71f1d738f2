import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page.tsx';

export function Component() {
  return <ForgotPasswordPage />;
}
