import { RegisterPage } from '@/features/register/components/register-page.tsx';

export function Component() {
  return <RegisterPage />;
}
