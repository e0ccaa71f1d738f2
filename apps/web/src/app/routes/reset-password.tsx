import { ResetPasswordPage } from '@/features/auth/components/reset-password-page.tsx';

export function Component() {
  return <ResetPasswordPage />;
}
