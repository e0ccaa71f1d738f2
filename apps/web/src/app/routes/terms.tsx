import { LegalPage } from '@/features/legal/legal-page.tsx';

export function Component() {
  return <LegalPage document="terms" />;
}
